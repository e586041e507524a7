import {
  AUTH_MSG,
  changePasswordBody,
  idParam,
  loginBody,
  loginResponse,
  logoutResponse,
  MSG,
  messageResponse,
  recoveryBody,
  resetBody,
  resetLinkResponse,
  sessionUserSchema,
  tokenParam,
} from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import * as auth from './auth.service.ts';
import { endedSessionCookies, sessionCookies } from './session-cookie.ts';
import { presentLogin, presentSessionUser } from './session-user.presenter.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Acesso';

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/login',
    tag,
    summary: 'Entrar com e-mail e senha; responde token, user e secure',
    description:
      'Abre a sessão: o token na resposta (clientes da API: Authorization: Bearer) e nos cookies ar_sessao (HttpOnly) e ar_csrf (lido pela página, devolvido no cabeçalho X-CSRF-Token das chamadas que alteram algo), para todas as abas do navegador. 403 com LOCAL_LOGIN=false, ou quando o usuário entra somente por SSO.',
    auth: false,
    body: loginBody,
    response: loginResponse,
    handler: async ({ body, request, reply }) => {
      const signedIn = await auth.login(ctx, body.username, body.password, request.ip);
      reply.header('set-cookie', sessionCookies(ctx.config, signedIn.token, signedIn.tokenHash)).header('cache-control', 'no-store');
      return presentLogin(signedIn);
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/logout',
    tag,
    allowBeforePasswordChange: true,
    summary: 'Encerrar a sessão',
    description:
      'Encerra a sessão e apaga seus cookies. Uma sessão aberta por SSO responde também endSessionUrl: o end_session_endpoint do provedor, para onde o navegador vai para sair do provedor também.',
    auth: true,
    response: logoutResponse,
    handler: async ({ scope, reply }) => {
      const endSessionUrl = await auth.logout(ctx, scope);
      reply.header('set-cookie', endedSessionCookies(ctx.config));
      return { message: AUTH_MSG.loggedOut, ...(endSessionUrl ? { endSessionUrl } : {}) };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/me',
    tag,
    allowBeforePasswordChange: true,
    summary: 'O usuário da sessão',
    auth: true,
    response: sessionUserSchema,
    handler: async ({ scope }) => presentSessionUser(await auth.sessionUser(ctx, scope)),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/usuarios/password-recovery',
    tag,
    summary: 'Pedir o e-mail de recuperação de senha',
    auth: false,
    body: recoveryBody,
    response: messageResponse,
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
    response: resetLinkResponse,
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
    response: messageResponse,
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
    summary: 'Trocar a própria senha (obrigatória quando secure é false); outro id responde 404',
    auth: true,
    params: idParam,
    body: changePasswordBody,
    response: messageResponse,
    handler: async ({ params, body, scope }) => {
      await auth.changeOwnPassword(ctx, scope, params.id, body.newPassword);
      return { message: MSG.passwordChanged };
    },
  });
}
