import type { PgBoss } from 'pg-boss';
import { warmQueueCache } from '../../queue/boss.ts';

/**
 * The batch files' queues: their names, their settings and the wake-up of this process's worker.
 * The upload (remessas.service.ts) queues a file's job and wakes the worker; the worker
 * (remessas.worker.ts) takes the jobs. Both import from here, neither from the other.
 */

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

/** Notes the worker (its pg-boss id) that wakeRemessaWorker wakes on this queue. */
export function registerRemessaWorker(boss: PgBoss, workerId: string): void {
  remessaWorkers.set(boss, workerId);
}

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
