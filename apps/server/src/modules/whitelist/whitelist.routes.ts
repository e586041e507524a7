import {
  idParam,
  messageResponse,
  WHITELIST_MSG,
  whitelistBody,
  whitelistEntrySchema,
  whitelistListQuery,
  whitelistListResponse,
  whitelistSavedResponse,
} from '@ar/core';
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
    response: whitelistListResponse,
    handler: async ({ query, scope }) => {
      const { rows, pagination } = await whitelist.listWhitelist(ctx, scope, query);
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
    response: whitelistEntrySchema,
    handler: async ({ params, scope }) => presentWhitelistEntry(await whitelist.getEntry(ctx, scope, params.id)),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/whitelist',
    tag,
    summary: 'Incluir e-mail na whitelist (409 se já existir)',
    auth: true,
    body: whitelistBody,
    response: whitelistSavedResponse,
    handler: async ({ body, scope, reply }) => {
      reply.status(201);
      return {
        message: WHITELIST_MSG.created,
        whitelist: presentWhitelistEntry(await whitelist.createEntry(ctx, scope, body.whi_email)),
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
    response: whitelistSavedResponse,
    handler: async ({ params, body, scope }) => ({
      message: WHITELIST_MSG.updated,
      whitelist: presentWhitelistEntry(await whitelist.updateEntry(ctx, scope, params.id, body.whi_email)),
    }),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/whitelist/:id',
    tag,
    summary: 'Remover da whitelist',
    auth: true,
    params: idParam,
    response: messageResponse,
    handler: async ({ params, scope }) => {
      await whitelist.removeEntry(ctx, scope, params.id);
      return { message: WHITELIST_MSG.removed };
    },
  });
}
