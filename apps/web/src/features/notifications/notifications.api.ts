import type { NotificationClearedResponse, NotificationListResponse, NotificationSector, TotalAlertas } from '@ar/core';
import { api } from '../../api/client.ts';

/** Notification fetch and clear (docs/realtime.md): the proofs screen uses sector 1. */
export const notificationsCall = (setor?: NotificationSector) => api<NotificationListResponse>('/notificacoes', { query: { setor } });
export const totalAlertasCall = () => api<TotalAlertas>('/notificacoes/total');
export const clearNotificationsCall = (setor?: NotificationSector) =>
  api<NotificationClearedResponse>('/notificacoes', { method: 'DELETE', query: { setor } });
export const clearNotificationCall = (id: number) => api<NotificationClearedResponse>(`/notificacoes/${id}`, { method: 'DELETE' });
