import type { ReceivedEmail, ReceivedEmailSummary } from '@ar/core';
import type { ReceivedAttachmentRef } from '../../db/schema.ts';
import type { findOwnReceived, listReceived } from './received.queries.ts';

type ListRow = Awaited<ReturnType<typeof listReceived>>['rows'][number];
type DetailRow = NonNullable<Awaited<ReturnType<typeof findOwnReceived>>>;

const iso = (d: Date | string) => new Date(d).toISOString();
/** An attachment as the screen gets it: without its hash (the evidence keeps it). */
const presentAttachment = ({ sha256: _, ...a }: ReceivedAttachmentRef) => a;

/** A row of the received list (spec 001 §3 "Received email"). */
export const presentReceivedRow = (r: ListRow): ReceivedEmailSummary => ({
  ema_uni_codigo: r.rec_codigo,
  from: r.rec_from,
  nameFrom: r.rec_name_from,
  to: r.rec_to,
  ema_uni_subject: r.rec_subject,
  ema_uni_data_criacao: iso(r.rec_data_criacao),
  data_entrega: iso(r.rec_data_recebimento),
  hasViewed: r.rec_data_visualizacao !== null,
  hasAttachments: Number(r.attachmentCount) > 0,
  ema_uni_cod_email_reply_base: r.cod_email_reply_base,
});

/** One received message, opened (so viewed), with its sanitised body, attachments and the AR-Email it answers. */
export const presentReceived = (row: DetailRow): ReceivedEmail => ({
  ema_uni_codigo: row.rec_codigo,
  from: row.rec_from,
  nameFrom: row.rec_name_from,
  to: row.rec_to,
  ema_uni_subject: row.rec_subject,
  ema_uni_content: row.rec_content,
  ema_uni_text: row.rec_text,
  ema_uni_data_criacao: iso(row.rec_data_criacao),
  data_entrega: iso(row.rec_data_recebimento),
  hasViewed: true,
  hasAttachments: row.rec_attachments.attachments.length > 0,
  ema_uni_cod_email_reply_base: row.cod_email_reply_base,
  attachments: row.rec_attachments.attachments.map(presentAttachment),
  replyBase: { ema_uni_codigo: row.cod_email_reply_base, ema_uni_id: row.ema_uni_id, ema_uni_subject: row.ema_uni_subject },
});
