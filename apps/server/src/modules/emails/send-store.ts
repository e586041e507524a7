import { type CascadePlan, type Channel, CREDIT_MSG, messageUnits, REACHED_BITS } from '@ar/core';
import type { Transaction } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { jobInsert } from '../../queue/job-insert.queries.ts';
import { type CascadeAtCompose, cascadeAtCompose, planCascade } from '../cascade/cascade.service.ts';
import { debitCredits, InsufficientCreditsError } from '../credits/credits.service.ts';
import { type MessageForHash, messageHash } from '../evidence/canonical.ts';
import { firstChainedEvent } from '../evidence/chain.ts';
import { EVIDENCE_STAMP_QUEUE, stampJobs } from '../evidence/stamp.worker.ts';
import { insertMessageLinksAndTags, insertMessages, insertSendStatement, reserveSendIds } from './emails.queries.ts';
import { countMessageEvents, recordEvents, reportUnqueuedStamps } from './events.ts';
import { checkAllQueued, queueSendJobs, sendJobs } from './send-jobs.ts';
import type { SentSummary } from './send-values.ts';
import {
  belowVoiceMinimum,
  channelsOfValues,
  goesBeyondEmail,
  linksAndLabels,
  type MessageValues,
  messageValues,
  type OutgoingMessage,
  type SendCommon,
} from './send-values.ts';

/**
 * Storing a send and queueing its jobs (docs/emails.md): in one statement when only e-mail goes,
 * step by step otherwise; the debit last, so a refusal for credits rolls everything back.
 */

/**
 * A batch file's messages (modules/remessas), stored, debited and queued exactly as a compose
 * send's, inside the caller's transaction so it can mark its lines in the same commit: each
 * message costs its channels' units (recipientUnits, as its ema_uni_creditos says; a call needs
 * VOICE_MIN_CREDITS, as compose's), and messages with SMS, WhatsApp, a call or a letter go step by
 * step, one 'processed' event and job per channel. The caller
 * runs it again with `stepByStep` in a new transaction on StoredDiffersError, as compose does.
 */
export async function storeMessagesInTransaction(
  ctx: AppContext,
  trx: Transaction<DB>,
  common: SendCommon,
  messages: OutgoingMessage[],
  opts: { reason: string; stepByStep?: boolean; cascade?: CascadePlan | null },
): Promise<SentSummary['emails']> {
  if (!ctx.boss) throw new Error('the job queue is not running');
  const values = messages.map((m) => messageValues(common, m));
  const channels = values.map(channelsOfValues);
  const hasVoice = channels.some((c) => c.voz);
  const plan = opts.cascade ?? null;
  // As compose's debit, with the call's minimum; here a 402, so the caller refuses the lines left.
  const debitFor = (units: number) => async (t: Transaction<DB>) => {
    const debited = await debitCredits(t, common.user, { units, reason: opts.reason, ref: `envio:${common.envio}` });
    if (hasVoice && belowVoiceMinimum(debited, units)) throw new InsufficientCreditsError(CREDIT_MSG.voiceMinimum);
    return debited;
  };
  if (plan) {
    // The user's default cascade (docs/cascade.md): as compose's, each message debits its first
    // steps now and stores the plan; the caller refused the lines without a step's target.
    const cascades = channels.map((c) => cascadeAtCompose(plan, c));
    for (const [i, v] of values.entries()) v.ema_uni_creditos = cascades[i]?.unitsNow ?? v.ema_uni_creditos;
    const units = cascades.reduce((sum, c) => sum + c.unitsNow, 0);
    const debit = debitFor(units);
    const deferred = new Map(values.map((v, i) => [v.ema_uni_id, cascades[i]?.deferred ?? new Set<Channel>()]));
    const stored = await storeSendStepByStep(ctx, trx, values, common, debit, undefined, deferred);
    const now = new Date();
    for (const [i, m] of stored.entries()) await planCascade(ctx, trx, m.ema_uni_codigo, plan, cascades[i] as CascadeAtCompose, now);
    return stored;
  }
  const debit = debitFor(messageUnits(channels));
  return opts.stepByStep || values.some(goesBeyondEmail)
    ? storeSendStepByStep(ctx, trx, values, common, debit)
    : storeSend(ctx, trx, values, common, debit);
}

/** The messages as stored do not hash as computed beforehand. */
export class StoredDiffersError extends Error {}

/**
 * The send in a fixed handful of statements, the first lock as late as possible: the ids of the
 * messages and of their 'processed' events and the database time are taken first; each event is
 * chained and hashed here (the first of its message, so no chain to read); then one statement
 * stores the messages (with their hash and status), links, tags and events with their send jobs
 * and stamp jobs (pg-boss's own inserts as CTEs, queue/job-insert.queries.ts), and the plan is debited.
 * A stamp queue that cannot write its insert leaves the events to the stamp sweep, as
 * queueStampsSafely does; unlike it, no savepoint: should the jobs' table refuse the insert, the send
 * jobs fail with it, and the send is refused whole.
 */
export async function storeSend(
  ctx: AppContext,
  trx: Transaction<DB>,
  values: MessageValues[],
  common: SendCommon,
  debit: (trx: Transaction<DB>) => Promise<unknown>,
  startAfter?: Date,
): Promise<SentSummary['emails']> {
  const { attachmentRefs, tags, envio, processedDetails } = common;
  const ids = await reserveSendIds(trx, values.length);
  const chained = values.map((v, i) => {
    const id = ids[i];
    if (!id) throw new Error('no id for a message');
    const first = firstChainedEvent(
      {
        ema_uni_id: v.ema_uni_id,
        ema_uni_from: v.ema_uni_from,
        ema_uni_to: v.ema_uni_to,
        ema_uni_subject: v.ema_uni_subject,
        ema_uni_content: v.ema_uni_content,
        ema_uni_sms: null,
        ema_uni_whatsapp: null,
        ema_uni_attachments: { attachments: attachmentRefs },
        agora: id.agora,
      },
      { cod_email: id.cod_email, canal: 'email', tipo: 'processed', ip: null, userAgent: null, geo: null, detalhes: processedDetails },
    );
    return { ...id, ...first };
  });
  const codes = chained.map((c) => c.cod_email);
  const boss = ctx.boss as PgBoss;
  const send = sendJobs(codes, startAfter, 'email');
  const [sendJobsInsert, stampJobsInsert] = await Promise.all([
    jobInsert(boss, send.queue, send.jobs),
    // The stamp jobs must never cost the send (as queueStampsSafely): without them, the sweep queues the events.
    jobInsert(boss, EVIDENCE_STAMP_QUEUE, stampJobs(chained.map((c) => c.evt_codigo))).catch((err: unknown) => {
      reportUnqueuedStamps(boss, chained.length, err);
      return null;
    }),
  ]);

  const insert = await insertSendStatement(trx, {
    messages: values.map((v, i) => ({
      ...v,
      ema_uni_codigo: codes[i],
      ema_uni_hash: chained[i]?.messageHash,
      ema_status_email: 'processed',
      ema_alcance_email: REACHED_BITS.processed,
    })),
    events: chained.map((c) => ({ ...c.row, evt_codigo: c.evt_codigo })),
    ...linksAndLabels(values, codes, tags),
    sendJobs: sendJobsInsert,
    stampJobs: stampJobsInsert,
  });
  // The debit is queued on the connection right behind the insert, not sent after the insert's
  // answer has come back through the event loop: the insert takes the user's counter rows, and
  // every round trip until the commit is time another send of the same user waits (docs/emails.md,
  // "The send's lock"). Either failing rolls both back (the insert's error is the one answered).
  const [stored] = await Promise.all([insert.execute(), debit(trx)]);
  checkAllQueued(stored[0]?.send_jobs ?? 0, codes.length, 'email', envio);
  const byCode = new Map(stored.map((row) => [Number(row.ema_uni_codigo), row]));
  for (const c of chained) {
    const row = byCode.get(c.cod_email);
    if (!row || messageHash(row as MessageForHash) !== c.messageHash) throw new StoredDiffersError(`message ${c.cod_email}`);
  }
  // Their 'processed' events, stored by the statement above rather than by recordEvent (ar_messages_total).
  countMessageEvents(chained.map(() => ({ canal: 'email', tipo: 'processed' })));
  return values.map((v, i) => ({ ema_uni_codigo: codes[i] as number, ema_uni_id: v.ema_uni_id, ema_uni_to: v.ema_uni_to }));
}

/** The same send one step after the other: messages, links, tags, the events chained on the stored rows (recordEvents), jobs, debit. */
export async function storeSendStepByStep(
  ctx: AppContext,
  trx: Transaction<DB>,
  values: MessageValues[],
  common: SendCommon,
  debit: (trx: Transaction<DB>) => Promise<unknown>,
  startAfter?: Date,
  /** A cascade's channels that wait for their step (by message uuid): no 'processed' event nor job now. */
  deferred?: Map<string, Set<Channel>>,
): Promise<SentSummary['emails']> {
  const { tags, envio, processedDetails } = common;
  const inserted = await insertMessages(trx, values);
  const byUuid = new Map(inserted.map((row) => [row.ema_uni_id, row]));
  const created: SentSummary['emails'] = values.map((v) => {
    const row = byUuid.get(v.ema_uni_id);
    if (!row) throw new Error(`message ${v.ema_uni_id} not stored`);
    return row;
  });
  const codes = created.map((row) => row.ema_uni_codigo);
  const { links, labels } = linksAndLabels(values, codes, tags);
  await insertMessageLinksAndTags(trx, links, labels);
  // Each channel's 'processed' event and job: e-mail for the messages with an address, SMS and
  // WhatsApp for those with a number (recordEvents takes one event per message a call).
  const of = (canal: Channel, has: (v: MessageValues) => unknown) =>
    codes.filter((_, i) => values[i] && has(values[i] as MessageValues) && !deferred?.get(values[i]?.ema_uni_id as string)?.has(canal));
  const byChannel = {
    email: of('email', (v) => v.ema_uni_to),
    sms: of('sms', (v) => v.ema_uni_sms),
    whatsapp: of('whatsapp', (v) => v.ema_uni_whatsapp),
    voz: of('voz', (v) => v.ema_uni_voz),
    carta: of('carta', (v) => v.ema_uni_carta),
  };
  // A letter's 'processed' chains the address it goes to (the message hash leaves it out: migration 0027-cartas);
  // a call's, the number called (docs/voice.md).
  const addressOf = new Map(codes.map((cod, i) => [cod, values[i]?.ema_uni_carta]));
  const vozOf = new Map(codes.map((c, i) => [c, values[i]?.ema_uni_voz]));
  for (const canal of ['email', 'sms', 'whatsapp', 'voz', 'carta'] as const) {
    await recordEvents(
      trx,
      byChannel[canal].map((cod_email) => ({
        cod_email,
        canal,
        tipo: 'processed' as const,
        detalhes:
          canal === 'carta'
            ? { ...processedDetails, endereco: JSON.parse(String(addressOf.get(cod_email))) }
            : canal === 'voz'
              ? { ...processedDetails, voz: JSON.parse(String(vozOf.get(cod_email))) }
              : processedDetails,
      })),
      ctx.boss,
    );
    await queueSendJobs(trx, ctx.boss as PgBoss, byChannel[canal], envio, startAfter, canal);
  }
  await debit(trx);
  return created;
}
