import { type ListQuery, MSG, PLAN_MSG, type PlanUpdateBody } from '@ar/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { listMovements } from '../credits/credits.queries.ts';
import { adjustCredits } from '../credits/credits.service.ts';
import { listCreditLogs } from '../store/store.queries.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { ensurePlan } from './ensure-plan.ts';
import { type PlanHolder, planSourceOf } from './plan-source.ts';
import {
  findPlanBySourceInScope,
  findPlanInScope,
  findUserInScope,
  lastAcquisition,
  listPlansInScope,
  lockManagedPlan,
  setPlanActive,
} from './plans.queries.ts';

// Who reaches which plan is decided once, in tenancy/tenant-scope.ts (docs/plans.md, "Who sees and changes what").

/** The plan a user draws on, opened on first use (users created before plans existed). */
async function planOfHolder(db: Kysely<DB>, scope: TenantScope, holder: PlanHolder) {
  const source = planSourceOf(holder);
  let row = await findPlanBySourceInScope(db, scope, source);
  if (!row) {
    await ensurePlan(db, holder);
    row = await findPlanBySourceInScope(db, scope, source);
  }
  if (!row) throw notFound();
  return row;
}

/** GET /plano: the plan of a plan source (codigo + tipo), or of the caller's own plan. */
export async function creditState(ctx: AppContext, scope: TenantScope, q: { codigo?: number; tipo?: '1' | '2' }) {
  const { db } = ctx;
  if (!q.codigo) return planOfHolder(db, scope, scope.actor);
  const tipo = q.tipo ?? '1';
  const row = await findPlanBySourceInScope(db, scope, { pla_nivel: tipo === '2' ? 2 : 1, pla_codigo_usu_ent: q.codigo });
  if (!row) throw notFound();
  return row;
}

/** GET /plano-usuario and /plano-entidade-user: a user's plan and its last acquisition. */
export async function planSummaryOf(ctx: AppContext, scope: TenantScope, usu_codigo?: number) {
  const { db } = ctx;
  const actor = scope.actor;
  const holder = usu_codigo && usu_codigo !== actor.usu_codigo ? await findUserInScope(db, scope, usu_codigo) : actor;
  if (!holder) throw notFound();
  const row = await planOfHolder(db, scope, holder);
  return { row, last: await lastAcquisition(db, scope, row.pla_codigo) };
}

export const listPlans = (ctx: AppContext, scope: TenantScope, q: ListQuery) => listPlansInScope(ctx.db, scope, q);

/** A plan the actor sees (else 404) and may change (else 403). */
async function manageablePlan(db: Kysely<DB>, scope: TenantScope, pla_codigo: number) {
  const row = await findPlanInScope(db, scope, pla_codigo);
  if (!row) throw notFound();
  if (!scope.canManagePlan(row)) throw new AppError(403, MSG.forbidden);
  return row;
}

/** PUT /plano: a manager adds (+N) or removes (−N) credits of a prepaid plan, never below zero. Answers the plan after. */
export async function changeCredits(ctx: AppContext, scope: TenantScope, body: PlanUpdateBody) {
  const { db } = ctx;
  const row = await manageablePlan(db, scope, body.pla_codigo);
  if (row.pla_tipo_plano !== '1') throw badRequest(PLAN_MSG.postpaidAdjust);
  const delta = body.pla_total_credito;
  const reason = body.motivo || (delta > 0 ? 'Créditos adicionados pelo gerente' : 'Créditos removidos pelo gerente');
  const total = await inTransaction(db, async (trx) => {
    // Locked in the transaction that writes, so an answer of 'below zero' reads the total it was refused on.
    if (!(await lockManagedPlan(trx, scope, row.pla_codigo))) throw notFound();
    return adjustCredits(trx, scope, row.pla_codigo, delta, reason);
  });
  if (total === null) {
    const now = await findPlanInScope(db, scope, row.pla_codigo);
    throw badRequest(PLAN_MSG.belowZero(now?.pla_total_credito ?? 0));
  }
  return (await findPlanInScope(db, scope, row.pla_codigo)) ?? Promise.reject(notFound());
}

/** PUT /planos/{id}/status: the action menu's Ativar / Desativar. Answers the plan after. */
export async function changePlanStatus(ctx: AppContext, scope: TenantScope, pla_codigo: number, ativo: 0 | 1) {
  const { db } = ctx;
  const row = await manageablePlan(db, scope, pla_codigo);
  if (!(await setPlanActive(db, scope, row.pla_codigo, ativo))) throw notFound();
  return { ...row, pla_ativo: ativo };
}

/** GET /historico-plano/{id}: the purchases (credit logs) of a plan the actor may see. */
export async function creditHistory(ctx: AppContext, scope: TenantScope, pla_codigo: number, q: ListQuery) {
  const { db } = ctx;
  const row = await findPlanInScope(db, scope, pla_codigo);
  if (!row) throw notFound();
  return listCreditLogs(db, scope, row.pla_codigo, q);
}

/** GET /planos/{id}/movimentos: the ledger of a plan the actor may see. */
export async function planMovements(ctx: AppContext, scope: TenantScope, pla_codigo: number, q: ListQuery) {
  const { db } = ctx;
  const row = await findPlanInScope(db, scope, pla_codigo);
  if (!row) throw notFound();
  return listMovements(db, scope, row.pla_codigo, q);
}
