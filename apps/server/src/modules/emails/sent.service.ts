import type { SentListQuery } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { findCascade } from '../cascade/cascade.queries.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { findOwnTags } from './emails.queries.ts';
import { eventsOf } from './events.queries.ts';
import { addTags, findOwnMessage, listSent, mayViewGeolocation, removeTag, tagsOfMessage } from './sent.queries.ts';

/** GET /emails/send: a page of the user's sent messages (presentSentRow shapes each). */
export const sentList = (ctx: AppContext, scope: TenantScope, q: SentListQuery) => listSent(ctx.db, scope, q);

async function ownMessage(ctx: AppContext, scope: TenantScope, id: number) {
  const msg = await findOwnMessage(ctx.db, scope, id);
  if (!msg) throw notFound('Mensagem não encontrada.');
  return msg;
}

/**
 * One of the user's messages with its events and tags (presentSentDetail); anyone else's is a 404.
 * `geolocation`: whether the user may view where the recipient read it (the tracking panel).
 */
export async function messageDetail(ctx: AppContext, scope: TenantScope, id: number) {
  const msg = await ownMessage(ctx, scope, id);
  const [events, tags, cascade, geolocation] = await Promise.all([
    eventsOf(ctx.db, id),
    tagsOfMessage(ctx.db, scope, id),
    findCascade(ctx.db, id),
    mayViewGeolocation(ctx.db, scope),
  ]);
  return { msg, events, tags, cascade, geolocation };
}

/** The events of one of the user's messages (presentStatuses). */
export async function statusOf(ctx: AppContext, scope: TenantScope, id: number) {
  await ownMessage(ctx, scope, id);
  return eventsOf(ctx.db, id);
}

/** Adds the user's own tags to the user's own message; answers the message's tags after. */
export async function addMessageTags(ctx: AppContext, scope: TenantScope, id: number, codes: number[]) {
  await ownMessage(ctx, scope, id);
  const tags = await findOwnTags(ctx.db, scope, codes);
  if (tags.length !== new Set(codes).size) throw badRequest('Etiqueta não encontrada.');
  await addTags(ctx.db, scope, id, codes);
  return tagsOfMessage(ctx.db, scope, id);
}

/** Takes a tag off the user's own message: 404 when the message is not the user's or has no such tag. */
export async function removeMessageTag(ctx: AppContext, scope: TenantScope, id: number, tagId: number) {
  if (!(await removeTag(ctx.db, scope, id, tagId))) throw notFound();
}

/** One attachment of the user's own message, opened from storage. */
export async function openMessageAttachment(ctx: AppContext, scope: TenantScope, id: number, uuid: string) {
  const msg = await findOwnMessage(ctx.db, scope, id);
  const ref = msg?.ema_uni_attachments.attachments.find((a) => a.uuidFilename === uuid);
  const file = ref ? await ctx.storage.open(ref.pathS3) : null;
  if (!ref || !file) throw notFound('Anexo não encontrado.');
  return { ref, file };
}
