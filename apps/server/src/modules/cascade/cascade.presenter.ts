import {
  CASCADE_MODEL_NAMES,
  type CascadeCondition,
  type CascadeModel,
  type CascadePlan,
  type CascadePlanView,
  type CascadeView,
  CPC246_RULE,
  describeCascadeCondition,
} from '@ar/core';
import type { StoredCascade } from './cascade.queries.ts';
import { deadlineWords } from './cascade-deadline.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The sent detail's `cascata` (and the expert report's section): the plan, each step and where it stands. */
export function presentCascade(cascade: StoredCascade | undefined): CascadeView | null {
  if (!cascade) return null;
  const modelo = cascade.cas_modelo as CascadeModel;
  const waiting = cascade.steps.some((s) => s.eta_situacao === 'aguardando');
  const skipped = cascade.steps.some((s) => s.eta_situacao === 'pulada');
  return {
    modelo,
    nome: CASCADE_MODEL_NAMES[modelo] ?? modelo,
    regra: modelo === 'cpc246' ? CPC246_RULE : null,
    situacao: waiting ? 'em_andamento' : skipped ? 'encerrada' : 'concluida',
    etapas: cascade.steps.map((s) => ({
      ordem: s.eta_ordem + 1,
      canal: s.eta_canal as CascadeView['etapas'][number]['canal'],
      condicao: describeCascadeCondition(s.eta_condicao as CascadeCondition | null),
      situacao: s.eta_situacao as CascadeView['etapas'][number]['situacao'],
      prazo: s.eta_ordem === 0 ? null : iso(s.eta_prazo),
      prazoTexto: s.eta_ordem === 0 ? null : deadlineWords(s),
      decididaEm: iso(s.eta_decidida),
      motivo: s.eta_motivo,
      creditos: s.eta_creditos,
    })),
  };
}

/** A plan as the API answers it (the user's default): every condition's wait spelt out, null where there is none. */
export function presentCascadePlan(plan: CascadePlan | null): CascadePlanView | null {
  if (!plan) return null;
  return {
    modelo: plan.modelo,
    etapas:
      plan.modelo === 'cpc246'
        ? []
        : plan.etapas.map((s) => ({
            canal: s.canal,
            condicao: s.condicao ? { tipo: s.condicao.tipo, prazo: s.condicao.prazo ?? null, unidade: s.condicao.unidade ?? null } : null,
          })),
  };
}
