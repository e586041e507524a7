import { backchannelLogoutBody, ssoErrorResponse } from '@ar/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { cookieValue, serverCookie } from '../../../http/cookies.ts';
import { defineRoute } from '../../../http/route.ts';
import { sessionCookies } from '../session-cookie.ts';
import {
  backchannelLogout,
  FLOW_MAX_AGE_S,
  finishSignIn,
  LogoutTokenRefusal,
  openValue,
  ProviderUnavailable,
  SsoRefusal,
  sealValue,
  startSignIn,
} from './oidc.service.ts';

/** The sign-in's state between the product and the provider; Lax: the provider's redirect back is a cross-site navigation. */
const FLOW_COOKIE = 'ar_oidc';
/** Why the last sign-in was refused, for /login to show (a minute). */
const ERROR_COOKIE = 'ar_oidc_erro';
const COOKIE_PATH = '/v2/auth/oidc';

/** The callback's query: read as received by openid-client; only its size is bounded here. */
const callbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(256).optional(),
});

/**
 * Single sign-on's routes (docs/access.md). The browser leaves for the provider from
 * GET /auth/oidc/login and comes back to GET /auth/oidc/callback, which opens the product's
 * ordinary session (its cookies) and goes to /login?sso=ok, where the web reads the user; a refusal
 * goes to /login?sso=erro and GET /auth/oidc/erro tells why. The provider ends sessions by
 * POST /auth/oidc/backchannel-logout. Without OIDC_ISSUER none of them exists.
 */
export function oidcRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.oidc) return;
  const tag = 'Acesso';
  const cookie = (name: string, value: string, maxAge: number) =>
    serverCookie(name, value, { path: COOKIE_PATH, maxAge, publicUrl: ctx.config.publicUrl, sameSite: 'Lax' });
  const refused = (reply: FastifyReply, message: string) =>
    reply
      .header('set-cookie', [cookie(FLOW_COOKIE, '', 0), cookie(ERROR_COOKIE, sealValue(ctx, { message, at: Date.now() }), 60)])
      .header('cache-control', 'no-store')
      .redirect('/login?sso=erro', 303);

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/auth/oidc/login',
    tag,
    summary: 'Entrar pelo provedor de identidade (SSO): redireciona ao provedor',
    description:
      'Responde 303 para o authorization_endpoint do provedor (código de autorização com PKCE S256, state e nonce), guardando o estado da entrada no cookie ar_oidc (HttpOnly, 10 minutos). Nada é gravado no servidor.',
    auth: false,
    handler: async ({ reply }) => {
      try {
        const { url, flow } = await startSignIn(ctx);
        return reply
          .header('set-cookie', cookie(FLOW_COOKIE, flow, FLOW_MAX_AGE_S))
          .header('cache-control', 'no-store')
          .redirect(url, 303);
      } catch (error) {
        if (error instanceof SsoRefusal) return refused(reply, error.message);
        throw error;
      }
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/auth/oidc/callback',
    tag,
    summary: 'Retorno do provedor de identidade (redirect_uri)',
    description:
      'Troca o código (PKCE), confere state, nonce e o ID token, e abre a sessão do usuário ativo cujo login é o e-mail verificado (cookies ar_sessao e ar_csrf); responde 303 para /login?sso=ok, ou /login?sso=erro com o motivo em GET /auth/oidc/erro.',
    auth: false,
    query: callbackQuery,
    handler: async ({ request, reply }) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      try {
        const session = await finishSignIn(ctx, query, cookieValue(request.headers.cookie, FLOW_COOKIE), request.ip);
        return reply
          .header('set-cookie', [cookie(FLOW_COOKIE, '', 0), ...sessionCookies(ctx.config, session.token, session.tokenHash)])
          .header('cache-control', 'no-store')
          .redirect('/login?sso=ok', 303);
      } catch (error) {
        if (error instanceof SsoRefusal) return refused(reply, error.message);
        throw error;
      }
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/auth/oidc/erro',
    tag,
    summary: 'Por que a última entrada pelo provedor foi recusada (null: nenhuma recusa recente)',
    auth: false,
    response: ssoErrorResponse,
    handler: async ({ request, reply }) => {
      reply.header('cache-control', 'no-store');
      const seen = openValue<{ message: string; at: number }>(ctx, cookieValue(request.headers.cookie, ERROR_COOKIE));
      return { message: seen && Date.now() - seen.at < 60_000 ? seen.message : null };
    },
  });

  app.register(async (scope) => {
    // The provider posts the logout token as a form (application/x-www-form-urlencoded).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 32 * 1024 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    defineRoute(scope, ctx, {
      method: 'POST',
      url: '/auth/oidc/backchannel-logout',
      tag,
      summary: 'Back-channel logout do provedor de identidade: encerra as sessões da sessão do provedor',
      description:
        'OpenID Connect Back-Channel Logout 1.0: o logout_token (formulário) é conferido (assinatura pelas chaves do provedor, iss, aud, iat, exp, evento de logout, sid ou sub, sem nonce, jti de uso único); todas as sessões abertas por aquela sessão do provedor terminam, com seus sockets. 200 sem corpo; 400 { error: "invalid_request" } quando o token é recusado; 503 quando o provedor não responde (as chaves não puderam ser lidas).',
      auth: false,
      body: backchannelLogoutBody,
      bodyLimit: 32 * 1024,
      handler: async ({ body, reply }) => {
        reply.header('cache-control', 'no-store');
        try {
          await backchannelLogout(ctx, body.logout_token);
          return reply.status(200).send();
        } catch (error) {
          if (error instanceof ProviderUnavailable) {
            ctx.log.warn({ reason: error.message }, 'sso: logout token not checked, provider unreachable');
            return reply.status(503).header('retry-after', '60').send({ error: 'temporarily_unavailable' });
          }
          if (!(error instanceof LogoutTokenRefusal)) throw error;
          ctx.log.warn({ reason: error.message }, 'sso: logout token refused');
          return reply.status(400).send({ error: 'invalid_request', error_description: 'logout_token recusado' });
        }
      },
    });
  });
}
