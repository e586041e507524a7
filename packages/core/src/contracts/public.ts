import { z } from '../zod.ts';
import { oficioEvidenceSchema } from './oficio.ts';
import { CHANNEL_NAMES, type Channel, STATUS_LABELS, type StatusType } from './statuses.ts';

/** Texts of the public recipient pages (spec 002 §8). */
export const PUBLIC_MSG = {
  notFound: 'Desculpe, mas não foi possível encontrar o e-mail solicitado.',
  invalidAnswer: 'A resposta informada não é válida',
  mustVerify: 'Você deve realizar uma verificação!',
  accepted: 'Obrigado pela confirmação!',
  downloadError: 'Houve um erro ao fazer o download dos anexos',
  tooManyAnswers: 'Muitas respostas incorretas. Aguarde alguns minutos e tente novamente.',
  /** POST …/resposta/{uuid}: the right answer; the browser now holds the answer cookie (docs/security-answer.md). */
  answerAccepted: 'Resposta confirmada.',
  linkNotFound: 'Link não encontrado.',
  linkRefused: 'Este link não leva a um endereço da web (http ou https) e não pode ser aberto.',
  /** Validar carimbo (spec 002 §8): the certificate's name in 'Erro ao validar carimbo do …', and the missing-data cases. */
  stampError: (what: string) => `Erro ao validar carimbo do ${what}`,
  stampNotFound: 'Carimbo não encontrado',
  hashNotFound: 'Hash não encontrado',
  whatsappStampNotFound: 'Carimbo do WhatsApp não encontrado',
  whatsappHashNotFound: 'Hash do WhatsApp não encontrado',
} as const;

/** AR-Voz's public recording (docs/voice.md, spec 002 §7 /email/public/voz/{uuid}). */
export const PUBLIC_VOICE_MSG = {
  noRecording: 'A gravação desta chamada ainda não está disponível.',
} as const;

/** GET /email/public/voz/{uuid}: the recording's download link, with what identifies it. */
export const publicVoiceSchema = z.object({
  link: z.string(),
  numero: z.string(),
  status: z.string().nullable(),
  sha256: z.string(),
  gravadaEm: z.string(),
  duracaoSegundos: z.number().nullable(),
});
export type PublicVoice = z.infer<typeof publicVoiceSchema>;

/** GET /emails/info/public/track-conteudo-link-externo/{x}: where the tracked link goes, and its host to show. */
export const trackedLinkSchema = z.object({ url: z.string(), host: z.string() });
export type TrackedLink = z.infer<typeof trackedLinkSchema>;

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

const channelSchema = z.enum(Object.keys(CHANNEL_NAMES) as [Channel, ...Channel[]]);
const publicStatusEntry = z.object({
  type: z.enum(Object.keys(STATUS_LABELS) as [StatusType, ...StatusType[]]),
  label: z.string(),
  color: z.string(),
  dateTime: z.string(),
});

/** A certificate block of spec 002 §3: when, the RFC 3161 token, the signed hash and the trail. */
export const certificateBlockSchema = z.object({
  ocorridoEm: z.string(),
  /** The time-stamp token (DER, base64); null while the stamp is still on its way. */
  carimbo: z.string().nullable(),
  hashAssinado: z.string(),
  carimbadoEm: z.string().nullable(),
  tsa: z.string().nullable(),
  /** The sending block's trail (processed, send, delivered). */
  trilhaAuditoria: z.array(z.string()).optional(),
  /** The reading blocks' trail (the recipient's reads, clicks, downloads, acceptance) and the address of the read. */
  trilhaLeitura: z.array(z.string()).optional(),
  ipLeitura: z.string().nullable().optional(),
});
export type CertificateBlock = z.infer<typeof certificateBlockSchema>;

/** The certificates of a phone channel (spec 002 §3 dataProviderWhatsApp, and the SMS's equivalent): sending and delivery, reading, reply. */
export const phoneCertificatesSchema = z.object({
  envioEntrega: certificateBlockSchema.nullable(),
  leitura: certificateBlockSchema.nullable(),
  resposta: certificateBlockSchema.nullable(),
});
export type PhoneCertificates = z.infer<typeof phoneCertificatesSchema>;

/** A reply of the recipient on a phone channel: its text, when, and whether it was the WhatsApp button. */
export const publicReplySchema = z.object({ texto: z.string(), dateTime: z.string(), tipo: z.enum(['answered', 'acknowledged']) });
export type PublicReply = z.infer<typeof publicReplySchema>;

const channelErrorSchema = z.object({ reasonFailure: z.string(), dateSend: z.string() });

/**
 * One of the recipient's actions with its place, shown when the sender lets the page show
 * geolocation: the public page's Rastreamento tab and the sent detail's tracking panel (its map).
 * Every read, open, click, download, acceptance and reply recorded is listed; one made by a program
 * (an image proxy, a link checker: docs/reads.md) is marked `automatico` and counts as no read.
 */
export const clickTrackingSchema = z.object({
  date: z.string(),
  /** The channel it came by (the e-mail's page, the SMS's or WhatsApp's link). */
  canal: channelSchema,
  ip: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  position: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  url: z.string().nullable(),
  acao: z.enum(['leitura', 'abertura', 'clique', 'download', 'aceite', 'resposta']),
  /** Made by a program, not a person (docs/reads.md): evidence that counts as no read. */
  automatico: z.boolean(),
});
export type ClickTracking = z.infer<typeof clickTrackingSchema>;

/** An attachment as the recipient sees it, with when it was first downloaded by a person. */
export const publicAttachmentSchema = z.object({
  originalFilename: z.string(),
  uuidFilename: z.string(),
  size: z.number().int(),
  track: z.object({ date: z.string().nullable() }),
});
export type PublicAttachment = z.infer<typeof publicAttachmentSchema>;

/** GET /v2/emails/info/public/{uuid}: the public detail of one message (spec 002 §3). */
export const publicMessageSchema = z.object({
  codeEmail: z.string(),
  /** Some of its evidence came from the demo mode's simulators: the page says so (SIMULATED_NOTICE). */
  simulado: z.boolean(),
  protocolo: z.number().int(),
  subject: z.string(),
  remetente: z.string(),
  destinatario: z.string(),
  content: z.string(),
  /** A legal notice's fields (spec 001 §2.12), shown in the Resumo tab; null for other messages. */
  oficio: oficioEvidenceSchema.nullable(),
  dataEnviada: z.string().nullable(),
  horaEnviada: z.string().nullable(),
  dataEntrega: z.string().nullable(),
  horaEntrega: z.string().nullable(),
  dataLeitura: z.string().nullable(),
  horaLeitura: z.string().nullable(),
  dataLeituraUTC: z.string().nullable(),
  /** AR-SMS (spec 002 §2, §3): the number, the text sent, the current status, the failure, the replies and the certificates; null/empty without an SMS. */
  numberSMS: z.string().nullable(),
  messageSMS: z.string().nullable(),
  statusSMS: publicStatusEntry.nullable(),
  hasErrorSMS: z.boolean(),
  sms_error: channelErrorSchema.nullable(),
  respostasSMS: z.array(publicReplySchema),
  dataProviderSMS: phoneCertificatesSchema.nullable(),
  /** AR-WhatsApp, likewise (spec 002 §3 numberWhatsapp, statusWhatsapp, hasErrorWhatsapp, dataProviderWhatsApp). */
  numberWhatsapp: z.string().nullable(),
  messageWhatsapp: z.string().nullable(),
  statusWhatsapp: publicStatusEntry.nullable(),
  hasErrorWhatsapp: z.boolean(),
  whatsapp_error: channelErrorSchema.nullable(),
  respostasWhatsApp: z.array(publicReplySchema),
  dataProviderWhatsApp: phoneCertificatesSchema.nullable(),
  /**
   * AR-Voz (spec 002 §3 Voice details; docs/voice.md): the number called, whether the call failed,
   * and the recording's page (/emails/info/public/voz/{uuid}) once it was recorded, with its SHA-256.
   */
  numberVoz: z.string().nullable(),
  /** The call's current status (the furthest reached; its steps, like the recording, are not statuses). */
  statusVoz: publicStatusEntry.nullable(),
  voz_error: channelErrorSchema.nullable(),
  linkVoz: z.string().nullable(),
  gravacaoVozSha256: z.string().nullable(),
  /**
   * The call's certificates, built like the SMS's from the call's own events: envioEntrega (the call
   * completed, else answered; the trail lists every event of the call, its tries and its recording),
   * resposta (the key pressed: 1 confirms). A call has no reading: leitura is null.
   */
  dataProviderVoz: phoneCertificatesSchema.nullable(),
  /** AR-Carta (spec 002 §3 Letter details): the letter's current status (its steps on the way are not statuses); null without a letter. */
  statusCarta: publicStatusEntry.nullable(),
  attachments: z.array(publicAttachmentSchema),
  emailResultSendStatus: z.enum(['sucesso', 'falha', 'pendente']),
  email_error: z.object({ reasonFailure: z.string(), dateSend: z.string() }).nullable(),
  visualizarGeolocalizacao: z.boolean(),
  origemMessage: z.string(),
  customPage: z.object({ customTitle: z.string(), customFavicon: z.string().nullable() }),
  hashConteudo: z.string().nullable(),
  /** The statuses of each channel that has any (a person's actions only: docs/reads.md). */
  statusFull: z.partialRecord(channelSchema, z.array(publicStatusEntry)),
  timeline: z.array(z.object({ type: z.string(), date: z.string(), status: z.string() })),
  detalhesEnvioEntrega: certificateBlockSchema.nullable(),
  detalhesLeitura: certificateBlockSchema.nullable(),
  detalhesAceite: certificateBlockSchema.nullable(),
  clickTracking: z.array(clickTrackingSchema),
  aceito: z.boolean(),
});
export type PublicMessage = z.infer<typeof publicMessageSchema>;

/** GET …/track-email/{x} (not pixel.gif): the page's read was recorded, and how it was classified (docs/reads.md). */
export const pageReadResponse = z.object({
  registrado: z.literal(true),
  classificacao: z.enum(['pessoa', 'proxy-de-imagens', 'verificador-de-links', 'automatico']),
});
export type PageReadResponse = z.infer<typeof pageReadResponse>;

/** GET /v2/status-connectivity: the server and its database answer. */
export const connectivityResponse = z.object({ status: z.literal('ok'), time: z.string() });
export type ConnectivityResponse = z.infer<typeof connectivityResponse>;

/** GET /v2/config: the installation's public settings the interface uses before and after sign-in. */
export const publicConfigResponse = z.object({
  storeUrl: z.string(),
  /** Demo mode (the simulators on, no SMTP_URL): the local mailbox exists at /dev/mailbox. */
  mailbox: z.boolean(),
  productName: z.string(),
  supportEmail: z.string(),
  /** Channels besides e-mail that this installation can send through. */
  channels: z.object({ sms: z.boolean(), whatsapp: z.boolean(), voz: z.boolean(), carta: z.boolean() }),
  /** How one signs in (docs/access.md): the password form (LOCAL_LOGIN) and/or single sign-on with its button's text. */
  signIn: z.object({ password: z.boolean(), sso: z.object({ label: z.string() }).nullable() }),
  /**
   * Where the web reports its errors (SENTRY_DSN_WEB, default SENTRY_DSN; docs/error-reporting.md):
   * a Sentry DSN holds only a public key, made to be read by browsers. null: nothing is reported.
   */
  errorReporting: z.object({ dsn: z.string(), environment: z.string(), release: z.string() }).nullable(),
  /** The tracking map's tiles (MAP_TILES_URL, an XYZ template) and credit; tilesUrl null: the shipped basemap (docs/maps.md). */
  map: z.object({ tilesUrl: z.string().nullable(), attribution: z.string().nullable() }),
});
export type PublicConfigResponse = z.infer<typeof publicConfigResponse>;

/** POST /v2/client-errors: the report reached the server's log. */
export const clientErrorResponse = z.object({ ok: z.literal(true) });
export type ClientErrorResponse = z.infer<typeof clientErrorResponse>;

/** The public calls' keys: a message's (or an attachment's) secret uuid from the link the recipient received. */
export const publicUuidParams = z.object({ uuid: z.string().max(64) });
/** …/track-email/{x}, …/track-sms/{x}, …/track-whatsapp/{x} and …/track-accept-email/{x}: x names what was opened (pixel.gif, leitura, aceite). */
export const publicTrackParams = publicUuidParams.extend({ x: z.string().max(40) });
export const trackedLinkParams = z.object({ lnk: z.string().max(64) });
/** What the public page's browser says about itself with each call (language, screen, time zone): declared, not read. */
export const browserInfoQuery = z
  .object({ idioma: z.string().max(200).optional(), tela: z.string().max(200).optional(), fuso: z.string().max(200).optional() })
  .passthrough();
/**
 * The security answer, when the message has a question (the spec's `verify`, kept for links that
 * carry it; the product's own page sends the answer cookie instead, docs/security-answer.md); the page's
 * client info goes along and is not read.
 */
export const publicVerifyQuery = browserInfoQuery.extend({ verify: z.string().max(200).optional() });
/** POST /emails/info/public/resposta/{uuid}: the answer typed on the verify page, in the body. */
export const publicAnswerBody = z.object({
  verify: z.string({ error: 'Informe a resposta.' }).trim().min(1, 'Informe a resposta.').max(200, 'Use até 200 caracteres.'),
});
export type PublicAnswerBody = z.infer<typeof publicAnswerBody>;

/** POST /v2/client-errors: what the browser saw fail. */
export const clientErrorBody = z.object({
  message: z.string().max(2000),
  requestId: z.string().max(100).optional(),
  url: z.string().max(500).optional(),
});
