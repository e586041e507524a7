import { idParam, receivedDetailQuery, receivedEmail, receivedListQuery, receivedListResponse } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { presentReceived, presentReceivedRow } from './received.presenter.ts';
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
    response: receivedListResponse,
    handler: async ({ scope, query }) => {
      const { rows, pagination } = await receivedList(ctx, scope, query);
      return { emailsData: rows.map(presentReceivedRow), pagination };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/received/:id',
    tag,
    summary: 'Uma mensagem recebida (corpo higienizado e anexos); a primeira abertura a marca como lida com navegador e local informados',
    auth: true,
    params: idParam,
    query: receivedDetailQuery,
    response: receivedEmail,
    handler: async ({ scope, params, query, request }) =>
      presentReceived(await receivedDetail(ctx, scope, params.id, query, { ip: request.ip, userAgent: request.headers['user-agent'] })),
  });
}
