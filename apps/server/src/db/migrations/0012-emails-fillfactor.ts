import { type Kysely, sql } from 'kysely';

/**
 * Room in each page of `emails` for its rows' status changes. A message's statuses (one column per
 * channel) change several times in its life (processed, sent, delivered, read...), and none of them
 * is indexed: PostgreSQL can then write the new version of the row in the same page without
 * touching the indexes (a HOT update), if the page has room. Filled to the brim (the default),
 * 4,196 of 4,200 updates in bench/send-pipeline were not HOT: each copied the row to another page
 * and added an entry to every index of the table, the trigram one included. New pages are filled
 * to 75%; the pages already written stay as they are until rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE emails SET (fillfactor = 75)`.execute(db);
}
