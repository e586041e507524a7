import { PLAN_MSG, type PlanType } from '@ar/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { ensurePlan } from '../plans/ensure-plan.ts';
import { type PlanHolder, planSourceOf } from '../plans/plan-source.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import {
  adjustManagedPlan,
  applyDelta,
  debitPlanOfSource,
  debitsOfReference,
  findPlanBySource,
  insertMovement,
  lockPlan,
} from './credits.queries.ts';

/**
 * The credit ledger's entry points (docs/plans.md). Each runs on the Kysely handle it is given,
 * so a caller passes its own transaction and the debit commits or rolls back with its work.
 * pla_total_credito is the balance of a prepaid plan and the usage of a postpaid one, so a debit
 * is −units on prepaid and +units on postpaid; every change is one plano_movimentos row.
 */

/** 402: the plan cannot pay for the send. The message is the user's. */
export class InsufficientCreditsError extends AppError {
  constructor(message: string = PLAN_MSG.insufficient) {
    super(402, message);
  }
}

export interface CreditChange {
  /** Whole credit units, at least 1 (see creditUnits in @ar/core). */
  units: number;
  /** Why, in Portuguese, as the ledger will show it (e.g. 'Envio AR-Email protocolo 123'). */
  reason: string;
  /** What it is for, e.g. 'email:123'; refunds find their debit by it. */
  ref: string;
}

export interface CreditResult {
  pla_codigo: number;
  tipoPlano: PlanType;
  /** Balance after (prepaid) or usage after (postpaid). */
  total: number;
  units: number;
}

function checkUnits(units: number) {
  if (!Number.isInteger(units) || units < 1) throw new Error(`credit units must be a positive integer, got ${units}`);
}

/**
 * Debits `units` from the plan the user draws on (own plan if prepaid, entity's if postpaid).
 * Prepaid: refused with 402 when the balance is short — never below zero, even under races.
 * Postpaid: counted as usage. An inactive plan refuses with 402 as well.
 */
export async function debitCredits(trx: Kysely<DB>, user: PlanHolder, change: CreditChange): Promise<CreditResult> {
  checkUnits(change.units);
  const source = planSourceOf(user);
  const movement = { cod_usu_autor: user.usu_codigo, mov_motivo: change.reason, mov_referencia: change.ref };
  // The usual case in one statement; a missing plan is opened and the debit tried once more.
  let done = await debitPlanOfSource(trx, source, change.units, movement);
  if (!done && !(await findPlanBySource(trx, source.pla_nivel, source.pla_codigo_usu_ent))) {
    // A user created before it had a plan: open it (empty) and let the debit's conditions decide.
    await ensurePlan(trx, user);
    done = await debitPlanOfSource(trx, source, change.units, movement);
  }
  if (!done) {
    const now = await findPlanBySource(trx, source.pla_nivel, source.pla_codigo_usu_ent);
    throw new InsufficientCreditsError(now?.pla_ativo === 0 ? PLAN_MSG.inactive : PLAN_MSG.insufficient);
  }
  return { pla_codigo: done.pla_codigo, tipoPlano: done.pla_tipo_plano, total: done.pla_total_credito, units: change.units };
}

/**
 * Gives back credits of a send that failed before leaving. It finds the debit by `ref` and never
 * refunds more than was debited under it (less what was already refunded), so calling it twice
 * is harmless. `units` omitted: everything still refundable. Answers the units refunded (0 when
 * nothing was left).
 */
export async function refundCredits(
  trx: Kysely<DB>,
  actor: { usu_codigo: number } | null,
  change: Omit<CreditChange, 'units'> & { units?: number },
): Promise<CreditResult[]> {
  if (change.units !== undefined) checkUnits(change.units);
  const results: CreditResult[] = [];
  let wanted = change.units ?? Number.POSITIVE_INFINITY;
  for (const debit of await debitsOfReference(trx, change.ref)) {
    // Lock the plan, then read again: a concurrent refund of the same reference waits here.
    const plan = await lockPlan(trx, debit.cod_plano);
    if (!plan) continue;
    const fresh = (await debitsOfReference(trx, change.ref)).find((d) => d.cod_plano === debit.cod_plano);
    const left = fresh ? fresh.debitado - fresh.estornado : 0;
    const units = Math.min(left, wanted);
    if (units <= 0) continue;
    const delta = plan.pla_tipo_plano === '1' ? units : -units;
    const updated = await applyDelta(trx, plan.pla_codigo, delta);
    if (!updated) continue;
    await insertMovement(trx, {
      cod_plano: plan.pla_codigo,
      mov_tipo: 'estorno',
      mov_creditos: delta,
      mov_saldo_apos: updated.pla_total_credito,
      cod_usu_autor: actor?.usu_codigo ?? null,
      mov_motivo: change.reason,
      mov_referencia: change.ref,
    });
    wanted -= units;
    results.push({ pla_codigo: plan.pla_codigo, tipoPlano: plan.pla_tipo_plano, total: updated.pla_total_credito, units });
  }
  return results;
}

/**
 * A manager's adjustment of a prepaid plan (PUT /plano): +N adds, −N removes, never below zero,
 * on a plan the actor may change (the write carries the scope). Answers the balance after, or null
 * when nothing was written (out of reach, or the removal would go below zero).
 */
export async function adjustCredits(
  trx: Kysely<DB>,
  scope: TenantScope,
  pla_codigo: number,
  delta: number,
  reason: string,
): Promise<number | null> {
  const updated = await adjustManagedPlan(trx, scope, pla_codigo, delta);
  if (!updated) return null;
  await insertMovement(trx, {
    cod_plano: pla_codigo,
    mov_tipo: 'ajuste',
    mov_creditos: delta,
    mov_saldo_apos: updated.pla_total_credito,
    cod_usu_autor: scope.owner,
    mov_motivo: reason,
    mov_referencia: null,
  });
  return updated.pla_total_credito;
}

/** Credits of a completed store order (the unique index on cod_log makes a second one fail). */
export async function addPurchaseCredits(trx: Kysely<DB>, pla_codigo: number, units: number, cod_log: number, orderNumber: string) {
  checkUnits(units);
  const updated = await applyDelta(trx, pla_codigo, units);
  if (!updated) throw new Error(`plan ${pla_codigo} vanished`);
  await insertMovement(trx, {
    cod_plano: pla_codigo,
    mov_tipo: 'compra',
    mov_creditos: units,
    mov_saldo_apos: updated.pla_total_credito,
    cod_usu_autor: null,
    mov_motivo: `Compra na loja, pedido ${orderNumber}`,
    mov_referencia: `pedido:${orderNumber}`,
    cod_log,
  });
  return updated.pla_total_credito;
}
