import type { ListQuery } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import { containsPattern, pagedList } from '../../db/paged-list.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

const COLUMNS = ['eti_codigo', 'eti_nome', 'eti_cor'] as const;
export type LabelRow = { eti_codigo: number; eti_nome: string; eti_cor: string };

/** The signed-in user's labels; search by ID or name. */
export function listLabels(db: Kysely<DB>, scope: TenantScope, q: ListQuery) {
  let base = db.selectFrom('etiquetas').select(COLUMNS).where(scope.own('etiquetas'));
  const term = q.searchTerm;
  if (term) {
    base = base.where((eb) => eb.or([eb(sql<string>`eti_codigo::text`, '=', term), eb('eti_nome', 'ilike', containsPattern(term))]));
  }
  return pagedList(base, q, {
    sortable: { eti_codigo: 'eti_codigo', eti_nome: 'eti_nome', eti_cor: 'eti_cor' },
    tiebreak: 'eti_codigo',
  });
}

export function findLabel(db: Kysely<DB>, scope: TenantScope, id: number) {
  return db.selectFrom('etiquetas').select(COLUMNS).where(scope.own('etiquetas')).where('eti_codigo', '=', id).executeTakeFirst();
}

/** Every label name of the user, for the same-name check. */
export function findLabelNames(db: Kysely<DB>, scope: TenantScope) {
  return db.selectFrom('etiquetas').select(['eti_codigo', 'eti_nome']).where(scope.own('etiquetas')).execute();
}

export function insertLabel(db: Kysely<DB>, scope: TenantScope, values: { eti_nome: string; eti_cor: string }) {
  return db
    .insertInto('etiquetas')
    .values({ cod_usu: scope.owner, ...values })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateLabel(db: Kysely<DB>, scope: TenantScope, id: number, values: { eti_nome: string; eti_cor: string }) {
  return db
    .updateTable('etiquetas')
    .set(values)
    .where(scope.own('etiquetas'))
    .where('eti_codigo', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteLabel(db: Kysely<DB>, scope: TenantScope, id: number) {
  const result = await db.deleteFrom('etiquetas').where(scope.own('etiquetas')).where('eti_codigo', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
