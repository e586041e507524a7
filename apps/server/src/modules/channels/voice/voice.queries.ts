import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';

/**
 * AR-Voz's statements (docs/voice.md). Workers and the provider's callbacks are system paths, not
 * tenant queries: a message is reached by its code from a job, or by the call's sid (checked
 * against the uuid of the signed callback address) from a verified callback.
 */

/** The message as a call needs it. */
export function findVoiceMessage(db: Kysely<DB>, cod_email: number) {
  return db
    .selectFrom('emails')
    .select(['ema_uni_codigo', 'ema_uni_id', 'ema_uni_name_from', 'ema_uni_subject', 'ema_uni_voz', 'ema_alcance_voz'])
    .where('ema_uni_codigo', '=', cod_email)
    .executeTakeFirst();
}

/** The call placed for a try, if any. */
export function findCallOfTry(db: Kysely<DB>, cod_email: number, tentativa: number) {
  return db
    .selectFrom('voz_chamadas')
    .select(['call_sid', 'status'])
    .where('cod_email', '=', cod_email)
    .where('tentativa', '=', tentativa)
    .executeTakeFirst();
}

/** A call by its sid, with its message's uuid (a callback's address names it). */
export function findCall(db: Kysely<DB>, callSid: string) {
  return db
    .selectFrom('voz_chamadas as c')
    .innerJoin('emails as e', 'e.ema_uni_codigo', 'c.cod_email')
    .select(['c.call_sid', 'c.cod_email', 'c.tentativa', 'c.numero', 'c.status', 'e.ema_uni_id'])
    .where('c.call_sid', '=', callSid)
    .executeTakeFirst();
}

/** Stores a placed call; false when the try had one already (a retried job). */
export async function insertCall(
  trx: Kysely<DB>,
  row: { call_sid: string; cod_email: number; tentativa: number; provedor: string; numero: string; resposta: unknown },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('voz_chamadas')
    .values({ ...row, resposta: JSON.stringify(row.resposta ?? {}) })
    .onConflict((oc) => oc.doNothing())
    .returning('call_sid')
    .executeTakeFirst();
  return !!inserted;
}

export async function setCallStatus(trx: Kysely<DB>, callSid: string, status: string): Promise<void> {
  await trx.updateTable('voz_chamadas').set({ status }).where('call_sid', '=', callSid).execute();
}
