import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import { warmQueueCache } from '../../queue/boss.ts';
import { decideCascadeStep } from './cascade.service.ts';
import { CASCADE_STEP_QUEUE, type CascadeStepJob } from './cascade-queue.ts';

/** The cascade's queue: made at start, workers or not (a send queues its first waiting step there). */
export async function createCascadeQueues(boss: PgBoss): Promise<void> {
  // A step that throws (the database away) is tried again; its decision is idempotent.
  await boss.createQueue(CASCADE_STEP_QUEUE, { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 });
  await warmQueueCache(boss, [CASCADE_STEP_QUEUE]);
}

/** Each job decides one step at the time it runs (its startAfter is the step's deadline). */
export async function startCascadeWorkers(ctx: AppContext, opts: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  const boss = ctx.boss;
  if (!boss) return;
  await createCascadeQueues(boss);
  await boss.work<CascadeStepJob>(
    CASCADE_STEP_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
    async ([job]) => {
      if (job) await decideCascadeStep(ctx, job.data.cod_email, job.data.ordem);
    },
  );
}
