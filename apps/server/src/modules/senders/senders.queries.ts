import type { ListQuery } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import { containsPattern, pagedList } from '../../db/paged-list.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

const COLUMNS = ['sen_codigo', 'sen_nome', 'cod_usu_usuario'] as const;
export type SenderRow = { sen_codigo: number; sen_nome: string; cod_usu_usuario: number };

/** A sender's owner is cod_usu_usuario (not cod_usu). */
const own = (scope: TenantScope) => scope.own('remetentes', 'cod_usu_usuario');

/** The signed-in user's senders; search by name. */
export function listSenders(db: Kysely<DB>, scope: TenantScope, q: ListQuery) {
  let base = db.selectFrom('remetentes').select(COLUMNS).where(own(scope));
  if (q.searchTerm) base = base.where('sen_nome', 'ilike', containsPattern(q.searchTerm));
  return pagedList(base, q, { sortable: { sen_codigo: 'sen_codigo', sen_nome: 'sen_nome' }, tiebreak: 'sen_codigo' });
}

/** Saves a sender once per user and name (case-insensitive): an existing one is answered as is. */
export async function upsertSender(db: Kysely<DB>, scope: TenantScope, sen_nome: string) {
  const inserted = await db
    .insertInto('remetentes')
    .values({ cod_usu_usuario: scope.owner, sen_nome })
    .onConflict((oc) => oc.expression(sql`cod_usu_usuario, lower(sen_nome)`).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const row = await db
    .selectFrom('remetentes')
    .select(COLUMNS)
    .where(own(scope))
    .where(sql`lower(sen_nome)`, '=', sen_nome.toLowerCase())
    .executeTakeFirstOrThrow();
  return { row, created: false };
}
