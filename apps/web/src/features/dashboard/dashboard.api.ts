import type { DashboardBody, DashboardCall } from '@ar/core';
import { ApiError, api, reportClientError } from '../../api/client.ts';
import type { ApiResponse } from '../../api/typed-client.ts';

/** Each dashboard call's answer (spec 000 §3, §7), as the API's contract types it. */
export interface DashboardAnswers {
  resume: ApiResponse<'post', '/v2/dashboard/resume'>;
  receivedSent: ApiResponse<'post', '/v2/dashboard/receivedSent'>;
  tags: ApiResponse<'post', '/v2/dashboard/tags'>;
  sentDelivered: ApiResponse<'post', '/v2/dashboard/sentDelivered'>;
  deliveredOpen: ApiResponse<'post', '/v2/dashboard/deliveredOpen'>;
  channels: ApiResponse<'post', '/v2/dashboard/channels'>;
}

/**
 * POST /dashboard/{call}. Silent: each chart shows its own failure (spec 000 §8) instead of a modal
 * per chart; a server failure is still reported to the server's log, and a network failure is
 * shown by the client once.
 */
export async function dashboardCall<C extends DashboardCall>(call: C, body: DashboardBody): Promise<DashboardAnswers[C]> {
  try {
    // Typed by DashboardAnswers, from the contracts: the call's name is a value (one function for six charts), which the typed client's literal paths cannot take.
    return await api<DashboardAnswers[C]>(`/dashboard/${call}`, { method: 'POST', body, silent: true });
  } catch (e) {
    if (e instanceof ApiError && e.status >= 500)
      reportClientError(`POST /dashboard/${call} → ${e.status}`, (e.body as { requestId?: string } | null)?.requestId);
    throw e;
  }
}
