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
import { api } from '../../api/client.ts';

/** Each dashboard call's answer (spec 000 §3, §7). */
export interface DashboardAnswers {
  resume: DashboardResume;
  receivedSent: DashboardReceivedSent;
  tags: DashboardTags;
  sentDelivered: DashboardSentDelivered;
  deliveredOpen: DashboardDeliveredOpen;
  channels: DashboardChannels;
}

/** POST /dashboard/{call}; silent: each chart shows its own failure (spec 000 §8), a network failure is the client's. */
export const dashboardCall = <C extends DashboardCall>(call: C, body: DashboardBody) =>
  api<DashboardAnswers[C]>(`/dashboard/${call}`, { method: 'POST', body, silent: true });
