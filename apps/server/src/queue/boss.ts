import { type ConstructorOptions, PgBoss } from 'pg-boss';
import type { Database } from '../db/database.ts';
import { reportError } from '../reporting/error-reporting.ts';

/**
 * pg-boss on the product's own database: PGlite through its adapter, or PostgreSQL. The supervisor
 * passes every 10 s instead of pg-boss's 60: it is what takes back the jobs of a crashed worker
 * (heartbeat or expiry; send.worker.ts), so a restarted server resumes them sooner.
 */
export async function startQueue(
  database: Database,
  onError: (err: Error) => void,
  options: Partial<ConstructorOptions> = {},
): Promise<PgBoss> {
  const schema = database.schema ? `${database.schema}_boss` : 'pgboss';
  const supervise = { superviseIntervalSeconds: 10, monitorIntervalSeconds: 10 };
  const boss = database.bossDb
    ? new PgBoss({ db: database.bossDb, backend: 'pglite', schema, ...supervise, ...options })
    : new PgBoss({ connectionString: database.connectionString, schema, max: 4, ...supervise, ...options });
  boss.on('error', (err) => {
    onError(err);
    reportError(err, { where: 'fila', name: 'pg-boss' });
  });
  reportJobFailures(boss);
  await boss.start();
  return boss;
}

type Handler = (jobs: { id: string; retryCount?: number }[]) => Promise<unknown>;

/**
 * Every queue's handler, wherever it is declared (send, stamps, batches, reports, webhooks...), runs
 * through one wrapper: a job that throws is reported with its queue's name and id, then fails as
 * before (pg-boss retries it by the queue's policy). docs/error-reporting.md.
 */
function reportJobFailures(boss: PgBoss): void {
  const work = boss.work.bind(boss) as (name: string, ...rest: unknown[]) => Promise<string>;
  boss.work = ((name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as Handler;
    const reporting: Handler = async (jobs) => {
      try {
        return await handler(jobs);
      } catch (err) {
        reportError(err, {
          where: 'fila',
          name,
          jobId: jobs.map((j) => j.id).join(','),
          extra: { tentativa: jobs[0]?.retryCount ?? null, lote: jobs.length },
        });
        throw err;
      }
    };
    return work(name, ...rest, reporting);
  }) as PgBoss['work'];
}

/**
 * Makes pg-boss cache these queues now, outside any transaction. A send inside a transaction
 * looks its queue up in that cache; on a miss it asks the database on its own connection, and on
 * PGlite (one connection, held by the transaction) that would wait forever. pg-boss fills the
 * cache on a cache miss of any call, so a no-op deleteJob of a nil id is enough.
 */
export async function warmQueueCache(boss: PgBoss, names: string[]): Promise<void> {
  for (const name of names) await boss.deleteJob(name, '00000000-0000-0000-0000-000000000000');
}
