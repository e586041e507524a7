import type { CreditHistoryResponse, PlanUpdateBody } from '@ar/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/typed-client.ts';

/** Query keys of the plan screens; the credits in the navigation refresh with them. */
export const PLAN_KEYS = { credits: 'credits', summary: 'plan-summary', list: 'plans', history: 'plan-history' } as const;

/** The signed-in user's credits object (navigation, compose screen). */
export function useCredits(enabled = true) {
  return useQuery({ queryKey: [PLAN_KEYS.credits], queryFn: () => apiClient.GET('/v2/plano', { silent: true }), enabled });
}

export function usePlanSummary() {
  return useQuery({ queryKey: [PLAN_KEYS.summary], queryFn: () => apiClient.GET('/v2/plano-usuario') });
}

/** The plan a given user draws on (for a manager). */
export function useUserPlan(usu_codigo: number | null) {
  return useQuery({
    queryKey: [PLAN_KEYS.summary, usu_codigo],
    queryFn: () => apiClient.GET('/v2/plano-entidade-user', { params: { query: { usu_codigo: usu_codigo ?? undefined } } }),
    enabled: usu_codigo !== null,
  });
}

export function changeCredits(body: PlanUpdateBody) {
  return apiClient.PUT('/v2/plano', { body, silent: true });
}

export function setPlanActive(pla_codigo: number, pla_ativo: 0 | 1) {
  return apiClient.PUT('/v2/planos/{id}/status', { params: { path: { id: pla_codigo } }, body: { pla_ativo }, silent: true });
}

export type { CreditHistoryResponse };

/** After any change of credits or plans: the navigation total, the summaries and the tables. */
export function refreshPlans(client: QueryClient) {
  for (const key of Object.values(PLAN_KEYS)) void client.invalidateQueries({ queryKey: [key] });
}
