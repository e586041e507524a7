import {
  apiKeyBody,
  apiKeyCreatedResponse,
  apiKeyListResponse,
  idParam,
  messageResponse,
  webhookBody,
  webhookCreatedResponse,
  webhookDeliveryListResponse,
  webhookDeliveryParams,
  webhookDeliveryQuery,
  webhookListResponse,
} from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import * as service from './integrations.service.ts';

/** /v2/integracoes: API keys and outgoing webhooks of the signed-in user (docs/integrations.md). */
export function integrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Integrações';

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/integracoes/chaves',
    tag,
    summary: 'Criar uma chave de API (o token ark_… aparece só nesta resposta; guarde-o)',
    description:
      'A chave age exatamente como o seu usuário (nível, cliente, créditos): envie `Authorization: Bearer ark_…` em qualquer rota /v2. Só o hash SHA-256 do token é guardado.',
    auth: true,
    body: apiKeyBody,
    response: apiKeyCreatedResponse,
    handler: async ({ scope, body, reply }) => {
      reply.status(201);
      return service.createApiKey(ctx, scope, body);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/integracoes/chaves',
    tag,
    summary: 'Chaves de API do usuário (nome, prefixo, criação, último uso, expiração; nunca o token)',
    auth: true,
    response: apiKeyListResponse,
    handler: async ({ scope }) => service.listApiKeys(ctx, scope),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/integracoes/chaves/:id',
    tag,
    summary: 'Revogar uma chave de API (vale na hora, em todos os processos)',
    auth: true,
    params: idParam,
    response: messageResponse,
    handler: async ({ scope, params }) => service.revokeApiKey(ctx, scope, params.id),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/integracoes/webhooks',
    tag,
    summary: 'Cadastrar um endpoint de webhook (Standard Webhooks; o segredo whsec_… aparece só nesta resposta)',
    description:
      '422 quando a URL resolve para um endereço de loopback, rede privada, link-local ou de metadados. Eventos: mensagem.status (o padrão).',
    auth: true,
    body: webhookBody,
    response: webhookCreatedResponse,
    handler: async ({ scope, body, reply }) => {
      const created = await service.createWebhook(ctx, scope, body);
      reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/integracoes/webhooks',
    tag,
    summary: 'Endpoints de webhook do usuário',
    auth: true,
    response: webhookListResponse,
    handler: async ({ scope }) => service.listWebhooks(ctx, scope),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/integracoes/webhooks/:id',
    tag,
    summary: 'Remover um endpoint de webhook (e o seu registro de entregas)',
    auth: true,
    params: idParam,
    response: messageResponse,
    handler: async ({ scope, params }) => service.removeWebhook(ctx, scope, params.id),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/integracoes/webhooks/:id/entregas',
    tag,
    summary: 'Registro de entregas de um endpoint: cada tentativa com hora, status HTTP, duração e a próxima tentativa',
    auth: true,
    params: idParam,
    query: webhookDeliveryQuery,
    response: webhookDeliveryListResponse,
    handler: async ({ scope, params, query }) => service.listDeliveries(ctx, scope, params.id, query),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/integracoes/webhooks/:id/entregas/:entregaId/reenviar',
    tag,
    summary: 'Reenviar uma entrega (mesmo webhook-id, desde a primeira tentativa do calendário)',
    auth: true,
    params: webhookDeliveryParams,
    response: messageResponse,
    handler: async ({ scope, params }) => service.resendDelivery(ctx, scope, params.id, params.entregaId),
  });
}
