import {
  idParam,
  messageResponse,
  USERS_MSG,
  userBody,
  userCreatedResponse,
  userDetailSchema,
  userSavedResponse,
  usersListQuery,
  usersListResponse,
  usuCodigoParam,
} from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { presentUser, presentUserListItem } from './users.presenter.ts';
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
    response: usersListResponse,
    handler: async ({ scope, query }) => {
      const { rows, pagination } = await users.listUsers(ctx, scope, query);
      return { usuarios: rows.map(presentUserListItem), pagination };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/usuarios/:id',
    tag,
    summary: 'Um usuário (para o modal de edição)',
    auth: true,
    params: idParam,
    response: userDetailSchema,
    handler: async ({ scope, params }) => presentUser(await users.getUser(ctx, scope, params.id)),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/usuarios',
    tag,
    summary: 'Cadastrar um usuário (status A) e enviar o convite; empresa e entidade só do administrador',
    auth: true,
    body: userBody,
    response: userCreatedResponse,
    handler: async ({ scope, body, reply }) => {
      const created = await users.createUser(ctx, scope, body);
      reply.status(201);
      return { message: USERS_MSG.created, usuario: presentUser(created) };
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/usuarios/:id',
    tag,
    summary: 'Atualizar um usuário; usu_status B bloqueia, outro valor desbloqueia (usuario null se saiu do alcance)',
    auth: true,
    params: idParam,
    body: userBody,
    response: userSavedResponse,
    handler: async ({ scope, params, body }) => {
      const saved = await users.updateUser(ctx, scope, params.id, body);
      return { message: USERS_MSG.updated, usuario: saved ? presentUser(saved) : null };
    },
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/usuarios/:id',
    tag,
    summary: 'Remover um usuário (409 se tiver registros vinculados: bloqueie-o)',
    auth: true,
    params: idParam,
    response: messageResponse,
    handler: async ({ scope, params }) => {
      await users.removeUser(ctx, scope, params.id);
      return { message: USERS_MSG.removed };
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/usuarios/resend-invite/:usu_codigo',
    tag,
    summary: 'Reenviar o convite (usuário com status diferente de L)',
    auth: true,
    params: usuCodigoParam,
    response: messageResponse,
    handler: async ({ scope, params }) => {
      await users.resendInvite(ctx, scope, params.usu_codigo);
      return { message: USERS_MSG.inviteResent };
    },
  });
}
