import { type Sender, senderBody, senderListQuery } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import * as q from './senders.queries.ts';

const presentSender = (r: q.SenderRow): Sender => ({ sen_codigo: r.sen_codigo, sen_nome: r.sen_nome, cod_usu_usuario: r.cod_usu_usuario });

export function senderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Remetentes';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/sender',
    tag,
    summary: 'Remetentes do usuário (paginados, por nome; o seletor carrega 1000)',
    auth: true,
    query: senderListQuery,
    handler: async ({ query, actor }) => {
      const { rows, pagination } = await q.listSenders(ctx.db, actor.usu_codigo, query);
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
    // cod_usu_usuario of the payload is ignored: a sender always belongs to the signed-in user.
    handler: async ({ body, actor, reply }) => {
      const { row, created } = await q.upsertSender(ctx.db, actor.usu_codigo, body.sen_nome);
      reply.status(created ? 201 : 200);
      return presentSender(row);
    },
  });
}
