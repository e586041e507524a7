import { customFieldsBody, idParam, LEAD_MSG, leadBody, leadImportBody, leadListQuery } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { presentLead } from './leads.presenter.ts';
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
    handler: async ({ query, actor }) => {
      const { rows, pagination } = await leads.listLeads(ctx, actor.usu_codigo, query);
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
    handler: async ({ actor }) => ({ customField: { data: await leads.getCustomFields(ctx, actor.usu_codigo) } }),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/leads/custom-fields',
    tag,
    summary: 'Salvar as variáveis customizadas (somente usu_settings.customField é alterado)',
    auth: true,
    body: customFieldsBody,
    handler: async ({ body, actor }) => ({
      customField: { data: await leads.saveCustomFields(ctx, actor.usu_codigo, body.customField.data) },
    }),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/leads/import',
    tag,
    summary: 'Importar destinatários (lista de objetos; todos válidos ou nenhum é gravado)',
    auth: true,
    body: leadImportBody,
    handler: async ({ body, actor, reply }) => {
      const count = await leads.importLeads(ctx, actor.usu_codigo, body);
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
    handler: async ({ params, actor }) => presentLead(await leads.getLead(ctx, actor.usu_codigo, params.id)),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/leads',
    tag,
    summary: 'Incluir destinatário',
    auth: true,
    body: leadBody,
    handler: async ({ body, actor, reply }) => {
      reply.status(201);
      return { message: LEAD_MSG.created, lead: presentLead(await leads.createLead(ctx, actor.usu_codigo, body)) };
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
    handler: async ({ params, body, actor }) => ({
      message: LEAD_MSG.updated,
      lead: presentLead(await leads.updateLead(ctx, actor.usu_codigo, params.id, body)),
    }),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/leads/:id',
    tag,
    summary: 'Remover destinatário',
    auth: true,
    params: idParam,
    handler: async ({ params, actor }) => {
      await leads.removeLead(ctx, actor.usu_codigo, params.id);
      return { message: LEAD_MSG.removed };
    },
  });
}
