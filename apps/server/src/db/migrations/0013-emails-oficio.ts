import { type Kysely, sql } from 'kysely';

/**
 * The fields of a legal notice (ofício, spec 001 §2.12) sent with a message, as the form gave them
 * after validation. The notice itself is the message's content (rendered from these fields, and
 * covered by the message hash); this copy is what the sent detail, the public page, the proofs and
 * search read. Null for every other message. A new nullable column without a default changes no page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE emails ADD COLUMN ema_uni_oficio jsonb`.execute(db);
}
