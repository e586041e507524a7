import type { ListQuery } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import { containsPattern, pagedList } from '../../db/paged-list.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import type { PlanSource } from './plan-source.ts';

type PlanDB = DB & {
  p: DB['planos'];
  u: DB['usuarios'];
  e: DB['entidades'];
  m: DB['empresas'];
};

// Wall-clock time in Brasília (UTC−3, no daylight saving since 2019), as a timestamp without zone.
const brtNow = sql`((now() AT TIME ZONE 'UTC') - interval '3 hours')`;
/** Start of the current reference period of plan p (last day pla_dia_referencia at 00:00 Brasília). */
const periodStart = sql<Date>`((date_trunc('month', ${brtNow})
  - CASE WHEN extract(day FROM ${brtNow}) < p.pla_dia_referencia THEN interval '1 month' ELSE interval '0 days' END
  + make_interval(days => p.pla_dia_referencia - 1) + interval '3 hours') AT TIME ZONE 'UTC')`;
/** Credits used by a postpaid plan in its current period: its debits less its refunds. */
const usedInPeriod = sql<number>`CASE WHEN p.pla_tipo_plano = '2' THEN (
  SELECT coalesce(sum(mv.mov_creditos), 0)::int FROM plano_movimentos mv
  WHERE mv.cod_plano = p.pla_codigo AND mv.mov_tipo IN ('debito', 'estorno') AND mv.mov_data >= ${periodStart}
) ELSE 0 END`;

/** Every plan query starts here: the plans the scope reaches (tenant-scope.ts), with their owner's name. */
function plansWithOwner(db: Kysely<DB>, scope: TenantScope) {
  return (db as unknown as Kysely<PlanDB>)
    .selectFrom('planos as p')
    .leftJoin('usuarios as u', (join) => join.on('p.pla_nivel', '=', 1).onRef('u.usu_codigo', '=', 'p.pla_codigo_usu_ent'))
    .leftJoin('entidades as e', (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb('p.pla_nivel', '=', 2), eb('e.ent_codigo', '=', eb.ref('p.pla_codigo_usu_ent'))]),
          eb.and([eb('p.pla_nivel', '=', 1), eb('e.ent_codigo', '=', eb.ref('u.cod_ger_entidade'))]),
        ]),
      ),
    )
    .leftJoin('empresas as m', 'm.emp_codigo', 'e.cod_ger_empresa')
    .where(scope.plans('p'))
    .select([
      'p.pla_codigo',
      'p.pla_tipo_plano',
      'p.pla_total_credito',
      'p.pla_ativo',
      'p.pla_nivel',
      'p.pla_data_criacao',
      'p.pla_codigo_usu_ent',
      'p.pla_dia_referencia',
      sql<string>`coalesce(u.usu_nome, e.ent_nome_fantasia, '')`.as('nome'),
      periodStart.as('pla_periodo_inicio'),
      usedInPeriod.as('pla_creditos_utilizados'),
    ]);
}

export type PlanRow = Awaited<ReturnType<ReturnType<typeof plansWithOwner>['executeTakeFirstOrThrow']>>;

export function findPlanInScope(db: Kysely<DB>, scope: TenantScope, pla_codigo: number) {
  return plansWithOwner(db, scope).where('p.pla_codigo', '=', pla_codigo).executeTakeFirst();
}

export function findPlanBySourceInScope(db: Kysely<DB>, scope: TenantScope, source: Pick<PlanSource, 'pla_nivel' | 'pla_codigo_usu_ent'>) {
  return plansWithOwner(db, scope)
    .where('p.pla_nivel', '=', source.pla_nivel)
    .where('p.pla_codigo_usu_ent', '=', source.pla_codigo_usu_ent)
    .executeTakeFirst();
}

const SORTABLE: Record<string, string> = {
  pla_codigo: 'p.pla_codigo',
  nome: 'nome',
  pla_nivel: 'p.pla_nivel',
  pla_data_criacao: 'p.pla_data_criacao',
  pla_total_credito: 'p.pla_total_credito',
  pla_tipo_plano: 'p.pla_tipo_plano',
  pla_ativo: 'p.pla_ativo',
};

export function listPlansInScope(db: Kysely<DB>, scope: TenantScope, q: ListQuery) {
  let base = plansWithOwner(db, scope);
  if (q.searchTerm) {
    const pattern = containsPattern(q.searchTerm);
    const asNumber = /^\d{1,9}$/.test(q.searchTerm) ? Number(q.searchTerm) : -1;
    base = base.where((eb) =>
      eb.or([eb('u.usu_nome', 'ilike', pattern), eb('e.ent_nome_fantasia', 'ilike', pattern), eb('p.pla_codigo', '=', asNumber)]),
    );
  }
  return pagedList(base, q, { sortable: SORTABLE, tiebreak: 'p.pla_codigo' });
}

/** Writes by id carry the scope too: a plan the actor may not change matches nothing (answers false). */
export async function setPlanActive(db: Kysely<DB>, scope: TenantScope, pla_codigo: number, ativo: 0 | 1): Promise<boolean> {
  const res = await db
    .updateTable('planos as p')
    .set({ pla_ativo: ativo })
    .where('p.pla_codigo', '=', pla_codigo)
    .where(scope.managedPlans('p'))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Locks a plan the actor may change, inside the transaction that changes it; nothing when out of reach. */
export function lockManagedPlan(db: Kysely<DB>, scope: TenantScope, pla_codigo: number) {
  return db
    .selectFrom('planos as p')
    .select(['p.pla_codigo'])
    .where('p.pla_codigo', '=', pla_codigo)
    .where(scope.managedPlans('p'))
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** Date of the last credit acquisition of a plan the actor may read: a store purchase or a manager's addition. */
export async function lastAcquisition(db: Kysely<DB>, scope: TenantScope, pla_codigo: number): Promise<Date | null> {
  const row = await db
    .selectFrom('plano_movimentos')
    .select(sql<Date | null>`max(mov_data)`.as('last'))
    .where(scope.planRows('plano_movimentos'))
    .where('cod_plano', '=', pla_codigo)
    .where((eb) => eb.or([eb('mov_tipo', '=', 'compra'), eb.and([eb('mov_tipo', '=', 'ajuste'), eb('mov_creditos', '>', 0)])]))
    .executeTakeFirst();
  return row?.last ?? null;
}

/** A user in scope (tenant-scope.ts), with the fields that decide its plan. */
export function findUserInScope(db: Kysely<DB>, scope: TenantScope, usu_codigo: number) {
  return db
    .selectFrom('usuarios as u')
    .select(['u.usu_codigo', 'u.usu_tipo_plano', 'u.cod_ger_entidade'])
    .where('u.usu_codigo', '=', usu_codigo)
    .where(scope.users('u'))
    .executeTakeFirst();
}

/** Opens the plan of an owner (ensure-plan.ts: user creation, first use, the store): keyed by its owner, no actor. */
export async function insertPlanIfMissing(db: Kysely<DB>, source: PlanSource) {
  await db
    .insertInto('planos')
    .values({ pla_nivel: source.pla_nivel, pla_codigo_usu_ent: source.pla_codigo_usu_ent, pla_tipo_plano: source.pla_tipo_plano })
    .onConflict((oc) => oc.columns(['pla_nivel', 'pla_codigo_usu_ent']).doNothing())
    .execute();
}

/** The demo seed's users by login, with what decides their plan (seed only: no actor). */
export function findPlanHoldersByLogin(db: Kysely<DB>, logins: string[]) {
  return db
    .selectFrom('usuarios')
    .select(['usu_codigo', 'usu_login', 'usu_tipo_plano', 'cod_ger_entidade'])
    .where('usu_login', 'in', logins)
    .execute();
}
