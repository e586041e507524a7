import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The embedded mailbox (no SMTP_URL): a message as it would have left, kept for /dev/mailbox. */
export async function insertCapturedMail(db: Kysely<DB>, values: Insertable<DB['caixa_saida']>): Promise<void> {
  await db.insertInto('caixa_saida').values(values).execute();
}
