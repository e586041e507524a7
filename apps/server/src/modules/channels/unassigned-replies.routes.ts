import { idParam, unassignedRepliesQuery, unassignedRepliesResponse, unassignedReply } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { getUnassignedReply, listUnassignedRepliesFor } from './unassigned-replies.service.ts';

/**
 * The replies without a reference kept unassigned (docs/unassigned-replies.md),
 * for the administrators (level 3) of the tenants whose messages they may answer: without the text,
 * with only the administrator's own tenant's messages. Another tenant's reply is 404; levels 1 and 2, 403.
 */
export function unassignedRepliesRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/canais/respostas-nao-identificadas',
    tag: 'Canais',
    summary: 'Respostas por SMS/WhatsApp sem referência que não foram atribuídas a nenhuma mensagem (administrador; sem o texto)',
    auth: true,
    query: unassignedRepliesQuery,
    response: unassignedRepliesResponse,
    handler: ({ scope, query }) => listUnassignedRepliesFor(ctx, scope, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/canais/respostas-nao-identificadas/:id',
    tag: 'Canais',
    summary: 'Uma resposta sem referência não atribuída, com as mensagens do próprio cliente a que pode se referir (sem o texto)',
    auth: true,
    params: idParam,
    response: unassignedReply,
    handler: ({ scope, params }) => getUnassignedReply(ctx, scope, params.id),
  });
}
