import type { Channel, StatusEntry } from './emails.ts';
import type { OficioEvidence } from './oficio.ts';

/** Texts of the public recipient pages (spec 002 §8). */
export const PUBLIC_MSG = {
  notFound: 'Desculpe, mas não foi possível encontrar o e-mail solicitado.',
  invalidAnswer: 'A resposta informada não é válida',
  mustVerify: 'Você deve realizar uma verificação!',
  accepted: 'Obrigado pela confirmação!',
  downloadError: 'Houve um erro ao fazer o download dos anexos',
  tooManyAnswers: 'Muitas respostas incorretas. Aguarde alguns minutos e tente novamente.',
  linkNotFound: 'Link não encontrado.',
  linkRefused: 'Este link não leva a um endereço da web (http ou https) e não pode ser aberto.',
} as const;

/** GET /emails/info/public/track-conteudo-link-externo/{x}: where the tracked link goes, and its host to show. */
export interface TrackedLink {
  url: string;
  host: string;
}

/**
 * The address a tracked link may lead to: http:// is prefixed when the scheme is missing (spec 002
 * §2), and only http and https are followed; anything else (javascript:, data:, file:, a host that
 * does not parse) answers null. Shared by the server, which refuses, and the page, which checks again.
 */
export function trackedLinkTarget(stored: string): TrackedLink | null {
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(stored) ? stored : `http://${stored}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) return null;
  return { url, host: parsed.host };
}

/** The prefix of a 403 that sends the visitor to the security question (spec 002 §4). */
export const NOT_VERIFY = 'not verify';

/** A certificate block of spec 002 §3: when, the RFC 3161 token, the signed hash and the trail. */
export interface CertificateBlock {
  ocorridoEm: string;
  /** The time-stamp token (DER, base64); null while the stamp is still on its way. */
  carimbo: string | null;
  hashAssinado: string;
  carimbadoEm: string | null;
  tsa: string | null;
  trilhaAuditoria?: string[];
  trilhaLeitura?: string[];
  ipLeitura?: string | null;
}

export interface ClickTracking {
  date: string;
  ip: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  position: { lat: number; lng: number } | null;
  url: string | null;
  acao: 'leitura' | 'clique' | 'download' | 'aceite';
}

/** GET /v2/emails/info/public/{uuid}: the public detail of one message (spec 002 §3). */
export interface PublicMessage {
  codeEmail: string;
  protocolo: number;
  subject: string;
  remetente: string;
  destinatario: string;
  content: string;
  /** A legal notice's fields (spec 001 §2.12), shown in the Resumo tab; null for other messages. */
  oficio: OficioEvidence | null;
  dataEnviada: string | null;
  horaEnviada: string | null;
  dataEntrega: string | null;
  horaEntrega: string | null;
  dataLeitura: string | null;
  horaLeitura: string | null;
  dataLeituraUTC: string | null;
  numberSMS: string | null;
  messageSMS: string | null;
  attachments: { originalFilename: string; uuidFilename: string; size: number; track: { date: string | null } }[];
  emailResultSendStatus: 'sucesso' | 'falha' | 'pendente';
  email_error: { reasonFailure: string; dateSend: string } | null;
  visualizarGeolocalizacao: boolean;
  origemMessage: string;
  customPage: { customTitle: string; customFavicon: string | null };
  hashConteudo: string | null;
  statusFull: Partial<Record<Channel, StatusEntry[]>>;
  timeline: { type: string; date: string; status: string }[];
  detalhesEnvioEntrega: CertificateBlock | null;
  detalhesLeitura: CertificateBlock | null;
  detalhesAceite: CertificateBlock | null;
  clickTracking: ClickTracking[];
  aceito: boolean;
}
