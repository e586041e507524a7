import { idParam, TEMPLATE_BODY_LIMIT, TEMPLATE_MSG, templateBody, templateListQuery } from '@ar/core';
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
    handler: async ({ query, actor }) => {
      const { rows, pagination } = await templates.listTemplates(ctx, actor.usu_codigo, query);
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
    handler: async ({ params, actor }) => presentTemplate(await templates.getTemplate(ctx, actor.usu_codigo, params.id)),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/modelos',
    tag,
    summary: 'Incluir modelo (HTML saneado; corpo até 12 MB, senão 413)',
    auth: true,
    bodyLimit: TEMPLATE_BODY_LIMIT,
    body: templateBody,
    handler: async ({ body, actor, reply }) => {
      reply.status(201);
      return { message: TEMPLATE_MSG.created, modelo: presentTemplate(await templates.createTemplate(ctx, actor.usu_codigo, body)) };
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
    handler: async ({ params, body, actor }) => ({
      message: TEMPLATE_MSG.updated,
      modelo: presentTemplate(await templates.updateTemplate(ctx, actor.usu_codigo, params.id, body)),
    }),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/modelos/:id',
    tag,
    summary: 'Remover modelo (409 quando já usado em um envio)',
    auth: true,
    params: idParam,
    handler: async ({ params, actor }) => {
      await templates.removeTemplate(ctx, actor.usu_codigo, params.id);
      return { message: TEMPLATE_MSG.removed };
    },
  });
}
