import { CASCADE_MSG, type CascadePlanView } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { cascadeDraftFrom, cascadePlanProblem, emptyCascade, toCascadePlan } from './cascade-draft.ts';

describe("the cascade panel and the user's default (docs/cascade.md)", () => {
  it('starts from the saved plan and sends it back as saved', () => {
    const ladder: CascadePlanView = {
      modelo: 'personalizada',
      etapas: [
        { canal: 'email', condicao: null },
        { canal: 'whatsapp', condicao: { tipo: 'junto', prazo: null, unidade: null } },
        { canal: 'sms', condicao: { tipo: 'nao_lido', prazo: 30, unidade: 'minutos' } },
        { canal: 'carta', condicao: { tipo: 'nao_confirmado', prazo: 3, unidade: 'dias_uteis' } },
      ],
    };
    const draft = cascadeDraftFrom(ladder);
    expect(draft.modo).toBe('personalizada');
    expect(draft.etapas.map((e) => [e.canal, e.tipo, e.prazo, e.unidade])).toEqual([
      ['email', 'junto', '', 'horas'],
      ['whatsapp', 'junto', '', 'horas'],
      ['sms', 'nao_lido', '30', 'minutos'],
      ['carta', 'nao_confirmado', '3', 'dias_uteis'],
    ]);
    expect(toCascadePlan(draft)).toEqual(ladder);
    expect(toCascadePlan(cascadeDraftFrom({ modelo: 'cpc246', etapas: [] }))).toEqual({ modelo: 'cpc246' });
    expect(cascadeDraftFrom(null)).toEqual(emptyCascade());
    expect(toCascadePlan(cascadeDraftFrom(null))).toBeNull();
  });

  it("names the plan's problem as the server's schema does; none has none", () => {
    expect(cascadePlanProblem(emptyCascade())).toBeNull();
    expect(cascadePlanProblem({ ...emptyCascade(), modo: 'cpc246' })).toBeNull();
    const custom = { ...emptyCascade(), modo: 'personalizada' as const };
    expect(cascadePlanProblem(custom)).toBeNull();
    expect(cascadePlanProblem({ ...custom, etapas: custom.etapas.slice(0, 1) })).toBe(CASCADE_MSG.minSteps);
    expect(cascadePlanProblem({ ...custom, etapas: custom.etapas.map((e, i) => (i === 1 ? { ...e, prazo: '' } : e)) })).toBe(
      CASCADE_MSG.wait(2),
    );
  });
});
