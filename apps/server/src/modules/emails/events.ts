import { type Channel, REACHED_BITS, type StatusType } from '@ar/core';
import type { Kysely, Transaction } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { DB } from '../../db/schema.ts';
import { inSavepoint, inTransaction } from '../../db/transaction.ts';
import { messagesTotal } from '../../ops/metrics.ts';
import { appendChainedEvent, appendChainedEvents } from '../evidence/chain.ts';
import { STATUS_RANK, statusRank } from '../evidence/channel-status.ts';
import { lookupGeo } from '../evidence/geo.ts';
import { queueStamps } from '../evidence/stamp.worker.ts';
import { forgetAcceptances } from './emails.queries.ts';
import {
  advanceChannelStatuses,
  channelStatusOf,
  notifyChannelStep,
  notifyChannelSteps,
  type StatusChannel,
  setChannelStatus,
} from './events.queries.ts';

export interface NewEvent {
  cod_email: number;
  canal: Channel;
  tipo: StatusType;
  ip?: string | null;
  userAgent?: string | null;
  detalhes?: Record<string, unknown>;
  /**
   * Whether the event becomes the channel's current status (default). Evidence that is not a
   * status of its own (a click, a download, an open by an image proxy) is recorded without.
   */
  affectsStatus?: boolean;
}

/**
 * Appends one event to a message's history and keeps the channel's last status on the message.
 * Answers false when the event was already recorded (a second 'send' of the same channel), which
 * is how the send workers stay idempotent.
 *
 * Evidence (docs/evidence.md): the event gets the place of its IP, its position in the message's
 * hash chain and its hash (appendChainedEvent, which locks the message row, so runs in a
 * transaction: the caller's, or one of its own); with `boss`, its time-stamp job is queued in the
 * same transaction (without, the stamp sweep queues it).
 */
export async function recordEvent(db: Kysely<DB>, e: NewEvent, boss?: PgBoss | null): Promise<boolean> {
  // Before the transaction: the first lookup reads the geolocation database from disk.
  const geo = lookupGeo(e.ip);
  const append = async (trx: Transaction<DB>) => {
    const appended = await appendChainedEvent(trx, {
      cod_email: e.cod_email,
      canal: e.canal,
      tipo: e.tipo,
      ip: e.ip?.slice(0, 64) ?? null,
      userAgent: e.userAgent ?? null,
      geo,
      detalhes: e.detalhes ?? {},
    });
    if (!appended) return false;
    if (e.affectsStatus !== false) {
      // The current status only moves forward: a late delivery report never hides a read, and
      // nothing hides an acceptance or a reply. (The message row is locked by the append.)
      // Every status event is also kept among the statuses the channel has reached.
      const now = await channelStatusOf(trx, e.cod_email, e.canal);
      await setChannelStatus(trx, e.cod_email, e.canal, {
        tipo: statusRank(e.tipo) >= statusRank(now) ? e.tipo : null,
        reachedBit: REACHED_BITS[e.tipo] ?? 0,
      });
    } else {
      await notifyChannelStep(trx, e.cod_email, e.canal);
    }
    if (boss) await queueStampsSafely(trx, boss, [appended.evt_codigo]);
    return true;
  };
  const recorded = await inTransaction(db, append);
  if (recorded) countMessageEvents([e]);
  return recorded;
}

/**
 * ar_messages_total (docs/operations.md): one per status event recorded, by channel and status.
 * Counted when the event is appended; recordEvents runs in its caller's transaction, so a batch
 * whose transaction then rolls back (the send worker records each event again on its own) may be
 * counted twice: a rate's rare overshoot, never a lost event.
 */
export function countMessageEvents(events: Pick<NewEvent, 'canal' | 'tipo' | 'affectsStatus'>[]): void {
  for (const e of events) if (e.affectsStatus !== false) messagesTotal.inc({ channel: e.canal, status: e.tipo });
}

/**
 * recordEvent for one event of each of several messages (a send's 'processed' events, a worker
 * batch's 'send' events), in the caller's transaction, with a fixed number of statements: the chain
 * appends (appendChainedEvents), the statuses, and one insert of every stamp job. Same evidence as
 * one recordEvent per message. Answers the messages whose event was recorded (a second 'send' of a
 * channel is not). `forgetAcceptances`: the send worker's journal rows (email_aceites) whose events
 * are now recorded, deleted by the first status statement (one round trip fewer a batch).
 */
export async function recordEvents(
  trx: Transaction<DB>,
  events: NewEvent[],
  boss?: PgBoss | null,
  opts: { forgetAcceptances?: number[] } = {},
): Promise<Set<number>> {
  let forget = opts.forgetAcceptances ?? [];
  if (events.length === 0) {
    await forgetAcceptances(trx, forget);
    return new Set();
  }
  const appended = await appendChainedEvents(
    trx,
    events.map((e) => ({
      cod_email: e.cod_email,
      canal: e.canal,
      tipo: e.tipo,
      ip: e.ip?.slice(0, 64) ?? null,
      userAgent: e.userAgent ?? null,
      geo: lookupGeo(e.ip),
      detalhes: e.detalhes ?? {},
    })),
  );
  // The statuses, grouped by channel and type; each only moves forward (the rows are locked by the
  // append), and is added to the statuses the channel has reached, in the same statement.
  type Group = { channel: StatusChannel; tipo: StatusType; ids: number[] };
  const groups = new Map<string, Group>();
  const recorded = new Set(appended.map((a) => a.cod_email));
  for (const e of events) {
    if (e.affectsStatus === false || !recorded.has(e.cod_email)) continue;
    const group = groups.get(`${e.canal}|${e.tipo}`) ?? { channel: e.canal, tipo: e.tipo, ids: [] };
    group.ids.push(e.cod_email);
    groups.set(`${e.canal}|${e.tipo}`, group);
  }
  for (const { channel, tipo, ids } of groups.values()) {
    const ahead = Object.entries(STATUS_RANK)
      .filter(([, rank]) => rank > statusRank(tipo))
      .map(([t]) => t);
    await advanceChannelStatuses(trx, ids, channel, { tipo, unlessAt: ahead, reachedBit: REACHED_BITS[tipo] ?? 0, forget });
    forget = [];
  }
  await forgetAcceptances(trx, forget);
  // Evidence without a status of its own (a provider's acceptance) tells the owner's screens, as recordEvent does.
  const steps = new Map<StatusChannel, number[]>();
  for (const e of events)
    if (e.affectsStatus === false && recorded.has(e.cod_email)) steps.set(e.canal, [...(steps.get(e.canal) ?? []), e.cod_email]);
  for (const [channel, ids] of steps) await notifyChannelSteps(trx, ids, channel);
  countMessageEvents(events.filter((e) => recorded.has(e.cod_email)));
  if (boss)
    await queueStampsSafely(
      trx,
      boss,
      appended.map((a) => a.evt_codigo),
    );
  return recorded;
}

/**
 * The stamp job must never cost the event: a queue that fails (stopped, unreachable) is rolled back
 * to a savepoint and the event commits unstamped; the stamp sweep queues it later. The failure is
 * told on the queue's own error channel (the server's log, runtime.ts), never thrown.
 */
export async function queueStampsSafely(trx: Transaction<DB>, boss: PgBoss, evt_codigos: number[]): Promise<void> {
  const failure = await inSavepoint(trx, 'carimbo', () => queueStamps(trx, boss, evt_codigos));
  if (failure !== null) reportUnqueuedStamps(boss, evt_codigos.length, failure);
}

/**
 * Stamp jobs that could not be queued (queueStampsSafely, and a send's own insert of them): told,
 * with the cause, on the queue's error channel (the server's log, runtime.ts), never thrown. The
 * stamp sweep queues the events later.
 */
export function reportUnqueuedStamps(boss: PgBoss, events: number, cause: unknown): void {
  const told = new Error(`carimbos de ${events} evento(s) não enfileirados; a varredura de carimbos os enfileira`, { cause });
  try {
    // With no listener, or one that throws, emit throws: that must not cost the event either.
    boss.emit('error', told);
  } catch {
    console.error(told);
  }
}
