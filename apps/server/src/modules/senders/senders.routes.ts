import { senderBody, senderListQuery, senderListResponse, senderSchema } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { presentSender } from './senders.presenter.ts';
import * as senders from './senders.service.ts';

export function senderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Remetentes';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/sender',
    tag,
    summary: 'Remetentes do usuário (paginados, por nome; o seletor carrega 1000)',
    auth: true,
    query: senderListQuery,
    response: senderListResponse,
    handler: async ({ query, scope }) => {
      const { rows, pagination } = await senders.listSenders(ctx, scope, query);
      return { senders: rows.map(presentSender), pagination };
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/sender',
    tag,
    summary: 'Salvar remetente (sen_nome: letras, números e espaços, até 100); um nome já salvo é devolvido',
    auth: true,
    body: senderBody,
    response: senderSchema,
    // cod_usu_usuario of the payload is ignored: a sender always belongs to the signed-in user.
    handler: async ({ body, scope, reply }) => {
      const { row, created } = await senders.saveSender(ctx, scope, body.sen_nome);
      reply.status(created ? 201 : 200);
      return presentSender(row);
    },
  });
}
