import { type RawBuilder, sql } from 'kysely';
import type { PgBoss } from 'pg-boss';

/** A job as `boss.insert` takes it. */
export type JobToInsert = Parameters<PgBoss['insert']>[1][number];

/**
 * pg-boss's own statement that inserts these jobs (its table, its queue's options and policy, its
 * ON CONFLICT), as an expression to run as a data-modifying CTE of a larger statement: the jobs
 * cost no round trip of their own (docs/send-pipeline.md, "Decisions"). pg-boss writes the
 * statement; an adapter hands it back instead of running it. Answers `INSERT … RETURNING id`.
 *
 * Only a plain insert can be a CTE (a queue with pg-boss's LISTEN/NOTIFY wraps it in a WITH of its
 * own, which PostgreSQL refuses below the top level): anything else is an error here, which the
 * tests meet first, rather than a statement that fails in the send.
 */
export async function jobInsert(boss: PgBoss, queue: string, jobs: JobToInsert[]): Promise<RawBuilder<{ id: string }>> {
  let captured: { text: string; values: unknown[] } | undefined;
  await boss.insert(queue, jobs, {
    returnId: true,
    db: {
      executeSql: async (text: string, values?: unknown[]) => {
        captured = { text, values: values ?? [] };
        return { rows: [] };
      },
    },
  });
  if (!captured) throw new Error(`pg-boss wrote no insert for queue ${queue}`);
  const { text, values } = captured;
  const parts = text.split('$1');
  if (!/^\s*INSERT INTO /.test(text) || parts.length !== 2 || values.length !== 1 || /\$\d/.test(text.replace('$1', '')))
    throw new Error(`pg-boss's insert for queue ${queue} is not a plain INSERT with one parameter`);
  return sql<{ id: string }>`${sql.raw(parts[0] as string)}${values[0]}${sql.raw(parts[1] as string)}`;
}
