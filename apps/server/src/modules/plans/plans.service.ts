import { type ListQuery, MSG, PLAN_MSG, type PlanUpdateBody } from '@ar/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { listMovements } from '../credits/credits.queries.ts';
import { adjustCredits } from '../credits/credits.service.ts';
import { listCreditLogs } from '../store/store.queries.ts';
import { ensurePlan } from './ensure-plan.ts';
import { type PlanHolder, planSourceOf } from './plan-source.ts';
import { canManagePlan, presentCreditLog, presentCredits, presentMovement, presentPlan, presentSummary } from './plans.presenter.ts';
import {
  findPlanBySourceInScope,
  findPlanInScope,
  findUserInScope,
  lastAcquisition,
  listPlansInScope,
  type PlanViewer,
  setPlanActive,
} from './plans.queries.ts';

/** The plan a user draws on, opened on first use (users created before plans existed). */
async function planOfHolder(db: Kysely<DB>, viewer: PlanViewer, holder: PlanHolder) {
  const source = planSourceOf(holder);
  let row = await findPlanBySourceInScope(db, viewer, source);
  if (!row) {
    await ensurePlan(db, holder);
    row = await findPlanBySourceInScope(db, viewer, source);
  }
  if (!row) throw notFound();
  return row;
}

/** GET /plano: the credits object of a plan source (codigo + tipo), or of the caller's own plan. */
export async function creditState(db: Kysely<DB>, viewer: PlanViewer, q: { codigo?: number; tipo?: '1' | '2' }) {
  if (!q.codigo) return presentCredits(await planOfHolder(db, viewer, viewer as PlanHolder & PlanViewer));
  const tipo = q.tipo ?? '1';
  const row = await findPlanBySourceInScope(db, viewer, { pla_nivel: tipo === '2' ? 2 : 1, pla_codigo_usu_ent: q.codigo });
  if (!row) throw notFound();
  return presentCredits(row);
}

/** GET /plano-usuario and /plano-entidade-user: plan, credits and last acquisition of a user's plan. */
export async function planSummaryOf(db: Kysely<DB>, viewer: PlanViewer & PlanHolder, usu_codigo?: number) {
  const holder = usu_codigo && usu_codigo !== viewer.usu_codigo ? await findUserInScope(db, viewer, usu_codigo) : viewer;
  if (!holder) throw notFound();
  const row = await planOfHolder(db, viewer, holder);
  return presentSummary(row, viewer, await lastAcquisition(db, row.pla_codigo));
}

export async function listPlans(db: Kysely<DB>, viewer: PlanViewer, q: ListQuery) {
  const { rows, pagination } = await listPlansInScope(db, viewer, q);
  return { planos: rows.map((r) => presentPlan(r, viewer)), pagination };
}

async function manageablePlan(db: Kysely<DB>, viewer: PlanViewer, pla_codigo: number) {
  const row = await findPlanInScope(db, viewer, pla_codigo);
  if (!row) throw notFound();
  if (!canManagePlan(viewer, row)) throw new AppError(403, MSG.forbidden);
  return row;
}

/** PUT /plano: a manager adds (+N) or removes (−N) credits of a prepaid plan, never below zero. */
export async function changeCredits(db: Kysely<DB>, viewer: PlanViewer, body: PlanUpdateBody) {
  const row = await manageablePlan(db, viewer, body.pla_codigo);
  if (row.pla_tipo_plano !== '1') throw badRequest(PLAN_MSG.postpaidAdjust);
  const delta = body.pla_total_credito;
  const reason = body.motivo || (delta > 0 ? 'Créditos adicionados pelo gerente' : 'Créditos removidos pelo gerente');
  const total = await db.transaction().execute((trx) => adjustCredits(trx, row.pla_codigo, delta, viewer.usu_codigo, reason));
  if (total === null) {
    const now = await findPlanInScope(db, viewer, row.pla_codigo);
    throw badRequest(PLAN_MSG.belowZero(now?.pla_total_credito ?? 0));
  }
  const after = await findPlanInScope(db, viewer, row.pla_codigo);
  if (!after) throw notFound();
  return { message: PLAN_MSG.creditsUpdated, plano: presentPlan(after, viewer), creditos: presentCredits(after) };
}

/** PUT /planos/{id}/status: the action menu's Ativar / Desativar. */
export async function changePlanStatus(db: Kysely<DB>, viewer: PlanViewer, pla_codigo: number, ativo: 0 | 1) {
  const row = await manageablePlan(db, viewer, pla_codigo);
  await setPlanActive(db, row.pla_codigo, ativo);
  return { message: ativo === 1 ? PLAN_MSG.activated : PLAN_MSG.deactivated, plano: presentPlan({ ...row, pla_ativo: ativo }, viewer) };
}

/** GET /historico-plano/{id}: the purchases (credit logs) of a plan the viewer may see. */
export async function creditHistory(db: Kysely<DB>, viewer: PlanViewer, pla_codigo: number, q: ListQuery) {
  const row = await findPlanInScope(db, viewer, pla_codigo);
  if (!row) throw notFound();
  const { rows, pagination } = await listCreditLogs(db, row.pla_codigo, q);
  return { historico: rows.map(presentCreditLog), pagination };
}

/** GET /planos/{id}/movimentos: the ledger of a plan the viewer may see. */
export async function planMovements(db: Kysely<DB>, viewer: PlanViewer, pla_codigo: number, q: ListQuery) {
  const row = await findPlanInScope(db, viewer, pla_codigo);
  if (!row) throw notFound();
  const { rows, pagination } = await listMovements(db, row.pla_codigo, q);
  return { movimentos: rows.map(presentMovement), pagination };
}
