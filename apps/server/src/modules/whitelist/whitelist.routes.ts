import { idParam, WHITELIST_MSG, whitelistBody, whitelistListQuery } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { presentWhitelistEntry } from './whitelist.presenter.ts';
import * as whitelist from './whitelist.service.ts';

export function whitelistRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Whitelist';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/whitelist',
    tag,
    // The spec names the items field `leads` for this list (001 §7); kept as the contract.
    summary: 'Whitelist do usuário (paginada; responde leads[] e pagination)',
    auth: true,
    query: whitelistListQuery,
    handler: async ({ query, actor }) => {
      const { rows, pagination } = await whitelist.listWhitelist(ctx, actor.usu_codigo, query);
      return { leads: rows.map(presentWhitelistEntry), pagination };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/whitelist/:id',
    tag,
    summary: 'Um registro da whitelist',
    auth: true,
    params: idParam,
    handler: async ({ params, actor }) => presentWhitelistEntry(await whitelist.getEntry(ctx, actor.usu_codigo, params.id)),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/whitelist',
    tag,
    summary: 'Incluir e-mail na whitelist (409 se já existir)',
    auth: true,
    body: whitelistBody,
    handler: async ({ body, actor, reply }) => {
      reply.status(201);
      return {
        message: WHITELIST_MSG.created,
        whitelist: presentWhitelistEntry(await whitelist.createEntry(ctx, actor.usu_codigo, body.whi_email)),
      };
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/whitelist/:id',
    tag,
    summary: 'Atualizar e-mail da whitelist',
    auth: true,
    params: idParam,
    body: whitelistBody,
    handler: async ({ params, body, actor }) => ({
      message: WHITELIST_MSG.updated,
      whitelist: presentWhitelistEntry(await whitelist.updateEntry(ctx, actor.usu_codigo, params.id, body.whi_email)),
    }),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/whitelist/:id',
    tag,
    summary: 'Remover da whitelist',
    auth: true,
    params: idParam,
    handler: async ({ params, actor }) => {
      await whitelist.removeEntry(ctx, actor.usu_codigo, params.id);
      return { message: WHITELIST_MSG.removed };
    },
  });
}
