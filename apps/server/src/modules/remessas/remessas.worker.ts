import { REMESSA_FAILURE_DAYS } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { LineBuilder } from './line-builder.ts';
import { failRemessa, processRemessa } from './remessa-processing.service.ts';
import {
  createRemessaQueues,
  REMESSA_CLEANUP_QUEUE,
  REMESSA_FAILED_QUEUE,
  REMESSA_QUEUE,
  type RemessaJob,
  registerRemessaWorker,
} from './remessas.queue.ts';
import { removeExpiredFailures } from './remessas.service.ts';

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
  registerRemessaWorker(boss, id);
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
