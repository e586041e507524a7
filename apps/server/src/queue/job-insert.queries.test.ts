import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { warmQueueCache } from './boss.ts';
import { jobInsert } from './job-insert.queries.ts';

// pg-boss's own insert, run as a CTE of a statement of ours (the send's store statement).
const app = useTestApp({}, { startQueue: true, startWorkers: false });
const QUEUE = 'teste-insercao-cte';
const NOTIFYING = 'teste-insercao-notifica';
let boss: PgBoss;

beforeAll(async () => {
  boss = app.t.ctx.boss as PgBoss;
  await boss.createQueue(QUEUE, { policy: 'short', retryLimit: 7, retryDelay: 3, expireInSeconds: 45 });
  await boss.createQueue(NOTIFYING, { notify: true });
  await warmQueueCache(boss, [QUEUE, NOTIFYING]);
});

/** Runs the insert as a CTE, as the send's statement does, and answers how many jobs it stored. */
async function insertAsCte(jobs: Parameters<typeof jobInsert>[2]): Promise<number> {
  const insert = await jobInsert(boss, QUEUE, jobs);
  const { rows } = await sql<{ n: number }>`WITH j AS (${insert}) SELECT count(*)::int AS n FROM j`.execute(app.t.ctx.db);
  return rows[0]?.n ?? -1;
}

describe('jobInsert', () => {
  it("stores the jobs as boss.insert does: the queue's options, the data, the singleton key, the start", async () => {
    const later = new Date(Date.now() + 3_600_000);
    expect(await insertAsCte([{ data: { via: 'cte' }, singletonKey: 'cte:1', startAfter: later }])).toBe(1);
    await boss.insert(QUEUE, [{ data: { via: 'insert' }, singletonKey: 'insert:1', startAfter: later }]);
    const [viaCte] = await boss.findJobs(QUEUE, { key: 'cte:1' });
    const [viaInsert] = await boss.findJobs(QUEUE, { key: 'insert:1' });
    expect(viaCte?.data).toEqual({ via: 'cte' });
    const options = (j: typeof viaCte) => ({
      retryLimit: j?.retryLimit,
      retryDelay: j?.retryDelay,
      expireInSeconds: j?.expireInSeconds,
      policy: j?.policy,
      state: j?.state,
      startAfter: j?.startAfter.toISOString(),
    });
    expect(options(viaCte)).toEqual(options(viaInsert));
    expect(options(viaCte)).toMatchObject({ retryLimit: 7, retryDelay: 3, expireInSeconds: 45, startAfter: later.toISOString() });
  });

  it('skips a job whose singleton key is taken, so the caller can tell by the count', async () => {
    expect(await insertAsCte([{ data: {}, singletonKey: 'dup:1' }])).toBe(1);
    expect(
      await insertAsCte([
        { data: {}, singletonKey: 'dup:1' },
        { data: {}, singletonKey: 'dup:2' },
      ]),
    ).toBe(1);
  });

  it('passes the jobs as a parameter, never as SQL text', async () => {
    const data = { texto: "'); DROP TABLE emails; --", aspas: '$1 $2 \\' };
    expect(await insertAsCte([{ data, singletonKey: 'texto:1' }])).toBe(1);
    const compiled = (await jobInsert(boss, QUEUE, [{ data, singletonKey: 'texto:2' }])).compile(app.t.ctx.db);
    expect(compiled.sql).not.toContain('DROP TABLE');
    expect(compiled.parameters).toHaveLength(1);
    expect(JSON.parse(compiled.parameters[0] as string)[0].data).toEqual(data);
    expect((await boss.findJobs(QUEUE, { key: 'texto:1' }))[0]?.data).toEqual(data);
  });

  it("refuses a queue whose insert is not a plain INSERT (pg-boss's NOTIFY wraps it)", async () => {
    await expect(jobInsert(boss, NOTIFYING, [{ data: {} }])).rejects.toThrow(/not a plain INSERT/);
  });
});
