import {
  type CascadeChannel,
  type CascadeConditionType,
  type CascadePlanInput,
  type CascadePlanView,
  type CascadeUnit,
  cascadePlan,
} from '@ar/core';

/** One step of a custom cascade as the form holds it (the wait as typed). */
export interface CascadeStepDraft {
  canal: CascadeChannel;
  tipo: CascadeConditionType;
  prazo: string;
  unidade: CascadeUnit;
}

/** The channel cascade (docs/cascade.md): none, the CPC art. 246 preset, or the user's own ladder. */
export interface CascadeDraft {
  modo: 'nenhuma' | 'cpc246' | 'personalizada';
  etapas: CascadeStepDraft[];
}

export const emptyCascade = (): CascadeDraft => ({
  modo: 'nenhuma',
  etapas: [
    { canal: 'email', tipo: 'junto', prazo: '', unidade: 'horas' },
    { canal: 'sms', tipo: 'nao_lido', prazo: '24', unidade: 'horas' },
  ],
});

/** The payload's `cascata` from the form: null without one; the first step has no condition, `junto` no wait. */
export function toCascadePlan(c: CascadeDraft | null | undefined): CascadePlanInput | null {
  if (!c || c.modo === 'nenhuma') return null;
  if (c.modo === 'cpc246') return { modelo: 'cpc246' };
  return {
    modelo: 'personalizada',
    etapas: c.etapas.map((e, i) =>
      i === 0
        ? { canal: e.canal, condicao: null }
        : {
            canal: e.canal,
            condicao:
              e.tipo === 'junto'
                ? { tipo: 'junto', prazo: null, unidade: null }
                : { tipo: e.tipo, prazo: e.prazo.trim() === '' ? null : Number(e.prazo), unidade: e.unidade },
          },
    ),
  };
}

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
