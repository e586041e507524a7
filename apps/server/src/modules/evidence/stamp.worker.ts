import type { Transaction } from 'kysely';
import { fromKysely, type PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { warmQueueCache } from '../../queue/boss.ts';
import { waitForSendPause } from '../../queue/send-activity.ts';
import { fanOutWebhooks } from '../integrations/webhook-delivery.ts';
import { findUnstampedEvents } from './evidence.queries.ts';
import { stampEvents } from './evidence.service.ts';

export const EVIDENCE_STAMP_QUEUE = 'evidence-stamp';
export const EVIDENCE_SWEEP_QUEUE = 'evidence-stamp-sweep';

export interface StampQueueOptions {
  /** Seconds before the first retry; doubled (with jitter) at each of the next ones, up to retryDelayMax. */
  retryDelay?: number;
  retryDelayMax?: number;
}

/** Events per stamp job queued with them (a send's messages, a worker batch's deliveries). */
const EVENTS_PER_JOB = 50;
/**
 * Stamp jobs per fetch: a send's (10 events, one a message) or a delivery batch's (up to 50), or
 * the sweep's one-event jobs; stamped EVENTS_PER_STAMPING at a time.
 */
const JOBS_PER_FETCH = 50;
const EVENTS_PER_STAMPING = 500;

/** A stamp job: the events recorded together, or (the sweep's, and jobs queued before 2026-11-22) one. */
type StampJob = { evt_codigos: number[] } | { evt_codigo: number };
const eventsOfJob = (data: StampJob) => ('evt_codigos' in data ? data.evt_codigos : [data.evt_codigo]);

const DEFAULTS = { retryLimit: 20, retryDelay: 10, retryDelayMax: 900 };

/**
 * The stamp queue: one job for the events recorded together (up to 50), retried with backoff for
 * hours (20 tries, up to 15 min apart), so a TSA outage delays stamps instead of losing them; a
 * retry stamps only what is still unstamped. The sweep queue runs every 5 minutes and queues any
 * event still unstamped (its job exhausted, or an event recorded without a queue at hand), one job
 * per event with the event as singleton key ('short' policy): at most one waiting sweep job per
 * event, however often the sweep runs. Should an event have both, the second finds it stamped.
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
 * commit or neither. One job per 50 events: a job per event made each event cost three writes of
 * the queue's table (insert, fetch, completion) and its share of their statements, as much as the
 * event itself (bench/send-pipeline).
 */
export async function queueStamps(trx: Transaction<DB>, boss: PgBoss, evt_codigos: number[]): Promise<void> {
  const jobs = stampJobs(evt_codigos);
  if (jobs.length) await boss.insert(EVIDENCE_STAMP_QUEUE, jobs, { db: fromKysely(trx) });
}

/** The stamp jobs of new events (queueStamps), for a caller that inserts them in a statement of its own (queue/job-insert.queries.ts). */
export function stampJobs(evt_codigos: number[]): { data: StampJob; singletonKey: string }[] {
  const jobs: { data: StampJob; singletonKey: string }[] = [];
  for (let i = 0; i < evt_codigos.length; i += EVENTS_PER_JOB) {
    const chunk = evt_codigos.slice(i, i + EVENTS_PER_JOB);
    // The queue's 'short' policy keeps one waiting job per singleton key, and one in all for jobs
    // without: each job has its own (its first event's, queued only here and only once).
    jobs.push({ data: { evt_codigos: chunk }, singletonKey: `eventos:${chunk[0]}` });
  }
  return jobs;
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
    const data: StampJob = { evt_codigo: Number(r.evt_codigo) };
    const id = await boss.send(EVIDENCE_STAMP_QUEUE, data, { singletonKey: `evt:${r.evt_codigo}` });
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
  // Batches: one fetch of up to JOBS_PER_FETCH jobs, then per 500 events one query for them, the
  // tokens (the built-in TSA's signed in this thread, an outside TSA asked four at a time) and one
  // insert of the stamps; fetching again at once while batches come back full. One batch at a time:
  // signing is CPU, and the sends (which the budget measures) share the cores. Two at a time ended
  // the stamps of a 2,000-message run no sooner (bench/send-pipeline, 2026-11-23); 50 jobs a fetch
  // stamped in 500s, against 10 jobs a fetch, turned a send's ten 100-event batches into two of
  // 500 (the stamps' tail after the last acceptance 0.33-0.36 s against 0.38-0.41 s, 2026-11-28).
  await boss.work<StampJob>(
    EVIDENCE_STAMP_QUEUE,
    { batchSize: JOBS_PER_FETCH, burstWhenBatchFull: true, perJobResults: true, localConcurrency: 1, pollingIntervalSeconds: polling },
    async (jobs) => {
      // At most EVENTS_PER_STAMPING events a call (one read, the tokens, one insert), each call
      // after a pause in the sends: they come first (at most 15 s of waiting a call).
      const events = jobs.flatMap((job) => eventsOfJob(job.data));
      // Every chained event passes here once it is recorded: its status webhooks go out now, not
      // after the stamp (a TSA outage delays stamps, never webhooks). Idempotent: a retry of the job
      // makes no second delivery (docs/integrations.md).
      await fanOutWebhooks(ctx, events);
      const outcomes: Awaited<ReturnType<typeof stampEvents>> = new Map();
      for (let i = 0; i < events.length; i += EVENTS_PER_STAMPING) {
        await waitForSendPause();
        for (const [id, outcome] of await stampEvents(ctx, events.slice(i, i + EVENTS_PER_STAMPING))) outcomes.set(id, outcome);
      }
      // A job fails if any of its events could not be stamped; its retry stamps those only.
      return jobs.map((job) => {
        const failure = eventsOfJob(job.data)
          .map((id) => outcomes.get(id))
          .find((outcome) => outcome instanceof Error);
        return failure
          ? { id: job.id, status: 'failed' as const, output: { message: failure.message } }
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
