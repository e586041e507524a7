import type { ListQuery } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import { pagedList } from '../../db/paged-list.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

/*
 * The store webhook's statements act for the system (no signed-in user: the signed delivery and the
 * order's customer are the key); the purchase history a signed-in user reads takes the scope.
 */

/** The store's customer: by its WooCommerce id, else by the order's billing e-mail (the login). */
export async function findCustomer(db: Kysely<DB>, customerId: number, email: string) {
  const cols = ['usu_codigo', 'usu_tipo_plano', 'cod_ger_entidade', 'usu_wooc_id'] as const;
  if (customerId > 0) {
    const byId = await db.selectFrom('usuarios').select(cols).where('usu_wooc_id', '=', customerId).executeTakeFirst();
    if (byId) return byId;
  }
  if (!email) return undefined;
  return db.selectFrom('usuarios').select(cols).where(sql`lower(usu_login)`, '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function linkStoreCustomer(db: Kysely<DB>, usu_codigo: number, customerId: number) {
  await db
    .updateTable('usuarios')
    .set({ usu_wooc_id: customerId })
    .where('usu_codigo', '=', usu_codigo)
    .where('usu_wooc_id', 'is', null)
    .execute();
}

export interface OrderLogValues {
  log_pedido_id: number;
  log_creditos: Record<string, unknown>;
  log_status: string;
  log_quantidade: number;
  cod_usu: number | null;
  cod_plano: number | null;
}

/**
 * Stores the order as delivered (newest delivery wins) and locks its row for this transaction, so
 * a duplicate delivery running at the same time waits and then sees log_creditado_em set.
 */
export function upsertOrderLog(db: Kysely<DB>, v: OrderLogValues) {
  return db
    .insertInto('log_creditos')
    .values({ ...v, log_creditos: JSON.stringify(v.log_creditos) })
    .onConflict((oc) =>
      oc.column('log_pedido_id').doUpdateSet((eb) => ({
        log_creditos: eb.ref('excluded.log_creditos'),
        log_status: eb.ref('excluded.log_status'),
        log_quantidade: eb.ref('excluded.log_quantidade'),
        cod_usu: sql<number | null>`coalesce(log_creditos.cod_usu, excluded.cod_usu)`,
        cod_plano: sql<number | null>`coalesce(log_creditos.cod_plano, excluded.cod_plano)`,
        log_atualizado: sql<Date>`now()`,
      })),
    )
    .returning(['log_codigo', 'log_status', 'log_quantidade', 'cod_plano', 'log_creditado_em'])
    .executeTakeFirstOrThrow();
}

export async function markCredited(db: Kysely<DB>, log_codigo: number) {
  await db.updateTable('log_creditos').set({ log_creditado_em: sql<Date>`now()` }).where('log_codigo', '=', log_codigo).execute();
}

/** The purchase history of a plan the actor may read (the Extrato tab), 10 a page, log_codigo DESC by default. */
export function listCreditLogs(db: Kysely<DB>, scope: TenantScope, pla_codigo: number, q: ListQuery) {
  let base = db
    .selectFrom('log_creditos')
    .select(['log_codigo', 'log_creditos', 'log_quantidade', 'log_creditado_em', 'log_data'])
    .where(scope.planRows('log_creditos'))
    .where('cod_plano', '=', pla_codigo);
  if (q.searchTerm) {
    const term = q.searchTerm;
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`log_creditos->>'number'`, '=', term),
        eb(sql<string>`(log_creditos->'line_items')::text`, 'ilike', `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
      ]),
    );
  }
  return pagedList(base, q, { sortable: { log_codigo: 'log_codigo' }, tiebreak: 'log_codigo' });
}

export async function orderLogExists(db: Kysely<DB>, log_pedido_id: number): Promise<boolean> {
  const row = await db.selectFrom('log_creditos').select('log_codigo').where('log_pedido_id', '=', log_pedido_id).executeTakeFirst();
  return !!row;
}
