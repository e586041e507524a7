import { type Kysely, sql } from 'kysely';

/**
 * `cartas.consultado`: when the tracking sweep last asked the provider for the letter (GET
 * /letters/{id}, docs/letters.md "Tracking a letter whose callbacks stopped"). The sweep asks the
 * letters asked least recently first, so a few letters the provider never moves cannot keep the
 * others from being asked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE cartas ADD COLUMN consultado timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE cartas DROP COLUMN consultado`.execute(db);
}
