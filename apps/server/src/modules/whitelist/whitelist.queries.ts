import type { ListQuery } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { containsPattern, pagedList } from '../../http/paged-list.ts';

const COLUMNS = ['whi_codigo', 'whi_email'] as const;
export type WhitelistRow = { whi_codigo: number; whi_email: string };

export function listWhitelist(db: Kysely<DB>, usu: number, q: ListQuery) {
  let base = db.selectFrom('whitelist').select(COLUMNS).where('cod_usu', '=', usu);
  const term = q.searchTerm;
  if (term) {
    base = base.where((eb) => eb.or([eb(sql<string>`whi_codigo::text`, '=', term), eb('whi_email', 'ilike', containsPattern(term))]));
  }
  return pagedList(base, q, { sortable: { whi_codigo: 'whi_codigo', whi_email: 'whi_email' }, tiebreak: 'whi_codigo' });
}

export function findEntry(db: Kysely<DB>, usu: number, id: number) {
  return db.selectFrom('whitelist').select(COLUMNS).where('cod_usu', '=', usu).where('whi_codigo', '=', id).executeTakeFirst();
}

/** Another entry of the user with the same address (case-insensitive). */
export function findSameEmail(db: Kysely<DB>, usu: number, email: string, exceptId?: number) {
  let q = db.selectFrom('whitelist').select('whi_codigo').where('cod_usu', '=', usu).where(sql`lower(whi_email)`, '=', email.toLowerCase());
  if (exceptId) q = q.where('whi_codigo', '<>', exceptId);
  return q.executeTakeFirst();
}

export function insertEntry(db: Kysely<DB>, usu: number, whi_email: string) {
  return db.insertInto('whitelist').values({ cod_usu: usu, whi_email }).returning(COLUMNS).executeTakeFirstOrThrow();
}

export function updateEntry(db: Kysely<DB>, usu: number, id: number, whi_email: string) {
  return db
    .updateTable('whitelist')
    .set({ whi_email })
    .where('cod_usu', '=', usu)
    .where('whi_codigo', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteEntry(db: Kysely<DB>, usu: number, id: number) {
  const r = await db.deleteFrom('whitelist').where('cod_usu', '=', usu).where('whi_codigo', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
