import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { EVENT_HASH_COLUMNS } from './chain-fields.ts';

/** Messages joined to their sending account (u) and its entity (ent, if any): the proofs' and the public pages' base. */
export function messagesWithSender(db: Kysely<DB>) {
  return db
    .selectFrom('emails as m')
    .innerJoin('usuarios as u', 'u.usu_codigo', 'm.cod_usu')
    .leftJoin('entidades as ent', 'ent.ent_codigo', 'm.cod_ger_entidade');
}

/** Several events with whether each is stamped already (the stamp worker's batch). */
export function findEventsForStamp(db: Kysely<DB>, evt_codigos: number[]) {
  return db
    .selectFrom('email_eventos as e')
    .leftJoin('email_carimbos as c', 'c.evt_codigo', 'e.evt_codigo')
    .select(['e.evt_codigo', 'e.evt_hash', 'c.car_codigo'])
    .where('e.evt_codigo', 'in', evt_codigos)
    .execute();
}

export interface NewStamp {
  evt_codigo: number;
  car_token: Uint8Array;
  car_token_sha256: string;
  car_serial: string;
  car_gen_time: Date;
  car_tsa: string;
  car_tsa_url: string | null;
}

/** Stores stamps in one statement; an event stamped meanwhile (another worker) keeps its first stamp. */
export async function insertStamps(db: Kysely<DB>, stamps: NewStamp[]): Promise<void> {
  if (stamps.length === 0) return;
  await db
    .insertInto('email_carimbos')
    .values(stamps)
    .onConflict((oc) => oc.column('evt_codigo').doNothing())
    .execute();
}

export function findEventByHash(db: Kysely<DB>, hash: string) {
  return db.selectFrom('email_eventos').select(['evt_canal', 'evt_tipo', 'evt_data']).where('evt_hash', '=', hash).executeTakeFirst();
}

export function findStampByTokenHash(db: Kysely<DB>, tokenSha256: string) {
  return db
    .selectFrom('email_carimbos as c')
    .innerJoin('email_eventos as e', 'e.evt_codigo', 'c.evt_codigo')
    .select(['c.car_token', 'e.evt_hash'])
    .where('c.car_token_sha256', '=', tokenSha256)
    .executeTakeFirst();
}

/** A message's events in chain order, each with its stamp when it has one. */
export function stampsOfMessage(db: Kysely<DB>, cod_email: number) {
  return db
    .selectFrom('email_eventos as e')
    .leftJoin('email_carimbos as c', 'c.evt_codigo', 'e.evt_codigo')
    .select([...EVENT_HASH_COLUMNS.map((c) => `e.${c}` as const), 'c.car_token'])
    .where('e.cod_email', '=', cod_email)
    .orderBy('e.evt_seq')
    .execute();
}

/** Events still without a stamp, oldest first, recorded before `before` (the stamp sweep). */
export function findUnstampedEvents(db: Kysely<DB>, before: Date, limit: number) {
  return db
    .selectFrom('email_eventos as e')
    .leftJoin('email_carimbos as c', 'c.evt_codigo', 'e.evt_codigo')
    .select('e.evt_codigo')
    .where('c.car_codigo', 'is', null)
    .where('e.evt_data', '<', before)
    .orderBy('e.evt_codigo')
    .limit(limit)
    .execute();
}
