import { idParam, receivedDetailQuery, receivedListQuery } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { receivedDetail, receivedList } from './received.service.ts';

/** Received messages (spec 001 §2.8, §2.9, §7); their attachments download at GET /email/attachments/{id}/{uuid}?path=. */
export function receivedRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'AR-Email';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/received',
    tag,
    summary: 'Mensagens recebidas (respostas aos AR-Emails), 25 por página; busca por ID, remetente, assunto ou data dd/mm/aaaa',
    auth: true,
    query: receivedListQuery,
    handler: ({ actor, query }) => receivedList(ctx, actor, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/received/:id',
    tag,
    summary: 'Uma mensagem recebida (corpo higienizado e anexos); a primeira abertura a marca como lida com navegador e local informados',
    auth: true,
    params: idParam,
    query: receivedDetailQuery,
    handler: ({ actor, params, query, request }) =>
      receivedDetail(ctx, actor, params.id, query, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  });
}
