import type {
  DashboardBody,
  DashboardCall,
  DashboardChannels,
  DashboardDeliveredOpen,
  DashboardReceivedSent,
  DashboardResume,
  DashboardSentDelivered,
  DashboardTags,
} from '@ar/core';
import { ApiError, api, reportClientError } from '../../api/client.ts';

/** Each dashboard call's answer (spec 000 §3, §7). */
export interface DashboardAnswers {
  resume: DashboardResume;
  receivedSent: DashboardReceivedSent;
  tags: DashboardTags;
  sentDelivered: DashboardSentDelivered;
  deliveredOpen: DashboardDeliveredOpen;
  channels: DashboardChannels;
}

/**
 * POST /dashboard/{call}. Silent: each chart shows its own failure (spec 000 §8) instead of a modal
 * per chart; a server failure is still reported to the server's log, and a network failure is
 * shown by the client once.
 */
export async function dashboardCall<C extends DashboardCall>(call: C, body: DashboardBody): Promise<DashboardAnswers[C]> {
  try {
    return await api<DashboardAnswers[C]>(`/dashboard/${call}`, { method: 'POST', body, silent: true });
  } catch (e) {
    if (e instanceof ApiError && e.status >= 500)
      reportClientError(`POST /dashboard/${call} → ${e.status}`, (e.body as { requestId?: string } | null)?.requestId);
    throw e;
  }
}
