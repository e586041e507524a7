import { RECEIVED_MSG, type ReceivedDetailQuery, type ReceivedListQuery } from '@ar/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { findOwnReceived, findOwnSentCode, listReceived, markViewed } from './received.queries.ts';

/** GET /emails/received: the user's received messages, 25 a page by code descending (presentReceivedRow). */
export const receivedList = (ctx: AppContext, scope: TenantScope, q: ReceivedListQuery) => listReceived(ctx.db, scope, q);

/**
 * GET /emails/received/{id}: one received message of the user (404 for anyone else's). The first
 * opening marks it read and keeps who opened it, when, and the browser and place the screen sent.
 */
export async function receivedDetail(
  ctx: AppContext,
  scope: TenantScope,
  id: number,
  q: ReceivedDetailQuery,
  request: { ip: string; userAgent?: string },
) {
  const row = await findOwnReceived(ctx.db, scope, id);
  if (!row) throw notFound(RECEIVED_MSG.notFound);
  if (!row.rec_data_visualizacao) {
    const viewedAt = await markViewed(ctx.db, scope, id, {
      usu_codigo: scope.actor.usu_codigo,
      usu_login: scope.actor.usu_login,
      ip: request.ip,
      userAgent: request.userAgent?.slice(0, 500) ?? null,
      informado: q,
    });
    row.rec_data_visualizacao = viewedAt ?? new Date();
  }
  return row;
}

/** GET /email/attachments/{codEmail}/{uuid}?path=: an attachment of the user's own received message. */
export async function openReceivedAttachment(ctx: AppContext, scope: TenantScope, id: number, uuid: string, path: string) {
  const row = await findOwnReceived(ctx.db, scope, id);
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
  scope: TenantScope,
  codEmailReply: number | null | undefined,
  codEmailReplyBase: number | null | undefined,
): Promise<{ codEmailReply: number | null; codEmailReplyBase: number | null }> {
  if (codEmailReply) {
    const received = await findOwnReceived(db, scope, codEmailReply);
    if (!received) throw notFound(RECEIVED_MSG.notFound);
    if (codEmailReplyBase && codEmailReplyBase !== received.cod_email_reply_base) throw badRequest(RECEIVED_MSG.replyBaseMismatch);
    return { codEmailReply, codEmailReplyBase: received.cod_email_reply_base };
  }
  if (codEmailReplyBase) {
    if (!(await findOwnSentCode(db, scope, codEmailReplyBase))) throw notFound('Mensagem não encontrada.');
    return { codEmailReply: null, codEmailReplyBase };
  }
  return { codEmailReply: null, codEmailReplyBase: null };
}
