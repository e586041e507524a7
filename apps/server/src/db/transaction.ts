import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/**
 * One unit of work: the service decides what must happen atomically and hands the transaction to
 * its queries (each takes the `db` it is given), so no Kysely call is written outside *.queries.ts.
 */
export function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
