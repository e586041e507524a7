import type { NotificationSector } from '@ar/core';
import { apiClient } from '../../api/typed-client.ts';

export const notificationsCall = (setor?: NotificationSector) => apiClient.GET('/v2/notificacoes', { params: { query: { setor } } });
export const totalAlertasCall = () => apiClient.GET('/v2/notificacoes/total');
export const clearNotificationsCall = (setor?: NotificationSector) =>
  apiClient.DELETE('/v2/notificacoes', { params: { query: { setor } } });
export const clearNotificationCall = (id: number) => apiClient.DELETE('/v2/notificacoes/{id}', { params: { path: { id } } });
