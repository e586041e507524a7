import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { EVENT_HASH_COLUMNS, MESSAGE_HASH_COLUMNS } from './chain-fields.ts';

/** Up to 500 messages with events not chained yet (migration 0007's batches). */
export function messagesToBackfill(db: Kysely<DB>) {
  return db.selectFrom('email_eventos').select('cod_email').distinct().where(sql<boolean>`evt_hash IS NULL`).limit(500).execute();
}

/** The hashed columns of a message whose events are being chained. */
export function messageToBackfill(db: Kysely<DB>, cod_email: number) {
  return db
    .selectFrom('emails')
    .select([...MESSAGE_HASH_COLUMNS])
    .where('ema_uni_codigo', '=', cod_email)
    .executeTakeFirstOrThrow();
}

/** A message's events in the order they were recorded. */
export function eventsToBackfill(db: Kysely<DB>, cod_email: number) {
  return db
    .selectFrom('email_eventos')
    .select(['evt_codigo', 'evt_data'])
    .where('cod_email', '=', cod_email)
    .orderBy('evt_codigo')
    .execute();
}

/** Numbers an event in its chain, its time cut to the milliseconds the serialisation carries; answers its hashed fields. */
export function numberEvent(db: Kysely<DB>, evt_codigo: number, seq: number) {
  return db
    .updateTable('email_eventos')
    .set({ evt_seq: seq, evt_data: sql`date_trunc('milliseconds', evt_data)` })
    .where('evt_codigo', '=', evt_codigo)
    .returning([...EVENT_HASH_COLUMNS])
    .executeTakeFirstOrThrow();
}

/** Links an event to its predecessor: the previous hash and its own. */
export async function setEventHashes(db: Kysely<DB>, evt_codigo: number, previous: string, hash: string): Promise<void> {
  await db.updateTable('email_eventos').set({ evt_hash_anterior: previous, evt_hash: hash }).where('evt_codigo', '=', evt_codigo).execute();
}
