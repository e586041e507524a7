import {
  companiesResponse,
  companyEntitiesResponse,
  ENTITY_MSG,
  entitiesListQuery,
  entitiesListResponse,
  entityBody,
  entityInviteSchema,
  entitySavedResponse,
  entityUuidParam,
  idParam,
} from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { presentCompany, presentEntity, presentEntityInvite, presentEntityOption } from './entities.presenter.ts';
import * as entities from './entities.service.ts';

export function entitiesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Entidades';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/entidades-tables',
    tag,
    summary: 'Entidades ao alcance do usuário (tabela paginada, 25 por página, ent_codigo crescente)',
    auth: true,
    query: entitiesListQuery,
    response: entitiesListResponse,
    handler: async ({ scope, query }) => {
      const { rows, pagination } = await entities.listEntities(ctx, scope, query);
      return { entidades: rows.map(presentEntity), pagination };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/entidades/:uuid',
    tag,
    summary: 'Validar o link de cadastro de uma entidade (público: só o nome fantasia)',
    auth: false,
    params: entityUuidParam,
    response: entityInviteSchema,
    handler: async ({ params }) => presentEntityInvite(await entities.getEntityInvite(ctx, params.uuid)),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/entidade',
    tag,
    summary: 'Cadastrar uma entidade numa empresa do administrador (nível 3)',
    auth: true,
    body: entityBody,
    response: entitySavedResponse,
    handler: async ({ scope, body, reply }) => {
      const created = await entities.createEntity(ctx, scope, body);
      reply.status(201);
      return { message: ENTITY_MSG.created, entidade: presentEntity(created) };
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/entidade',
    tag,
    summary: 'Atualizar a entidade ent_codigo (nível 3); os usuários seguem o tipo de plano dela',
    auth: true,
    body: entityBody,
    response: entitySavedResponse,
    handler: async ({ scope, body }) => ({
      message: ENTITY_MSG.updated,
      entidade: presentEntity(await entities.updateEntity(ctx, scope, body)),
    }),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/empresas',
    tag,
    summary: 'Empresas ao alcance do usuário',
    auth: true,
    response: companiesResponse,
    handler: async ({ scope }) => ({ empresas: (await entities.listCompanies(ctx, scope)).map(presentCompany) }),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/empresas/:id/entidades',
    tag,
    summary: 'Entidades de uma empresa ao alcance do usuário',
    auth: true,
    params: idParam,
    response: companyEntitiesResponse,
    handler: async ({ scope, params }) => ({
      entidades: (await entities.listEntitiesOfCompany(ctx, scope, params.id)).map(presentEntityOption),
    }),
  });
}
