import {
  customFieldsBody,
  customFieldsResponse,
  idParam,
  LEAD_MSG,
  leadBody,
  leadImportBody,
  leadImportResponse,
  leadListQuery,
  leadListResponse,
  leadSavedResponse,
  leadSchema,
  messageResponse,
} from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { presentCustomFields, presentLead } from './leads.presenter.ts';
import * as leads from './leads.service.ts';

export function leadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Destinatários';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/leads',
    tag,
    summary: 'Destinatários do usuário (paginados; pesquisa por ID, nome ou e-mail)',
    auth: true,
    query: leadListQuery,
    response: leadListResponse,
    handler: async ({ query, scope }) => {
      const { rows, pagination } = await leads.listLeads(ctx, scope, query);
      return { leads: rows.map(presentLead), pagination };
    },
  });

  // Static paths win over /leads/:id in Fastify's router, so these never reach the id route.
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/leads/custom-fields',
    tag,
    summary: 'Variáveis customizadas do usuário (usu_settings.customField)',
    auth: true,
    response: customFieldsResponse,
    handler: async ({ scope }) => presentCustomFields(await leads.getCustomFields(ctx, scope)),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/leads/custom-fields',
    tag,
    summary: 'Salvar as variáveis customizadas (somente usu_settings.customField é alterado)',
    auth: true,
    body: customFieldsBody,
    response: customFieldsResponse,
    handler: async ({ body, scope }) => presentCustomFields(await leads.saveCustomFields(ctx, scope, body.customField.data)),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/leads/import',
    tag,
    summary: 'Importar destinatários (lista de objetos; todos válidos ou nenhum é gravado)',
    auth: true,
    body: leadImportBody,
    response: leadImportResponse,
    handler: async ({ body, scope, reply }) => {
      const count = await leads.importLeads(ctx, scope, body);
      reply.status(201);
      return { message: LEAD_MSG.imported, count };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/leads/:id',
    tag,
    summary: 'Um destinatário',
    auth: true,
    params: idParam,
    response: leadSchema,
    handler: async ({ params, scope }) => presentLead(await leads.getLead(ctx, scope, params.id)),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/leads',
    tag,
    summary: 'Incluir destinatário',
    auth: true,
    body: leadBody,
    response: leadSavedResponse,
    handler: async ({ body, scope, reply }) => {
      reply.status(201);
      return { message: LEAD_MSG.created, lead: presentLead(await leads.createLead(ctx, scope, body)) };
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/leads/:id',
    tag,
    summary: 'Atualizar destinatário',
    auth: true,
    params: idParam,
    body: leadBody,
    response: leadSavedResponse,
    handler: async ({ params, body, scope }) => ({
      message: LEAD_MSG.updated,
      lead: presentLead(await leads.updateLead(ctx, scope, params.id, body)),
    }),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/leads/:id',
    tag,
    summary: 'Remover destinatário',
    auth: true,
    params: idParam,
    response: messageResponse,
    handler: async ({ params, scope }) => {
      await leads.removeLead(ctx, scope, params.id);
      return { message: LEAD_MSG.removed };
    },
  });
}
