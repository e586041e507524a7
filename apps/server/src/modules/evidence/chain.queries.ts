import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { EVENT_HASH_COLUMNS, MESSAGE_HASH_COLUMNS, type StoredEvent } from './chain-fields.ts';

/** The database clock, cut to milliseconds so the stored event time is exactly the one hashed. */
const now = () => sql<Date>`date_trunc('milliseconds', clock_timestamp())`.as('agora');

/** One message's hashed columns and the time, its row locked until the transaction ends (appends of one message in turn). */
export function lockMessageForChain(trx: Transaction<DB>, cod_email: number) {
  return trx
    .selectFrom('emails')
    .select([...MESSAGE_HASH_COLUMNS, 'ema_uni_hash', now()])
    .where('ema_uni_codigo', '=', cod_email)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
}

/** Several messages' hashed columns and the time, their rows locked in id order (no deadlock between batches). */
export function lockMessagesForChain(trx: Transaction<DB>, ids: number[]) {
  return trx
    .selectFrom('emails')
    .select(['ema_uni_codigo', ...MESSAGE_HASH_COLUMNS, 'ema_uni_hash', now()])
    .where('ema_uni_codigo', 'in', ids)
    .orderBy('ema_uni_codigo')
    .forNoKeyUpdate()
    .execute();
}

/** Fixes a message's hash with its first event (migration 0007 too: before the tables were sealed). */
export async function setMessageHash(db: Kysely<DB>, cod_email: number, hash: string): Promise<void> {
  await db.updateTable('emails').set({ ema_uni_hash: hash }).where('ema_uni_codigo', '=', cod_email).execute();
}

/** Fixes several messages' hashes in one statement; ema_uni_hash is set once (a trigger refuses any later change): only where it is still null. */
export async function setMessageHashes(trx: Transaction<DB>, hashes: { id: number; hash: string }[]): Promise<void> {
  if (hashes.length === 0) return;
  await sql`UPDATE emails AS m SET ema_uni_hash = v.hash
    FROM (VALUES ${sql.join(hashes.map((h) => sql`(${h.id}::bigint, ${h.hash}::text)`))}) AS v(id, hash)
    WHERE m.ema_uni_codigo = v.id AND m.ema_uni_hash IS NULL`.execute(trx);
}

/** Whether a channel of a message has its 'send' event already. */
export async function hasSendEvent(trx: Transaction<DB>, cod_email: number, canal: DB['email_eventos']['evt_canal']): Promise<boolean> {
  const sent = await trx
    .selectFrom('email_eventos')
    .select('evt_codigo')
    .where('cod_email', '=', cod_email)
    .where('evt_canal', '=', canal)
    .where('evt_tipo', '=', 'send')
    .executeTakeFirst();
  return !!sent;
}

/** The 'send' events of several messages (which channels were sent already). */
export function sendEventsOf(trx: Transaction<DB>, ids: number[]) {
  return trx
    .selectFrom('email_eventos')
    .select(['cod_email', 'evt_canal'])
    .where('cod_email', 'in', ids)
    .where('evt_tipo', '=', 'send')
    .execute();
}

/** The last event of a message's chain (none before its first). */
export function lastEventOf(trx: Transaction<DB>, cod_email: number) {
  return trx
    .selectFrom('email_eventos')
    .select(['evt_seq', 'evt_hash'])
    .where('cod_email', '=', cod_email)
    .orderBy('evt_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The last event of each of several messages' chains, in one query. */
export function lastEventsOf(trx: Transaction<DB>, ids: number[]) {
  return trx
    .selectFrom('email_eventos')
    .select(['cod_email', 'evt_seq', 'evt_hash'])
    .distinctOn('cod_email')
    .where('cod_email', 'in', ids)
    .orderBy('cod_email')
    .orderBy('evt_seq', 'desc')
    .execute();
}

/** Stores chained events; a second 'send' of a channel (unique partial index) is left out, not an error. */
export function insertChainedEvents(trx: Transaction<DB>, rows: Insertable<DB['email_eventos']>[]) {
  return trx
    .insertInto('email_eventos')
    .values(rows)
    .onConflict((oc) => oc.columns(['cod_email', 'evt_canal']).where('evt_tipo', '=', 'send').doNothing())
    .returning(['evt_codigo', 'cod_email'])
    .execute();
}

const messageForCheck = (db: Kysely<DB>, cod_email: number) =>
  db
    .selectFrom('emails')
    .leftJoin('email_cadeias', 'email_cadeias.cod_email', 'emails.ema_uni_codigo')
    .select([...MESSAGE_HASH_COLUMNS, 'ema_uni_hash', 'email_cadeias.cad_seq', 'email_cadeias.cad_hash'])
    .where('ema_uni_codigo', '=', cod_email);

/**
 * A message as its chain check reads it (the hashed columns, the hash fixed with its first event and
 * the head of its chain, migration 0037), by its id: the system's check.
 */
export function findMessageForCheck(db: Kysely<DB>, cod_email: number) {
  return messageForCheck(db, cod_email).executeTakeFirst();
}

/** The same, for the signed-in user: only its own message (another user's is not found). */
export function findOwnMessageForCheck(db: Kysely<DB>, scope: TenantScope, cod_email: number) {
  return messageForCheck(db, cod_email).where(scope.own('emails')).executeTakeFirst();
}

/** A message's events in chain order, every hashed field as stored. */
export function storedEventsOf(db: Kysely<DB>, cod_email: number): Promise<StoredEvent[]> {
  return db
    .selectFrom('email_eventos')
    .select([...EVENT_HASH_COLUMNS])
    .where('cod_email', '=', cod_email)
    .orderBy('evt_seq')
    .execute();
}
