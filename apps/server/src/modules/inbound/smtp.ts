/** The SMTP side of inbound mail (docs/inbound.md): the envelope, the refusals and the reply texts. */

/**
 * A refusal with its SMTP reply. Texts are Portuguese in US-ASCII (no accents): RFC 5321 reply
 * text is ASCII unless the client asked for SMTPUTF8, and remote servers quote it in their bounces.
 */
export class SmtpRefusal extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const SMTP_TEXT = {
  unknownAddress: '5.1.1 Endereco desconhecido',
  noOriginal: '5.1.1 Nenhum AR-Email corresponde a esta mensagem',
  malformed: '5.6.0 Mensagem malformada: estrutura MIME ilegivel',
  noHeaders: '5.6.0 Mensagem malformada: sem cabecalhos',
  noSender: '5.6.0 Mensagem malformada: sem remetente (From)',
  notAReport: '5.6.0 Mensagem nao reconhecida como aviso de entrega (RFC 3464) ou devolucao',
  tooBig: (limit: number) => `5.3.4 Mensagem excede o tamanho maximo de ${limit} bytes`,
  tooManyConnections: '4.7.0 Muitas conexoes deste endereco; tente novamente mais tarde',
  busy: '4.7.0 Servidor ocupado; tente novamente mais tarde',
  tooManyMessages: '4.7.1 Muitas mensagens deste endereco; tente novamente mais tarde',
  tooManyRecipients: '4.5.3 Destinatarios demais nesta mensagem',
  internal: '4.3.0 Falha temporaria ao processar a mensagem; tente novamente mais tarde',
  accepted: '2.0.0 Mensagem recebida',
  duplicate: '2.0.0 Mensagem ja recebida',
  reportNoted: '2.0.0 Aviso de entrega registrado',
} as const;

export interface InboundEnvelope {
  /** MAIL FROM ('' for the null sender of a bounce). */
  mailFrom: string;
  rcptTo: string[];
  remoteAddress: string;
  clientHostname?: string;
}

/** The raw message as received: its SHA-256 (the key of a repeated delivery) and size. */
export interface StoredRaw {
  sha256: string;
  size: number;
}
