import type {
  ApiKeyBody,
  ApiKeyCreatedResponse,
  ApiKeyListResponse,
  MessageResponse,
  WebhookBody,
  WebhookCreatedResponse,
  WebhookDeliveryListResponse,
  WebhookListResponse,
} from '@ar/core';
import { api } from '../../api/client.ts';

export const apiKeysCall = () => api<ApiKeyListResponse>('/integracoes/chaves');
export const createApiKeyCall = (body: ApiKeyBody) =>
  api<ApiKeyCreatedResponse>('/integracoes/chaves', { method: 'POST', body, silent: true });
export const revokeApiKeyCall = (id: number) => api<MessageResponse>(`/integracoes/chaves/${id}`, { method: 'DELETE', silent: true });

export const webhooksCall = () => api<WebhookListResponse>('/integracoes/webhooks');
export const createWebhookCall = (body: WebhookBody) =>
  api<WebhookCreatedResponse>('/integracoes/webhooks', { method: 'POST', body, silent: true });
export const removeWebhookCall = (id: number) => api<MessageResponse>(`/integracoes/webhooks/${id}`, { method: 'DELETE', silent: true });
export const deliveriesCall = (id: number, offset: number) =>
  api<WebhookDeliveryListResponse>(`/integracoes/webhooks/${id}/entregas`, { query: { limit: 10, offset } });
export const resendDeliveryCall = (id: number, deliveryId: number) =>
  api<MessageResponse>(`/integracoes/webhooks/${id}/entregas/${deliveryId}/reenviar`, { method: 'POST', silent: true });
