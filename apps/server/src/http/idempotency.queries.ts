import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The `idempotencia` rows (idempotency.ts): one per (user, Idempotency-Key), the user being the request's actor. */
const HOURS = 24;
const STALE_CLAIM_MINUTES = 10;
/** The request's signed-in user, by its code (the key is per user). */
export type Who = { usu_codigo: number };

export type Stored = {
  idm_hash: string;
  idm_status: number | null;
  idm_corpo: string | null;
  idm_criada: Date;
  idm_expira: Date;
  vencida: boolean;
};

export async function claim(db: Kysely<DB>, who: Who, key: string, route: string, hash: string): Promise<boolean> {
  const row = await db
    .insertInto('idempotencia')
    .values({
      cod_usu: who.usu_codigo,
      idm_chave: key,
      idm_rota: route,
      idm_hash: hash,
      idm_expira: sql<Date>`now() + make_interval(hours => ${HOURS})`,
    })
    .onConflict((oc) => oc.columns(['cod_usu', 'idm_chave']).doNothing())
    .returning('idm_chave')
    .executeTakeFirst();
  return !!row;
}

export function stored(db: Kysely<DB>, who: Who, key: string): Promise<Stored | undefined> {
  return db
    .selectFrom('idempotencia')
    .select([
      'idm_hash',
      'idm_status',
      'idm_corpo',
      'idm_criada',
      'idm_expira',
      sql<boolean>`idm_expira <= now() OR (idm_status IS NULL AND idm_criada < now() - make_interval(mins => ${STALE_CLAIM_MINUTES}))`.as(
        'vencida',
      ),
    ])
    .where('cod_usu', '=', who.usu_codigo)
    .where('idm_chave', '=', key)
    .executeTakeFirst() as Promise<Stored | undefined>;
}

/** Frees a key whose row is past its 24 hours, or a claim nobody finished (only that very row). */
export async function release(db: Kysely<DB>, who: Who, key: string, row: Stored): Promise<void> {
  await db
    .deleteFrom('idempotencia')
    .where('cod_usu', '=', who.usu_codigo)
    .where('idm_chave', '=', key)
    .where('idm_criada', '=', row.idm_criada)
    .execute();
}

/** The request's answer stored under its key; `status` null: the key is freed (a failure of ours, or an answer sent as a file). */
export async function finish(db: Kysely<DB>, who: Who, key: string, status: number | null, body: unknown): Promise<void> {
  if (status === null) await db.deleteFrom('idempotencia').where('cod_usu', '=', who.usu_codigo).where('idm_chave', '=', key).execute();
  else
    await db
      .updateTable('idempotencia')
      .set({ idm_status: status, idm_corpo: JSON.stringify(body ?? null) })
      .where('cod_usu', '=', who.usu_codigo)
      .where('idm_chave', '=', key)
      .execute();
}

/** Rows past their 24 hours (now and then, by a request: the delete is by an index). */
export async function deleteExpired(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('idempotencia').where('idm_expira', '<', sql<Date>`now()`).execute();
}
