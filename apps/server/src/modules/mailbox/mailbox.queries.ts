import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/*
 * The captured mailbox of embedded mode (caixa_saida): every message the product "sent" on this
 * computer. It belongs to no tenant: the page exists only without SMTP_URL, for whoever runs the
 * embedded server, so these statements take no scope.
 */

/** The newest messages, newest first. */
export function listCapturedMail(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom('caixa_saida')
    .select(['cai_codigo', 'cai_to', 'cai_subject', 'cai_data'])
    .orderBy('cai_codigo', 'desc')
    .limit(limit)
    .execute();
}

export type CapturedMailItem = Awaited<ReturnType<typeof listCapturedMail>>[number];

export function findCapturedMail(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('caixa_saida')
    .select(['cai_codigo', 'cai_from', 'cai_to', 'cai_subject', 'cai_data', 'cai_html', 'cai_text'])
    .where('cai_codigo', '=', id)
    .executeTakeFirst();
}

export type CapturedMail = NonNullable<Awaited<ReturnType<typeof findCapturedMail>>>;

/** The message as it would have gone out (.eml). */
export function findCapturedRaw(db: Kysely<DB>, id: number) {
  return db.selectFrom('caixa_saida').select(['cai_codigo', 'cai_raw']).where('cai_codigo', '=', id).executeTakeFirst();
}
