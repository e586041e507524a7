import { idParam, userBody, usersListQuery, usuCodigoParam } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import * as users from './users.service.ts';

/** The users screen (/cadastros/usuarios): every call filtered by the actor's tenant scope. */
export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Usuários';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/usuarios',
    tag,
    summary: 'Usuários ao alcance do usuário (tabela paginada, 10 por página, usu_codigo crescente)',
    auth: true,
    query: usersListQuery,
    handler: ({ actor, query }) => users.listUsers(ctx, actor, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/usuarios/:id',
    tag,
    summary: 'Um usuário (para o modal de edição)',
    auth: true,
    params: idParam,
    handler: ({ actor, params }) => users.getUser(ctx, actor, params.id),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/usuarios',
    tag,
    summary: 'Cadastrar um usuário (status A) e enviar o convite; empresa e entidade só do administrador',
    auth: true,
    body: userBody,
    handler: async ({ actor, body, reply }) => {
      const created = await users.createUser(ctx, actor, body);
      reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/usuarios/:id',
    tag,
    summary: 'Atualizar um usuário; usu_status B bloqueia, outro valor desbloqueia',
    auth: true,
    params: idParam,
    body: userBody,
    handler: ({ actor, params, body }) => users.updateUser(ctx, actor, params.id, body),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/usuarios/:id',
    tag,
    summary: 'Remover um usuário (409 se tiver registros vinculados: bloqueie-o)',
    auth: true,
    params: idParam,
    handler: ({ actor, params }) => users.removeUser(ctx, actor, params.id),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/usuarios/resend-invite/:usu_codigo',
    tag,
    summary: 'Reenviar o convite (usuário com status diferente de L)',
    auth: true,
    params: usuCodigoParam,
    handler: ({ actor, params }) => users.resendInvite(ctx, actor, params.usu_codigo),
  });
}
