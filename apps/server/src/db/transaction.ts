import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from './schema.ts';

/**
 * One unit of work: the service decides what must happen atomically and hands the transaction to
 * its queries (each takes the `db` it is given), so no Kysely call is written outside *.queries.ts.
 * Given a transaction already (a caller's larger unit of work), `work` runs in it: Kysely cannot
 * open a transaction inside another.
 */
export function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}

/**
 * Runs `work` in the transaction behind a savepoint: should it fail, only what it did is rolled back,
 * and its error is answered (null when it went through).
 */
export async function inSavepoint(trx: Transaction<DB>, name: string, work: () => Promise<unknown>): Promise<unknown> {
  await sql`SAVEPOINT ${sql.id(name)}`.execute(trx);
  try {
    await work();
    await sql`RELEASE SAVEPOINT ${sql.id(name)}`.execute(trx);
    return null;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT ${sql.id(name)}`.execute(trx);
    return error ?? new Error('savepoint work failed');
  }
}
