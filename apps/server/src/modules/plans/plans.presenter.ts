import {
  type CreditLog,
  type CreditLogOrder,
  type CreditState,
  type CreditsChangedResponse,
  PLAN_MSG,
  type PlanMovement,
  type Plano,
  type PlanStatusResponse,
  type PlanSummary,
  planTitleOf,
} from '@ar/core';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import type { PlanRow } from './plans.queries.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentPlan(row: PlanRow, scope: TenantScope): Plano {
  return {
    pla_codigo: row.pla_codigo,
    pla_tipo_plano: row.pla_tipo_plano,
    pla_total_credito: row.pla_total_credito,
    pla_ativo: row.pla_ativo,
    pla_nivel: row.pla_nivel,
    pla_data_criacao: iso(row.pla_data_criacao),
    usuario: { nome: row.nome },
    pla_codigo_usu_ent: row.pla_codigo_usu_ent,
    pla_dia_referencia: row.pla_dia_referencia,
    pla_periodo_inicio: iso(row.pla_periodo_inicio),
    pla_creditos_utilizados: row.pla_creditos_utilizados,
    gerenciavel: scope.canManagePlan(row),
  };
}

/** The credits object: the balance of a prepaid plan, the usage of this period of a postpaid one. */
export function presentCredits(row: PlanRow): CreditState {
  return {
    pla_codigo: row.pla_codigo,
    ativo: row.pla_ativo === 1,
    tipoPlano: row.pla_tipo_plano,
    total: row.pla_tipo_plano === '1' ? row.pla_total_credito : row.pla_creditos_utilizados,
    titlePlano: planTitleOf(row.pla_tipo_plano),
  };
}

export function presentSummary(row: PlanRow, scope: TenantScope, last: Date | null): PlanSummary {
  return { plano: presentPlan(row, scope), creditos: presentCredits(row), ultimaAquisicao: last ? iso(last) : null };
}

/** PUT /plano: the plan and its credits after the change. */
export function presentCreditsChanged(row: PlanRow, scope: TenantScope): CreditsChangedResponse {
  return { message: PLAN_MSG.creditsUpdated, plano: presentPlan(row, scope), creditos: presentCredits(row) };
}

/** PUT /planos/{id}/status: the message of the action taken and the plan after it. */
export function presentPlanStatus(row: PlanRow, scope: TenantScope): PlanStatusResponse {
  return { message: row.pla_ativo === 1 ? PLAN_MSG.activated : PLAN_MSG.deactivated, plano: presentPlan(row, scope) };
}

export function presentCreditLog(row: {
  log_codigo: number;
  log_creditos: Record<string, unknown>;
  log_quantidade: number;
  log_creditado_em: Date | null;
  log_data: Date;
}): CreditLog {
  return {
    log_codigo: row.log_codigo,
    // Stored by the store webhook as toCreditLog made it (store.order.ts).
    log_creditos: row.log_creditos as unknown as CreditLogOrder,
    log_quantidade: row.log_quantidade,
    log_creditado_em: row.log_creditado_em ? iso(row.log_creditado_em) : null,
    log_data: iso(row.log_data),
  };
}

export function presentMovement(row: {
  mov_codigo: number;
  mov_tipo: PlanMovement['mov_tipo'];
  mov_creditos: number;
  mov_saldo_apos: number;
  mov_motivo: string;
  mov_referencia: string | null;
  mov_data: Date;
  usu_nome: string | null;
}): PlanMovement {
  return {
    mov_codigo: row.mov_codigo,
    mov_tipo: row.mov_tipo,
    mov_creditos: row.mov_creditos,
    mov_saldo_apos: row.mov_saldo_apos,
    mov_motivo: row.mov_motivo,
    mov_referencia: row.mov_referencia,
    mov_data: iso(row.mov_data),
    autor: row.usu_nome ? { nome: row.usu_nome } : null,
  };
}
