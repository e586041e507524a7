import type { ApiKeyBody, WebhookBody } from '@ar/core';
import { apiClient } from '../../api/typed-client.ts';

const byId = (id: number) => ({ params: { path: { id } }, silent: true });

export const apiKeysCall = () => apiClient.GET('/v2/integracoes/chaves');
export const createApiKeyCall = (body: ApiKeyBody) => apiClient.POST('/v2/integracoes/chaves', { body, silent: true });
export const revokeApiKeyCall = (id: number) => apiClient.DELETE('/v2/integracoes/chaves/{id}', byId(id));

export const webhooksCall = () => apiClient.GET('/v2/integracoes/webhooks');
export const createWebhookCall = (body: WebhookBody) => apiClient.POST('/v2/integracoes/webhooks', { body, silent: true });
export const removeWebhookCall = (id: number) => apiClient.DELETE('/v2/integracoes/webhooks/{id}', byId(id));
export const deliveriesCall = (id: number, offset: number) =>
  apiClient.GET('/v2/integracoes/webhooks/{id}/entregas', { params: { path: { id }, query: { limit: 10, offset } } });
export const resendDeliveryCall = (id: number, deliveryId: number) =>
  apiClient.POST('/v2/integracoes/webhooks/{id}/entregas/{entregaId}/reenviar', {
    params: { path: { id, entregaId: deliveryId } },
    silent: true,
  });
