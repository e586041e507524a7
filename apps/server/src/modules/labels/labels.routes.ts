import {
  idParam,
  LABEL_MSG,
  labelBody,
  labelListQuery,
  labelListResponse,
  labelSavedResponse,
  labelSchema,
  messageResponse,
} from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { presentLabel } from './labels.presenter.ts';
import * as labels from './labels.service.ts';

export function labelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Etiquetas';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/etiquetas',
    tag,
    summary: 'Etiquetas do usuário (paginadas; pesquisa por ID ou nome)',
    auth: true,
    query: labelListQuery,
    response: labelListResponse,
    handler: async ({ query, scope }) => {
      const { rows, pagination } = await labels.listLabels(ctx, scope, query);
      return { etiquetas: rows.map(presentLabel), pagination };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/etiquetas/:id',
    tag,
    summary: 'Uma etiqueta',
    auth: true,
    params: idParam,
    response: labelSchema,
    handler: async ({ params, scope }) => presentLabel(await labels.getLabel(ctx, scope, params.id)),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/etiquetas',
    tag,
    summary:
      'Incluir etiqueta (eti_nome até 60, eti_cor #rrggbb; 409 se já houver uma de mesmo nome, sem diferença de maiúsculas e acentos)',
    auth: true,
    body: labelBody,
    response: labelSavedResponse,
    handler: async ({ body, scope, reply }) => {
      reply.status(201);
      return { message: LABEL_MSG.created, etiqueta: presentLabel(await labels.createLabel(ctx, scope, body)) };
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/etiquetas/:id',
    tag,
    summary: 'Atualizar etiqueta (409 se outra já tiver o mesmo nome)',
    auth: true,
    params: idParam,
    body: labelBody,
    response: labelSavedResponse,
    handler: async ({ params, body, scope }) => ({
      message: LABEL_MSG.updated,
      etiqueta: presentLabel(await labels.updateLabel(ctx, scope, params.id, body)),
    }),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/etiquetas/:id',
    tag,
    summary: 'Remover etiqueta',
    auth: true,
    params: idParam,
    response: messageResponse,
    handler: async ({ params, scope }) => {
      await labels.removeLabel(ctx, scope, params.id);
      return { message: LABEL_MSG.removed };
    },
  });
}
