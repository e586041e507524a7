import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The AR-Email a protocol names, with what filing an answer or a report needs. */
export function findOriginalByProtocol(db: Kysely<DB>, uuid: string) {
  return db
    .selectFrom('emails')
    .select(['ema_uni_codigo', 'ema_uni_id', 'ema_uni_envio', 'cod_usu', 'ema_uni_creditos', 'ema_status_email', 'ema_uni_to'])
    .where('ema_uni_id', '=', uuid)
    .executeTakeFirst();
}
export type OriginalMessage = NonNullable<Awaited<ReturnType<typeof findOriginalByProtocol>>>;

export function findReceivedByHash(db: Kysely<DB>, cod_email: number, sha256: string) {
  return db
    .selectFrom('emails_recebidos')
    .select('rec_codigo')
    .where('cod_email_reply_base', '=', cod_email)
    .where('rec_sha256', '=', sha256)
    .executeTakeFirst();
}

/**
 * A reply filed as a received message of the original's sender (inbound SMTP: keyed by the
 * original, no signed-in user). A second copy of the same bytes for the same AR-Email is not
 * stored: undefined then.
 */
export function insertReceived(db: Kysely<DB>, values: Insertable<DB['emails_recebidos']>) {
  return db
    .insertInto('emails_recebidos')
    .values(values)
    .onConflict((oc) => oc.columns(['cod_email_reply_base', 'rec_sha256']).doNothing())
    .returning('rec_codigo')
    .executeTakeFirst();
}

/** The e-mail events of a message of the given types (to tell a repeated report, or proof of arrival). */
export function emailEventsOfTypes(db: Kysely<DB>, cod_email: number, types: string[]) {
  return db
    .selectFrom('email_eventos')
    .select(['evt_tipo', 'evt_detalhes'])
    .where('cod_email', '=', cod_email)
    .where('evt_canal', '=', 'email')
    .where('evt_tipo', 'in', types)
    .execute();
}
