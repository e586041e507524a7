import { type CascadePlanView, cascadePlan } from '@ar/core';
import { type CascadeDraft, emptyCascade, toCascadePlan } from './compose-form.ts';

/**
 * A saved plan (the user's default, docs/cascade.md) as the cascade panel holds it: the inverse
 * of toCascadePlan. None is the panel's 'Nenhuma'; the preset keeps the ladder's starting steps.
 */
export function cascadeDraftFrom(plan: CascadePlanView | null): CascadeDraft {
  const empty = emptyCascade();
  if (!plan) return empty;
  if (plan.modelo === 'cpc246') return { ...empty, modo: 'cpc246' };
  return {
    modo: 'personalizada',
    etapas: plan.etapas.map((s, i) => ({
      canal: s.canal,
      tipo: i === 0 || !s.condicao ? 'junto' : s.condicao.tipo,
      prazo: s.condicao?.prazo ? String(s.condicao.prazo) : '',
      unidade: s.condicao?.unidade ?? 'horas',
    })),
  };
}

/** What core's schema says of the panel's plan (the server's 400), or null; none is always fine. */
export function cascadePlanProblem(draft: CascadeDraft): string | null {
  const plan = toCascadePlan(draft);
  if (!plan) return null;
  const parsed = cascadePlan.safeParse(plan);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
