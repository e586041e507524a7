import {
  idParam,
  messageResponse,
  TEMPLATE_BODY_LIMIT,
  TEMPLATE_MSG,
  templateBody,
  templateListQuery,
  templateListResponse,
  templateSavedResponse,
  templateSchema,
} from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { presentTemplate, presentTemplateSummary } from './templates.presenter.ts';
import * as templates from './templates.service.ts';

export function templateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Modelos';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/modelos',
    tag,
    summary: 'Modelos do usuário (sem o corpo); pesquisa por ID, nome, status ou data; mod_enable=true para o seletor',
    auth: true,
    query: templateListQuery,
    response: templateListResponse,
    handler: async ({ query, scope }) => {
      const { rows, pagination } = await templates.listTemplates(ctx, scope, query);
      return { modelos: rows.map(presentTemplateSummary), pagination };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/modelos/:id',
    tag,
    summary: 'Um modelo com o corpo HTML',
    auth: true,
    params: idParam,
    response: templateSchema,
    handler: async ({ params, scope }) => presentTemplate(await templates.getTemplate(ctx, scope, params.id)),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/modelos',
    tag,
    summary: 'Incluir modelo (HTML saneado; corpo até 12 MB, senão 413)',
    auth: true,
    bodyLimit: TEMPLATE_BODY_LIMIT,
    body: templateBody,
    response: templateSavedResponse,
    handler: async ({ body, scope, reply }) => {
      reply.status(201);
      return { message: TEMPLATE_MSG.created, modelo: presentTemplate(await templates.createTemplate(ctx, scope, body)) };
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/modelos/:id',
    tag,
    summary: 'Atualizar modelo (mod_enable habilita/desabilita)',
    auth: true,
    bodyLimit: TEMPLATE_BODY_LIMIT,
    params: idParam,
    body: templateBody,
    response: templateSavedResponse,
    handler: async ({ params, body, scope }) => ({
      message: TEMPLATE_MSG.updated,
      modelo: presentTemplate(await templates.updateTemplate(ctx, scope, params.id, body)),
    }),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/modelos/:id',
    tag,
    summary: 'Remover modelo (409 quando já usado em um envio)',
    auth: true,
    params: idParam,
    response: messageResponse,
    handler: async ({ params, scope }) => {
      await templates.removeTemplate(ctx, scope, params.id);
      return { message: TEMPLATE_MSG.removed };
    },
  });
}
