import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Whether the database answers (the connectivity check). */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
