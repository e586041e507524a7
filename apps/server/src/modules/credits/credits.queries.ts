import type { ListQuery } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import { containsPattern, pagedList } from '../../db/paged-list.ts';
import type { DB, PlanoMovimentosTable } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

type Movement = Pick<PlanoMovimentosTable, 'mov_tipo' | 'mov_motivo'> & {
  cod_plano: number;
  mov_creditos: number;
  mov_saldo_apos: number;
  cod_usu_autor: number | null;
  mov_referencia: string | null;
  cod_log?: number | null;
};

/*
 * The ledger's statements. Debits, refunds and store purchases run for the system (the send worker,
 * inbound mail, the store webhook) and are keyed by the plan or the user; what a signed-in manager
 * does to a plan (adjustManagedPlan) and what a signed-in user reads (listMovements) takes the scope.
 */

/**
 * Applies `delta` to the plan's total in one conditional UPDATE: it happens only when the total
 * stays at or above zero (and, for debits, when the plan is active). Two racing debits of the last
 * credit: the second waits for the first's row lock, re-reads the row and matches nothing.
 */
export function applyDelta(db: Kysely<DB>, pla_codigo: number, delta: number, opts: { requireActive?: boolean } = {}) {
  let q = db
    .updateTable('planos')
    .set({ pla_total_credito: sql<number>`pla_total_credito + ${delta}` })
    .where('pla_codigo', '=', pla_codigo)
    .where(sql<number>`pla_total_credito + ${delta}`, '>=', 0);
  if (opts.requireActive) q = q.where('pla_ativo', '=', 1);
  return q.returning(['pla_codigo', 'pla_tipo_plano', 'pla_total_credito']).executeTakeFirst();
}

/**
 * A send's debit in one statement (debitCredits' usual path): the plan of `source` takes `units`
 * (−units on a prepaid plan, +units of usage on a postpaid one) when it is active and the total
 * stays at or above zero, and the ledger's row is written with the total after. Nothing is
 * answered when the plan is missing, inactive or short; the caller then reads why. One round trip
 * instead of three matters: a send holds its user's counter rows locked from its insert to its
 * commit (docs/send-pipeline.md, "The send's lock").
 */
export function debitPlanOfSource(
  db: Kysely<DB>,
  source: { pla_nivel: 1 | 2; pla_codigo_usu_ent: number },
  units: number,
  m: Pick<Movement, 'cod_usu_autor' | 'mov_motivo' | 'mov_referencia'>,
) {
  const delta = sql<number>`case when pla_tipo_plano = '1' then ${-units}::int else ${units}::int end`;
  return db
    .with('p', (q) =>
      q
        .updateTable('planos')
        .set({ pla_total_credito: sql<number>`pla_total_credito + ${delta}` })
        .where('pla_nivel', '=', source.pla_nivel)
        .where('pla_codigo_usu_ent', '=', source.pla_codigo_usu_ent)
        .where('pla_ativo', '=', 1)
        .where(sql<number>`pla_total_credito + ${delta}`, '>=', 0)
        .returning(['pla_codigo', 'pla_tipo_plano', 'pla_total_credito', sql<number>`${delta}`.as('delta')]),
    )
    .with('m', (q) =>
      q
        .insertInto('plano_movimentos')
        .columns(['cod_plano', 'mov_tipo', 'mov_creditos', 'mov_saldo_apos', 'cod_usu_autor', 'mov_motivo', 'mov_referencia'])
        .expression((e) =>
          e
            .selectFrom('p')
            .select([
              'p.pla_codigo',
              sql<string>`'debito'`.as('mov_tipo'),
              'p.delta',
              'p.pla_total_credito',
              sql<number | null>`${m.cod_usu_autor}::int`.as('cod_usu_autor'),
              sql<string>`${m.mov_motivo.slice(0, 300)}::text`.as('mov_motivo'),
              sql<string | null>`${m.mov_referencia?.slice(0, 100) ?? null}::text`.as('mov_referencia'),
            ]),
        )
        .returning(['mov_codigo']),
    )
    .selectFrom('p')
    .select(['p.pla_codigo', 'p.pla_tipo_plano', 'p.pla_total_credito'])
    .where(sql<boolean>`exists (select 1 from m)`)
    .executeTakeFirst();
}

/**
 * A manager's adjustment: applyDelta on a plan the actor may change (managedPlans); nothing when the
 * plan is out of reach or the total would go below zero.
 */
export function adjustManagedPlan(db: Kysely<DB>, scope: TenantScope, pla_codigo: number, delta: number) {
  return db
    .updateTable('planos as p')
    .set({ pla_total_credito: sql<number>`p.pla_total_credito + ${delta}` })
    .where(scope.managedPlans('p'))
    .where('p.pla_codigo', '=', pla_codigo)
    .where(sql<number>`p.pla_total_credito + ${delta}`, '>=', 0)
    .returning(['p.pla_codigo', 'p.pla_tipo_plano', 'p.pla_total_credito'])
    .executeTakeFirst();
}

export async function insertMovement(db: Kysely<DB>, m: Movement) {
  return db
    .insertInto('plano_movimentos')
    .values({
      cod_plano: m.cod_plano,
      mov_tipo: m.mov_tipo,
      mov_creditos: m.mov_creditos,
      mov_saldo_apos: m.mov_saldo_apos,
      cod_usu_autor: m.cod_usu_autor,
      mov_motivo: m.mov_motivo.slice(0, 300),
      mov_referencia: m.mov_referencia?.slice(0, 100) ?? null,
      cod_log: m.cod_log ?? null,
    })
    .returning(['mov_codigo'])
    .executeTakeFirstOrThrow();
}

export function findPlanBySource(db: Kysely<DB>, pla_nivel: 1 | 2, owner: number) {
  return db
    .selectFrom('planos')
    .select(['pla_codigo', 'pla_tipo_plano', 'pla_total_credito', 'pla_ativo'])
    .where('pla_nivel', '=', pla_nivel)
    .where('pla_codigo_usu_ent', '=', owner)
    .executeTakeFirst();
}

export function lockPlan(db: Kysely<DB>, pla_codigo: number) {
  return db
    .selectFrom('planos')
    .select(['pla_codigo', 'pla_tipo_plano', 'pla_total_credito', 'pla_ativo'])
    .where('pla_codigo', '=', pla_codigo)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** Per plan: credits debited under a reference and credits already refunded for it (both positive). */
export function debitsOfReference(db: Kysely<DB>, referencia: string) {
  return db
    .selectFrom('plano_movimentos as mv')
    .innerJoin('planos as p', 'p.pla_codigo', 'mv.cod_plano')
    .select([
      'mv.cod_plano',
      'p.pla_tipo_plano',
      sql<number>`coalesce(sum(abs(mv.mov_creditos)) FILTER (WHERE mv.mov_tipo = 'debito'), 0)::int`.as('debitado'),
      sql<number>`coalesce(sum(abs(mv.mov_creditos)) FILTER (WHERE mv.mov_tipo = 'estorno'), 0)::int`.as('estornado'),
    ])
    .where('mv.mov_referencia', '=', referencia)
    .where('mv.mov_tipo', 'in', ['debito', 'estorno'])
    .groupBy(['mv.cod_plano', 'p.pla_tipo_plano'])
    .execute();
}

/** The ledger of a plan, newest first (tests and audits). */
export function movementsOf(db: Kysely<DB>, pla_codigo: number) {
  return db
    .selectFrom('plano_movimentos')
    .select([
      'mov_codigo',
      'mov_tipo',
      'mov_creditos',
      'mov_saldo_apos',
      'cod_usu_autor',
      'mov_motivo',
      'mov_referencia',
      'cod_log',
      'mov_data',
    ])
    .where('cod_plano', '=', pla_codigo)
    .orderBy('mov_codigo', 'desc')
    .execute();
}

/** One page of the ledger of a plan the actor may read, with the author's name (GET /planos/{id}/movimentos). */
export function listMovements(db: Kysely<DB>, scope: TenantScope, pla_codigo: number, q: ListQuery) {
  let base = db
    .selectFrom('plano_movimentos as mv')
    .leftJoin('usuarios as u', 'u.usu_codigo', 'mv.cod_usu_autor')
    .select([
      'mv.mov_codigo',
      'mv.mov_tipo',
      'mv.mov_creditos',
      'mv.mov_saldo_apos',
      'mv.mov_motivo',
      'mv.mov_referencia',
      'mv.mov_data',
      'u.usu_nome',
    ])
    .where(scope.planRows('mv'))
    .where('mv.cod_plano', '=', pla_codigo);
  if (q.searchTerm) {
    const pattern = containsPattern(q.searchTerm);
    base = base.where((eb) => eb.or([eb('mv.mov_motivo', 'ilike', pattern), eb('mv.mov_referencia', 'ilike', pattern)]));
  }
  return pagedList(base, q, { sortable: { mov_codigo: 'mv.mov_codigo' }, tiebreak: 'mv.mov_codigo' });
}
