import { RECEIVED_MSG, type ReceivedDetailQuery, type ReceivedEmail, type ReceivedListQuery, type ReceivedListResponse } from '@ar/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB, ReceivedAttachmentRef } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import { findOwnReceived, findOwnSentCode, listReceived, markViewed } from './received.queries.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
const publicAttachment = ({ sha256: _, ...a }: ReceivedAttachmentRef) => a;

/** GET /emails/received: the user's received messages, 25 a page by code descending. */
export async function receivedList(ctx: AppContext, actor: Actor, q: ReceivedListQuery): Promise<ReceivedListResponse> {
  const { rows, pagination } = await listReceived(ctx.db, actor.usu_codigo, q);
  return {
    emailsData: rows.map((r) => ({
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
    })),
    pagination,
  };
}

/**
 * GET /emails/received/{id}: one received message of the user (404 for anyone else's). The first
 * opening marks it read and keeps who opened it, when, and the browser and place the screen sent.
 */
export async function receivedDetail(
  ctx: AppContext,
  actor: Actor,
  id: number,
  q: ReceivedDetailQuery,
  request: { ip: string; userAgent?: string },
): Promise<ReceivedEmail> {
  const row = await findOwnReceived(ctx.db, actor.usu_codigo, id);
  if (!row) throw notFound(RECEIVED_MSG.notFound);
  if (!row.rec_data_visualizacao) {
    const viewedAt = await markViewed(ctx.db, id, {
      usu_codigo: actor.usu_codigo,
      usu_login: actor.usu_login,
      ip: request.ip,
      userAgent: request.userAgent?.slice(0, 500) ?? null,
      informado: q,
    });
    row.rec_data_visualizacao = viewedAt ?? new Date();
  }
  return {
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
    attachments: row.rec_attachments.attachments.map(publicAttachment),
    replyBase: { ema_uni_codigo: row.cod_email_reply_base, ema_uni_id: row.ema_uni_id, ema_uni_subject: row.ema_uni_subject },
  };
}

/** GET /email/attachments/{codEmail}/{uuid}?path=: an attachment of the user's own received message. */
export async function openReceivedAttachment(ctx: AppContext, actor: Actor, id: number, uuid: string, path: string) {
  const row = await findOwnReceived(ctx.db, actor.usu_codigo, id);
  const ref = row?.rec_attachments.attachments.find((a) => a.uuidFilename === uuid && a.pathS3 === path);
  const file = ref ? await ctx.storage.open(ref.pathS3) : null;
  if (!ref || !file) throw notFound('Anexo não encontrado.');
  return { ref, file };
}

/**
 * The reply fields of a compose payload (POST /emails/send): codEmailReply must be a received
 * message of the same user (404 otherwise), and codEmailReplyBase, when given, the AR-Email that
 * message answers (400 otherwise); it is filled in from the received message when absent. A base
 * alone must be the user's own sent message.
 */
export async function resolveReply(
  db: Kysely<DB>,
  usu: number,
  codEmailReply: number | null | undefined,
  codEmailReplyBase: number | null | undefined,
): Promise<{ codEmailReply: number | null; codEmailReplyBase: number | null }> {
  if (codEmailReply) {
    const received = await findOwnReceived(db, usu, codEmailReply);
    if (!received) throw notFound(RECEIVED_MSG.notFound);
    if (codEmailReplyBase && codEmailReplyBase !== received.cod_email_reply_base) throw badRequest(RECEIVED_MSG.replyBaseMismatch);
    return { codEmailReply, codEmailReplyBase: received.cod_email_reply_base };
  }
  if (codEmailReplyBase) {
    if (!(await findOwnSentCode(db, usu, codEmailReplyBase))) throw notFound('Mensagem não encontrada.');
    return { codEmailReply: null, codEmailReplyBase };
  }
  return { codEmailReply: null, codEmailReplyBase: null };
}
