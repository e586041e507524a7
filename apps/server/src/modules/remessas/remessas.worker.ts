import { REMESSA_FAILURE_DAYS } from '@ar/core';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import { warmQueueCache } from '../../queue/boss.ts';
import { LineBuilder } from './line-builder.ts';
import { failRemessa, processRemessa } from './remessa-processing.service.ts';
import { removeExpiredFailures } from './remessas.service.ts';

/** One job per received file (singleton per remessa), queued by the upload in its own transaction. */
export const REMESSA_QUEUE = 'remessa-process';
export const REMESSA_FAILED_QUEUE = 'remessa-process-failed';
/** Daily: remessas that failed whole, older than REMESSA_FAILURE_DAYS, go with their files. */
export const REMESSA_CLEANUP_QUEUE = 'remessa-cleanup';

export interface RemessaJob {
  rem_codigo: number;
}

/**
 * The batch queues. A file's job retries twice (a worker that died, a database that blinked: each
 * retry resumes where the statuses say); after the last it lands in the failed queue, whose
 * worker ends the file in ERRO_SISTEMA. The heartbeat gives a crashed worker's job back within
 * ~20 s (queue/boss.ts supervises every 10 s).
 */
export async function createRemessaQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(REMESSA_FAILED_QUEUE);
  await boss.createQueue(REMESSA_QUEUE, {
    retryLimit: 2,
    retryDelay: 5,
    expireInSeconds: 900,
    heartbeatSeconds: 10,
    deadLetter: REMESSA_FAILED_QUEUE,
  });
  await boss.createQueue(REMESSA_CLEANUP_QUEUE, { retryLimit: 2, expireInSeconds: 600 });
  await warmQueueCache(boss, [REMESSA_QUEUE, REMESSA_FAILED_QUEUE, REMESSA_CLEANUP_QUEUE]);
}

/** This process's remessa worker, per queue (one per app, or per queue in tests): woken by an upload here. */
const remessaWorkers = new WeakMap<PgBoss, string>();

/**
 * Wakes this process's remessa worker at once (pg-boss notifyWorker) instead of leaving the file's
 * job to its next poll (up to `pollingIntervalSeconds`, 0.5 s: on average a twelfth of the 3 s
 * budget of a 5,000-line file, docs/remessas.md). Called after the upload's commit; a process
 * without the worker leaves the job to the workers' polling, as before.
 */
export function wakeRemessaWorker(boss: PgBoss): void {
  const id = remessaWorkers.get(boss);
  if (id) boss.notifyWorker(id);
}

/**
 * Starts the remessa workers. `readAhead` (PostgreSQL) builds each slice's messages while the
 * previous slice is in the database; `buildThread` (PGlite, whose statements run in this thread)
 * builds them in a thread of their own instead (line-builder.ts). Answers what to stop at close.
 */
export async function startRemessaWorkers(
  ctx: AppContext,
  opts: { pollingIntervalSeconds?: number; readAhead?: boolean; buildThread?: boolean } = {},
): Promise<{ close(): Promise<void> }> {
  const boss = ctx.boss;
  if (!boss) return { close: async () => {} };
  const polling = opts.pollingIntervalSeconds ?? 0.5;
  await createRemessaQueues(boss);
  const builder = opts.buildThread
    ? new LineBuilder((err) => ctx.log.warn({ err }, 'remessa line builder thread failed; the worker builds the lines itself'))
    : undefined;
  const id = await boss.work<RemessaJob>(REMESSA_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async ([job]) => {
    if (!job) return;
    // Started at the first file, not waited for: until it is ready the worker builds the lines itself.
    void builder?.start();
    await processRemessa(ctx, job.data.rem_codigo, { readAhead: opts.readAhead, builder });
  });
  remessaWorkers.set(boss, id);
  await boss.work<RemessaJob>(REMESSA_FAILED_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async ([job]) => {
    if (job) await failRemessa(ctx, job.data.rem_codigo, 'retries exhausted');
  });
  await boss.work(REMESSA_CLEANUP_QUEUE, { batchSize: 1, pollingIntervalSeconds: 5 }, async () => {
    const removed = await removeExpiredFailures(ctx, new Date(Date.now() - REMESSA_FAILURE_DAYS * 86_400_000));
    if (removed > 0) ctx.log.info({ removed }, 'expired failed remessas removed');
  });
  await boss.schedule(REMESSA_CLEANUP_QUEUE, '20 3 * * *', {}, { tz: 'America/Sao_Paulo' });
  return { close: async () => builder?.close() };
}
