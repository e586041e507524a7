import type { ListQuery } from '@ar/core';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { containsPattern, pagedList } from '../../http/paged-list.ts';
import type { Actor } from '../auth/actor.ts';
import type { PlanSource } from './plan-source.ts';

/** Who is asking, as far as the tenant filter of plans is concerned. */
export type PlanViewer = Pick<Actor, 'usu_codigo' | 'usu_nivel' | 'cod_ger_adm' | 'cod_ger_entidade' | 'usu_tipo_plano'>;

type PlanDB = DB & {
  p: DB['planos'];
  u: DB['usuarios'];
  e: DB['entidades'];
  m: DB['empresas'];
};

/**
 * Tenant filter of plans (docs/plans.md): level 3 the plans of the users and entities of the
 * companies it administers; level 2 its entity's plan and its users' plans; level 1 only the
 * plan it draws on.
 */
function planScope(viewer: PlanViewer) {
  return (eb: ExpressionBuilder<PlanDB, 'p' | 'u' | 'e' | 'm'>) => {
    if (viewer.usu_nivel === 3) return eb('m.cod_ger_adm', '=', viewer.cod_ger_adm ?? viewer.usu_codigo);
    if (viewer.usu_nivel === 2) return eb('e.ent_codigo', '=', viewer.cod_ger_entidade ?? -1);
    const own = eb.and([eb('p.pla_nivel', '=', 1), eb('p.pla_codigo_usu_ent', '=', viewer.usu_codigo)]);
    if (viewer.usu_tipo_plano !== '2' || !viewer.cod_ger_entidade) return own;
    return eb.or([own, eb.and([eb('p.pla_nivel', '=', 2), eb('p.pla_codigo_usu_ent', '=', viewer.cod_ger_entidade)])]);
  };
}

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

function plansWithOwner(db: Kysely<DB>, viewer: PlanViewer) {
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
    .where(planScope(viewer))
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

export function findPlanInScope(db: Kysely<DB>, viewer: PlanViewer, pla_codigo: number) {
  return plansWithOwner(db, viewer).where('p.pla_codigo', '=', pla_codigo).executeTakeFirst();
}

export function findPlanBySourceInScope(db: Kysely<DB>, viewer: PlanViewer, source: Pick<PlanSource, 'pla_nivel' | 'pla_codigo_usu_ent'>) {
  return plansWithOwner(db, viewer)
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

export function listPlansInScope(db: Kysely<DB>, viewer: PlanViewer, q: ListQuery) {
  let base = plansWithOwner(db, viewer);
  if (q.searchTerm) {
    const pattern = containsPattern(q.searchTerm);
    const asNumber = /^\d{1,9}$/.test(q.searchTerm) ? Number(q.searchTerm) : -1;
    base = base.where((eb) =>
      eb.or([eb('u.usu_nome', 'ilike', pattern), eb('e.ent_nome_fantasia', 'ilike', pattern), eb('p.pla_codigo', '=', asNumber)]),
    );
  }
  return pagedList(base, q, { sortable: SORTABLE, tiebreak: 'p.pla_codigo' });
}

export async function setPlanActive(db: Kysely<DB>, pla_codigo: number, ativo: 0 | 1) {
  await db.updateTable('planos').set({ pla_ativo: ativo }).where('pla_codigo', '=', pla_codigo).execute();
}

/** Date of the last credit acquisition: a store purchase or a manager's addition. */
export async function lastAcquisition(db: Kysely<DB>, pla_codigo: number): Promise<Date | null> {
  const row = await db
    .selectFrom('plano_movimentos')
    .select(sql<Date | null>`max(mov_data)`.as('last'))
    .where('cod_plano', '=', pla_codigo)
    .where((eb) => eb.or([eb('mov_tipo', '=', 'compra'), eb.and([eb('mov_tipo', '=', 'ajuste'), eb('mov_creditos', '>', 0)])]))
    .executeTakeFirst();
  return row?.last ?? null;
}

/** A user the viewer may see (same tenant rule as its plans), with the fields that decide its plan. */
export function findUserInScope(db: Kysely<DB>, viewer: PlanViewer, usu_codigo: number) {
  let q = db
    .selectFrom('usuarios as u')
    .leftJoin('entidades as e', 'e.ent_codigo', 'u.cod_ger_entidade')
    .leftJoin('empresas as m', 'm.emp_codigo', 'e.cod_ger_empresa')
    .select(['u.usu_codigo', 'u.usu_tipo_plano', 'u.cod_ger_entidade'])
    .where('u.usu_codigo', '=', usu_codigo);
  if (viewer.usu_nivel === 3) q = q.where('m.cod_ger_adm', '=', viewer.cod_ger_adm ?? viewer.usu_codigo);
  else if (viewer.usu_nivel === 2) q = q.where('u.cod_ger_entidade', '=', viewer.cod_ger_entidade ?? -1);
  else q = q.where('u.usu_codigo', '=', viewer.usu_codigo);
  return q.executeTakeFirst();
}

export async function insertPlanIfMissing(db: Kysely<DB>, source: PlanSource) {
  await db
    .insertInto('planos')
    .values({ pla_nivel: source.pla_nivel, pla_codigo_usu_ent: source.pla_codigo_usu_ent, pla_tipo_plano: source.pla_tipo_plano })
    .onConflict((oc) => oc.columns(['pla_nivel', 'pla_codigo_usu_ent']).doNothing())
    .execute();
}
