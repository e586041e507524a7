import type { Transaction } from 'kysely';
import { fromKysely, type PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { warmQueueCache } from '../../queue/boss.ts';
import { waitForSendPause } from '../../queue/send-activity.ts';
import { findUnstampedEvents } from './evidence.queries.ts';
import { stampEvents } from './evidence.service.ts';

export const EVIDENCE_STAMP_QUEUE = 'evidence-stamp';
export const EVIDENCE_SWEEP_QUEUE = 'evidence-stamp-sweep';

export interface StampQueueOptions {
  /** Seconds before the first retry; doubled (with jitter) at each of the next ones, up to retryDelayMax. */
  retryDelay?: number;
  retryDelayMax?: number;
}

/** Stamp jobs per fetch. */
const STAMP_BATCH = 50;

const DEFAULTS = { retryLimit: 20, retryDelay: 10, retryDelayMax: 900 };

/**
 * The stamp queue: one job per event, retried with backoff for hours (20 tries, up to 15 min
 * apart), so a TSA outage delays stamps instead of losing them. 'short' policy with the event as
 * singleton key: at most one waiting job per event, however often the sweep runs. The sweep queue
 * runs every 5 minutes and queues any event still unstamped (its jobs exhausted, or an event
 * recorded without a queue at hand).
 */
export async function createEvidenceQueues(boss: PgBoss, opts: StampQueueOptions = {}): Promise<void> {
  const options = { ...DEFAULTS, ...opts, retryBackoff: true, expireInSeconds: 120 };
  await boss.createQueue(EVIDENCE_STAMP_QUEUE, { policy: 'short', ...options });
  if (opts.retryDelay !== undefined || opts.retryDelayMax !== undefined) await boss.updateQueue(EVIDENCE_STAMP_QUEUE, options);
  await boss.createQueue(EVIDENCE_SWEEP_QUEUE, { policy: 'short', retryLimit: 0 });
  await warmQueueCache(boss, [EVIDENCE_STAMP_QUEUE, EVIDENCE_SWEEP_QUEUE]);
}

/**
 * Queues the stamps of new events in the transaction that records them, in one statement: both
 * commit or neither (one job per event; the singleton key keeps an event from being queued twice).
 */
export async function queueStamps(trx: Transaction<DB>, boss: PgBoss, evt_codigos: number[]): Promise<void> {
  if (evt_codigos.length === 0) return;
  await boss.insert(
    EVIDENCE_STAMP_QUEUE,
    evt_codigos.map((evt_codigo) => ({ data: { evt_codigo }, singletonKey: `evt:${evt_codigo}` })),
    { db: fromKysely(trx) },
  );
}

/**
 * Queues a stamp job for the events still unstamped that were recorded before `before`, oldest
 * first, at most 1,000 a run (a longer backlog goes on at the next run). Answers how many it queued.
 */
export async function sweepUnstamped(ctx: AppContext, before = new Date(Date.now() - 60_000)): Promise<number> {
  const boss = ctx.boss;
  if (!boss) return 0;
  let queued = 0;
  for (const r of await findUnstampedEvents(ctx.db, before, 1000)) {
    const id = await boss.send(EVIDENCE_STAMP_QUEUE, { evt_codigo: Number(r.evt_codigo) }, { singletonKey: `evt:${r.evt_codigo}` });
    if (id) queued++;
  }
  return queued;
}

export async function startEvidenceWorkers(
  ctx: AppContext,
  opts: StampQueueOptions & { pollingIntervalSeconds?: number } = {},
): Promise<void> {
  const boss = ctx.boss;
  if (!boss) return;
  const polling = opts.pollingIntervalSeconds ?? 1;
  await createEvidenceQueues(boss, opts);
  // Batches: one fetch of up to STAMP_BATCH jobs, one query for their events, the tokens signed one
  // after the other, one insert of the stamps; fetching again at once while batches come back full.
  // One batch at a time: signing is CPU, and the sends (which the budget measures) share the cores.
  await boss.work<{ evt_codigo: number }>(
    EVIDENCE_STAMP_QUEUE,
    { batchSize: STAMP_BATCH, burstWhenBatchFull: true, perJobResults: true, localConcurrency: 1, pollingIntervalSeconds: polling },
    async (jobs) => {
      // The sends first: a batch of stamps waits for a pause in them (at most 15 s).
      await waitForSendPause();
      const outcomes = await stampEvents(
        ctx,
        jobs.map((job) => job.data.evt_codigo),
      );
      return jobs.map((job) => {
        const outcome = outcomes.get(job.data.evt_codigo);
        return outcome instanceof Error
          ? { id: job.id, status: 'failed' as const, output: { message: outcome.message } }
          : { id: job.id, status: 'completed' as const };
      });
    },
  );
  await boss.work(EVIDENCE_SWEEP_QUEUE, { batchSize: 1, pollingIntervalSeconds: Math.max(polling, 5) }, async () => {
    await sweepUnstamped(ctx);
  });
  await boss.schedule(EVIDENCE_SWEEP_QUEUE, '*/5 * * * *');
  // Whatever an earlier run left unstamped (a crash, a TSA down for longer than the retries) goes now.
  await sweepUnstamped(ctx, new Date());
}
