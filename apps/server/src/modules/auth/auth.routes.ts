import { changePasswordBody, idParam, loginBody, MSG, recoveryBody, resetBody, tokenParam } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import * as auth from './auth.service.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Acesso';

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/login',
    tag,
    summary: 'Entrar com e-mail e senha; responde token, user e secure',
    auth: false,
    body: loginBody,
    handler: ({ body, request }) => auth.login(ctx, body.username, body.password, request.ip),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/logout',
    tag,
    allowBeforePasswordChange: true,
    summary: 'Encerrar a sessão',
    auth: true,
    handler: async ({ actor }) => {
      await auth.logout(ctx, actor.tokenHash);
      return { message: 'Sessão encerrada.' };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/me',
    tag,
    allowBeforePasswordChange: true,
    summary: 'O usuário da sessão',
    auth: true,
    handler: ({ actor }) => auth.currentUser(ctx, actor.usu_codigo),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/usuarios/password-recovery',
    tag,
    summary: 'Pedir o e-mail de recuperação de senha',
    auth: false,
    body: recoveryBody,
    handler: async ({ body, request }) => {
      await auth.requestPasswordRecovery(ctx, body.emailUserRecovery, request.ip);
      return { message: MSG.recoverySent };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/usuarios/password-recovery/:token',
    tag,
    summary: 'Validar o link de recuperação',
    auth: false,
    params: tokenParam,
    handler: async ({ params }) => {
      await auth.checkResetToken(ctx, params.token);
      return { valid: true };
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/usuarios/reset/:token',
    tag,
    summary: 'Definir a nova senha pelo link (uso único)',
    auth: false,
    params: tokenParam,
    body: resetBody,
    handler: async ({ params, body }) => {
      await auth.resetPassword(ctx, params.token, body.newPassword);
      return { message: MSG.passwordChanged };
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/usuarios/:id/password/reset',
    tag,
    allowBeforePasswordChange: true,
    summary: 'Trocar a própria senha (obrigatória quando secure é false)',
    auth: true,
    params: idParam,
    body: changePasswordBody,
    handler: async ({ params, body, actor }) => {
      if (params.id !== actor.usu_codigo) throw notFound();
      await auth.changeOwnPassword(ctx, actor.usu_codigo, actor.tokenHash, body.newPassword);
      return { message: MSG.passwordChanged };
    },
  });
}
