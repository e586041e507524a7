import { z } from '../zod.ts';
import { listQuerySchema, pagedResponse } from './common.ts';

/** Texts of spec 001 §8 for the received messages. */
export const RECEIVED_MSG = {
  listError: 'Houve um erro ao obter os emails recebidos',
  getError: 'Houve um erro ao obter o email recebido',
  notFound: 'Mensagem recebida não encontrada.',
  replyBaseMismatch: 'A mensagem respondida não corresponde ao AR-Email original.',
} as const;

/** Sortable columns of the received list (spec 001 §2.8: ID, De, Assunto, Criado, Recebido em). */
export const RECEIVED_COLUMNS = ['ema_uni_codigo', 'from', 'ema_uni_subject', 'ema_uni_data_criacao', 'data_entrega'] as const;

/**
 * GET /emails/received: 25 a page by code descending (spec 001 §9). searchTerm matches the ID,
 * the sender (address or name), the subject, or a date typed dd/mm/aaaa (created or received).
 */
export const receivedListQuery = listQuerySchema({
  columns: RECEIVED_COLUMNS,
  defaultColumn: 'ema_uni_codigo',
  defaultOrder: 'DESC',
  defaultLimit: 25,
  maxLimit: 100,
});
export type ReceivedListQuery = z.output<typeof receivedListQuery>;

const optionalText = (max: number) => z.string().trim().max(max).optional();
const optionalNumber = z.coerce.number().finite().optional().catch(undefined);

/**
 * GET /emails/received/{id}: the browser info and geo-IP the screen knows (all optional), kept
 * with the first opening of the message as who read it and from where.
 */
export const receivedDetailQuery = z.object({
  browser: optionalText(200),
  browserVersion: optionalText(50),
  os: optionalText(100),
  device: optionalText(100),
  ip: optionalText(64),
  city: optionalText(120),
  state: optionalText(120),
  country: optionalText(120),
  lat: optionalNumber,
  lng: optionalNumber,
});
export type ReceivedDetailQuery = z.output<typeof receivedDetailQuery>;

/** One attachment of a received message; `pathS3` goes back as ?path= to download it. */
export const receivedAttachment = z.object({
  originalFilename: z.string(),
  uuidFilename: z.string(),
  pathS3: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type ReceivedAttachment = z.output<typeof receivedAttachment>;

/** A row of the received list (spec 001 §3 "Received email"). Dates are ISO 8601 (UTC). */
export const receivedEmailSummary = z.object({
  ema_uni_codigo: z.number().int(),
  from: z.string(),
  nameFrom: z.string(),
  to: z.string(),
  ema_uni_subject: z.string(),
  /** When the sender wrote it (its Date header; the arrival when it has none). */
  ema_uni_data_criacao: z.string(),
  /** When it arrived here. */
  data_entrega: z.string(),
  hasViewed: z.boolean(),
  hasAttachments: z.boolean(),
  /** The AR-Email it answers (ema_uni_codigo of the sent message). */
  ema_uni_cod_email_reply_base: z.number().int(),
});
export type ReceivedEmailSummary = z.output<typeof receivedEmailSummary>;

export const receivedListResponse = pagedResponse('emailsData', receivedEmailSummary);
export type ReceivedListResponse = z.output<typeof receivedListResponse>;

/** GET /emails/received/{id}: the row plus the sanitised body and the attachments. */
export const receivedEmail = receivedEmailSummary.extend({
  /** HTML, sanitised: no scripts, forms, remote images or styles; links open apart (rel=noopener). */
  ema_uni_content: z.string(),
  /** The plain-text part, when the message had one. */
  ema_uni_text: z.string(),
  attachments: z.array(receivedAttachment),
  /** Subject and protocol of the AR-Email it answers, for the 'Responder' panel. */
  replyBase: z.object({ ema_uni_codigo: z.number().int(), ema_uni_id: z.string(), ema_uni_subject: z.string() }),
});
export type ReceivedEmail = z.output<typeof receivedEmail>;
