import type { ListQuery } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import { containsPattern, pagedList } from '../../db/paged-list.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

const COLUMNS = ['whi_codigo', 'whi_email'] as const;
export type WhitelistRow = { whi_codigo: number; whi_email: string };

/** The signed-in user's whitelist; search by ID or e-mail. */
export function listWhitelist(db: Kysely<DB>, scope: TenantScope, q: ListQuery) {
  let base = db.selectFrom('whitelist').select(COLUMNS).where(scope.own('whitelist'));
  const term = q.searchTerm;
  if (term) {
    base = base.where((eb) => eb.or([eb(sql<string>`whi_codigo::text`, '=', term), eb('whi_email', 'ilike', containsPattern(term))]));
  }
  return pagedList(base, q, { sortable: { whi_codigo: 'whi_codigo', whi_email: 'whi_email' }, tiebreak: 'whi_codigo' });
}

export function findEntry(db: Kysely<DB>, scope: TenantScope, id: number) {
  return db.selectFrom('whitelist').select(COLUMNS).where(scope.own('whitelist')).where('whi_codigo', '=', id).executeTakeFirst();
}

/** Another entry of the user with the same address (case-insensitive). */
export function findSameEmail(db: Kysely<DB>, scope: TenantScope, email: string, exceptId?: number) {
  let q = db
    .selectFrom('whitelist')
    .select('whi_codigo')
    .where(scope.own('whitelist'))
    .where(sql`lower(whi_email)`, '=', email.toLowerCase());
  if (exceptId) q = q.where('whi_codigo', '<>', exceptId);
  return q.executeTakeFirst();
}

export function insertEntry(db: Kysely<DB>, scope: TenantScope, whi_email: string) {
  return db.insertInto('whitelist').values({ cod_usu: scope.owner, whi_email }).returning(COLUMNS).executeTakeFirstOrThrow();
}

export function updateEntry(db: Kysely<DB>, scope: TenantScope, id: number, whi_email: string) {
  return db
    .updateTable('whitelist')
    .set({ whi_email })
    .where(scope.own('whitelist'))
    .where('whi_codigo', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteEntry(db: Kysely<DB>, scope: TenantScope, id: number) {
  const r = await db.deleteFrom('whitelist').where(scope.own('whitelist')).where('whi_codigo', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
