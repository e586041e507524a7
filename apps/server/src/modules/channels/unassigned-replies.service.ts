import { createHash } from 'node:crypto';
import type { UnassignedRepliesQuery } from '@ar/core';
import type { Transaction } from 'kysely';
import { fromKysely, type PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { inSavepoint, inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../http/errors.ts';
import { requirePermission, type TenantScope } from '../tenancy/tenant-scope.ts';
import { type ChannelProvider, PermanentProviderError, type PhoneChannel, type ProviderReplyEvent } from './channel.ts';
import { findByProviderId } from './channels.queries.ts';
import { presentUnassignedReply } from './unassigned-replies.presenter.ts';
import {
  candidateMessagesInScope,
  claimReplyNotice,
  findReplyCandidates,
  findReplyNotice,
  findUnassignedReply,
  insertReplyCandidates,
  insertUnassignedReply,
  listUnassignedReplies,
  markReplyNotice,
  type ReplyCandidate,
  setReplyNotice,
} from './unassigned-replies.queries.ts';

/**
 * Replies without a reference (docs/unassigned-replies.md). Every account sends
 * from the installation's one number, so an SMS reply — or a WhatsApp message typed without
 * quoting one — carries nothing but the number it came from. The product does not guess across
 * tenants:
 *
 * - a reply that names one of our messages (WhatsApp's context.id, Zenvia's replyTo) is filed to
 *   exactly that message;
 * - otherwise the open messages of that channel sent to that number are weighed: all of one tenant
 *   → the reply goes to that tenant's last one (as before); of more than one tenant → it is filed
 *   to none of them, kept as an unassigned reply that the administrators of each tenant see
 *   without its text, and the recipient is told once (per number and ambiguity) to answer through
 *   the link of the message.
 */

/** A message is open to a reply for 30 days after the provider took it. */
export const REPLY_WINDOW_MS = 30 * 24 * 60 * 60_000;

/** The queue of the notices (one job per notice; retried when the provider is unavailable). */
export const REPLY_NOTICE_QUEUE = 'phone-reply-notice';

/**
 * What the recipient is told. The SMS has no accents (GSM-7: one segment; an accent would make it
 * UCS-2, two segments), like every SMS of the product (docs/channels.md, "The SMS text").
 */
export const REPLY_NOTICE_TEXT: Record<PhoneChannel, string> = {
  sms: 'Nao conseguimos identificar a qual mensagem sua resposta se refere. Responda pelo link recebido na mensagem.',
  whatsapp: 'Não conseguimos identificar a qual mensagem sua resposta se refere. Responda pelo link recebido na mensagem.',
};

export type ReplyResolution =
  /** `named`: the reply named this message itself (context.id); false: the one tenant's last open message. */
  | { kind: 'message'; target: { cod_email: number; canal: PhoneChannel }; named: boolean }
  | { kind: 'unassigned'; candidates: ReplyCandidate[] }
  | { kind: 'none' };

/** Where a verified reply goes: the message it names, the one tenant's last open message, or nowhere (several tenants). */
export async function resolveReplyTarget(ctx: AppContext, provider: ChannelProvider, e: ProviderReplyEvent): Promise<ReplyResolution> {
  if (e.providerId) {
    // Named by the provider: that message, if it is ours. A reference to anything else (our own
    // notice, a message of another system) names none of them: the rule below applies.
    const named = await findByProviderId(ctx.db, provider.name, e.providerId);
    if (named) return { kind: 'message', target: { cod_email: named.cod_email, canal: named.canal }, named: true };
  }
  const q = { provedor: provider.name, canal: provider.channel, numero: e.from };
  let found = await findReplyCandidates(ctx.db, { ...q, since: new Date(e.at.getTime() - REPLY_WINDOW_MS) });
  // Nothing open: the older messages to the number, under the same rule (one tenant keeps today's filing).
  if (found.candidates.length === 0) found = await findReplyCandidates(ctx.db, { ...q, since: null });
  const { candidates, complete } = found;
  const latest = candidates[0];
  if (!latest) return { kind: 'none' };
  // One tenant among all the messages to the number; more of them than were read (MAX_SCANNED) prove nothing.
  const oneTenant = complete && new Set(candidates.map((c) => Number(c.tenant))).size === 1;
  if (oneTenant) return { kind: 'message', target: { cod_email: latest.cod_email, canal: latest.canal }, named: false };
  return { kind: 'unassigned', candidates };
}

/** One ambiguity: the channel, the number and the messages it may answer (a new message to the number is a new ambiguity). */
function ambiguityKey(canal: PhoneChannel, numero: string, cod_emails: number[]): string {
  const sorted = [...cod_emails].sort((a, b) => a - b);
  return createHash('sha256')
    .update(['AR-AMBIGUIDADE-1', canal, numero, ...sorted.map(String)].join('\n'))
    .digest('hex');
}

/**
 * Keeps a reply that matched several tenants: the reply (key, number, type, text and payload, never
 * shown through the API), its candidate messages, and the notice of its ambiguity — made by the
 * first reply that meets it, queued in the same transaction (sent at once, after the commit, where
 * the process has no queue). Nothing is chained and no credit moves. Answers false for a redelivery.
 */
export async function fileUnassignedReply(
  ctx: AppContext,
  provider: ChannelProvider,
  e: ProviderReplyEvent,
  candidates: ReplyCandidate[],
): Promise<boolean> {
  const cod_emails = candidates.map((c) => c.cod_email);
  const kept = await inTransaction(ctx.db, async (trx) => {
    const rsd = await insertUnassignedReply(trx, {
      canal: provider.channel,
      provedor: provider.name,
      chave: e.eventKey,
      numero: e.from,
      tipo: e.button ? 'acknowledged' : 'answered',
      texto: e.text,
      payload: e.raw,
      referencia: e.providerId ?? null,
      ocorrido: e.at,
    });
    if (rsd === undefined) return null;
    await insertReplyCandidates(trx, rsd, cod_emails);
    const notice = await claimReplyNotice(trx, {
      ambiguidade: ambiguityKey(provider.channel, e.from, cod_emails),
      canal: provider.channel,
      provedor: provider.name,
      numero: e.from,
    });
    await setReplyNotice(trx, rsd, notice.avi_codigo);
    const queued = notice.created && ctx.boss ? await queueNotice(trx, ctx.boss, notice.avi_codigo, provider.channel) : false;
    return { rsd, ...notice, queued };
  });
  if (!kept) return false;
  // No text in the log either: it may be another tenant's data.
  ctx.log.warn(
    { provider: provider.name, channel: provider.channel, reply: kept.rsd, candidates: cod_emails.length },
    'resposta sem referência que corresponde a mensagens de mais de um cliente: guardada sem destino',
  );
  if (kept.created && !kept.queued) {
    await sendReplyNotice(ctx, provider, kept.avi_codigo).catch((error) =>
      ctx.log.error({ err: error, notice: kept.avi_codigo }, 'aviso de resposta sem destino não enviado'),
    );
  }
  return true;
}

/** The notice's job, in the reply's transaction behind a savepoint: a queue that fails costs nothing (the notice then goes at once). */
async function queueNotice(trx: Transaction<DB>, boss: PgBoss, avi_codigo: number, canal: PhoneChannel): Promise<boolean> {
  const failure = await inSavepoint(trx, 'aviso_resposta', () =>
    boss.insert(REPLY_NOTICE_QUEUE, [{ data: { avi_codigo, canal }, singletonKey: `aviso:${avi_codigo}` }], { db: fromKysely(trx) }),
  );
  return failure === null;
}

/**
 * Sends a pending notice through `provider` (the channel's adapter; null: the channel has none now): a plain text to the number,
 * no status callback, no message row, no event, no credit. A refusal for good ends it 'falhou';
 * anything else is thrown (the queue retries), its reason kept. Sent already: nothing.
 */
export async function sendReplyNotice(ctx: AppContext, provider: ChannelProvider | null, avi_codigo: number): Promise<void> {
  const notice = await findReplyNotice(ctx.db, avi_codigo);
  if (notice?.avi_situacao !== 'pendente') return;
  if (!provider || provider.name !== notice.avi_provedor || provider.channel !== notice.avi_canal) {
    // The installation moved the channel to another provider (or to none): the reply came to a number it no longer uses.
    await markReplyNotice(ctx.db, avi_codigo, { situacao: 'falhou', erro: 'O canal não usa mais o provedor que recebeu a resposta.' });
    return;
  }
  try {
    const accepted = await provider.sendText(notice.avi_numero, REPLY_NOTICE_TEXT[notice.avi_canal]);
    await markReplyNotice(ctx.db, avi_codigo, { situacao: 'enviado', id_provedor: accepted.providerId });
  } catch (error) {
    if (error instanceof PermanentProviderError) {
      await markReplyNotice(ctx.db, avi_codigo, { situacao: 'falhou', erro: error.reason });
      return;
    }
    await markReplyNotice(ctx.db, avi_codigo, { situacao: 'pendente', erro: String((error as Error)?.message ?? error) });
    throw error;
  }
}

// ---------------------------------------------------------------- the administrators' view

/**
 * The unassigned replies an administrator may see: those that may answer a message of a user it
 * reaches, each with only those messages — never the text, never another tenant's message.
 * Levels 1 and 2: 403.
 */
export async function listUnassignedRepliesFor(ctx: AppContext, scope: TenantScope, query: UnassignedRepliesQuery) {
  requirePermission(scope.canSeeUnassignedReplies);
  const { rows, pagination } = await listUnassignedReplies(ctx.db, scope, query);
  const messages = await candidateMessagesInScope(
    ctx.db,
    scope,
    rows.map((r) => r.rsd_codigo),
  );
  return {
    respostas: rows.map((r) =>
      presentUnassignedReply(
        r,
        messages.filter((m) => m.cod_resposta === r.rsd_codigo),
      ),
    ),
    pagination,
  };
}

/** One unassigned reply; another tenant's (or an unknown id) is 404. */
export async function getUnassignedReply(ctx: AppContext, scope: TenantScope, rsd_codigo: number) {
  requirePermission(scope.canSeeUnassignedReplies);
  const row = await findUnassignedReply(ctx.db, scope, rsd_codigo);
  if (!row) throw notFound();
  return presentUnassignedReply(row, await candidateMessagesInScope(ctx.db, scope, [rsd_codigo]));
}
