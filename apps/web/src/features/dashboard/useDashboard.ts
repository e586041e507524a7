import type { DashboardBody, DashboardCall } from '@ar/core';
import { useQuery } from '@tanstack/react-query';
import { type DashboardAnswers, dashboardCall } from './dashboard.api.ts';

/** One dashboard call for the filter applied (Filtrar): its data, or its failure for its own chart. */
export function useDashboardCall<C extends DashboardCall>(call: C, filter: DashboardBody) {
  return useQuery<DashboardAnswers[C]>({
    queryKey: ['dashboard', call, filter],
    queryFn: () => dashboardCall(call, filter),
    placeholderData: (previous) => previous,
  });
}
