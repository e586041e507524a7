import { entitiesListQuery, entityBody, entityUuidParam, idParam } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
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
    handler: ({ actor, query }) => entities.listEntities(ctx, actor, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/entidades/:uuid',
    tag,
    summary: 'Validar o link de cadastro de uma entidade (público: só o nome fantasia)',
    auth: false,
    params: entityUuidParam,
    handler: ({ params }) => entities.getEntityInvite(ctx, params.uuid),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/entidade',
    tag,
    summary: 'Cadastrar uma entidade numa empresa do administrador (nível 3)',
    auth: true,
    body: entityBody,
    handler: async ({ actor, body, reply }) => {
      const created = await entities.createEntity(ctx, actor, body);
      reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/entidade',
    tag,
    summary: 'Atualizar a entidade ent_codigo (nível 3); os usuários seguem o tipo de plano dela',
    auth: true,
    body: entityBody,
    handler: ({ actor, body }) => entities.updateEntity(ctx, actor, body),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/empresas',
    tag,
    summary: 'Empresas ao alcance do usuário',
    auth: true,
    handler: ({ actor }) => entities.listCompanies(ctx, actor),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/empresas/:id/entidades',
    tag,
    summary: 'Entidades de uma empresa ao alcance do usuário',
    auth: true,
    params: idParam,
    handler: ({ actor, params }) => entities.listEntitiesOfCompany(ctx, actor, params.id),
  });
}
