import type { SentListQuery } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import { presentStatuses, statusEntry } from './emails.presenter.ts';
import { findOwnTags } from './emails.queries.ts';
import { eventsOf } from './events.ts';
import { presentOficio } from './oficio.presenter.ts';
import { addTags, findOwnMessage, listSent, removeTag, tagsOfMessage } from './sent.queries.ts';

export async function sentList(ctx: AppContext, actor: Actor, q: SentListQuery) {
  const { rows, pagination } = await listSent(ctx.db, actor.usu_codigo, q);
  const emails = rows.map(({ tags, events, total: _, ...r }) => ({
    ...r,
    ema_uni_data_criacao: new Date(r.ema_uni_data_criacao).toISOString(),
    emailEtiquetas: tags,
    lastStatus: Object.fromEntries(events.map((e) => [e.evt_canal, statusEntry(e.evt_tipo, new Date(e.evt_data))])),
  }));
  return { emails, pagination };
}

export async function messageDetail(ctx: AppContext, actor: Actor, id: number) {
  const msg = await findOwnMessage(ctx.db, actor.usu_codigo, id);
  if (!msg) throw notFound('Mensagem não encontrada.');
  const [events, tags] = await Promise.all([eventsOf(ctx.db, id), tagsOfMessage(ctx.db, id)]);
  const statuses = presentStatuses(events);
  const failure = [...events].reverse().find((e) => e.evt_tipo === 'erro' && e.evt_canal === 'email');
  return {
    ema_uni_codigo: msg.ema_uni_codigo,
    ema_uni_id: msg.ema_uni_id,
    ema_uni_name_from: msg.ema_uni_name_from,
    ema_uni_from: msg.ema_uni_from,
    ema_uni_name_to: msg.ema_uni_name_to,
    ema_uni_to: msg.ema_uni_to,
    ema_uni_subject: msg.ema_uni_subject,
    ema_uni_content: msg.ema_uni_content,
    ema_uni_identificacao: msg.ema_uni_identificacao,
    oficio: presentOficio(msg.ema_uni_oficio, events),
    ema_uni_data_criacao: new Date(msg.ema_uni_data_criacao).toISOString(),
    ema_uni_origem: msg.ema_uni_origem,
    ema_uni_attachments: msg.ema_uni_attachments,
    ema_uni_sms: msg.ema_uni_sms,
    ema_uni_whatsapp: msg.ema_uni_whatsapp,
    cod_ger_modelo: msg.cod_ger_modelo,
    hasAttachments: msg.ema_uni_attachments.attachments.length > 0,
    hasVerification: !!msg.ema_verif_pergunta,
    verification: msg.ema_verif_pergunta
      ? { ema_verif_pergunta: msg.ema_verif_pergunta, ema_verif_resposta: msg.ema_verif_resposta }
      : null,
    emailEtiquetas: tags,
    email_error: failure
      ? {
          reasonFailure: (failure.evt_detalhes as { reasonFailure?: string }).reasonFailure ?? '',
          dateSend: new Date(failure.evt_data).toISOString(),
        }
      : null,
    ...statuses,
  };
}

export async function statusOf(ctx: AppContext, actor: Actor, id: number) {
  const msg = await findOwnMessage(ctx.db, actor.usu_codigo, id);
  if (!msg) throw notFound('Mensagem não encontrada.');
  return presentStatuses(await eventsOf(ctx.db, id));
}

/** Adds the user's own tags to the user's own message; answers the message's tags after. */
export async function addMessageTags(ctx: AppContext, actor: Actor, id: number, codes: number[]) {
  if (!(await findOwnMessage(ctx.db, actor.usu_codigo, id))) throw notFound('Mensagem não encontrada.');
  const tags = await findOwnTags(ctx.db, actor.usu_codigo, codes);
  if (tags.length !== new Set(codes).size) throw badRequest('Etiqueta não encontrada.');
  await addTags(ctx.db, id, codes);
  return tagsOfMessage(ctx.db, id);
}

export async function removeMessageTag(ctx: AppContext, actor: Actor, id: number, tagId: number) {
  const msg = await findOwnMessage(ctx.db, actor.usu_codigo, id);
  if (!msg || !(await removeTag(ctx.db, id, tagId))) throw notFound();
}

/** One attachment of the user's own message, opened from storage. */
export async function openMessageAttachment(ctx: AppContext, actor: Actor, id: number, uuid: string) {
  const msg = await findOwnMessage(ctx.db, actor.usu_codigo, id);
  const ref = msg?.ema_uni_attachments.attachments.find((a) => a.uuidFilename === uuid);
  const file = ref ? await ctx.storage.open(ref.pathS3) : null;
  if (!ref || !file) throw notFound('Anexo não encontrado.');
  return { ref, file };
}
