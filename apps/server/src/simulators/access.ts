import { createHmac } from 'node:crypto';
import { escapeHtml, MSG } from '@ar/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { installationKey } from '../config.ts';
import type { AppContext } from '../context.ts';
import { cookieValue, strictCookie } from '../http/cookies.ts';
import type { Actor } from '../modules/auth/actor.ts';
import { actorOfToken, bearerToken } from '../modules/auth/authenticate.ts';
import { sameSignature } from '../modules/channels/signatures.ts';
import { devPage } from './page.ts';

/*
 * Who may use the pages under /dev (docs/security.md, "Simulators and the local mailbox"): a
 * signed-in user of the product, and only for its own tenant's rows. The product's sessions are
 * bearer tokens the SPA keeps, which a page navigation does not send; so the SPA hands its token
 * to POST /dev/sessao, which answers it back as a cookie that only /dev sees (HttpOnly,
 * SameSite=Strict, Path=/dev). The cookie is the session itself: signing out of the product ends it,
 * and nothing new is stored. Every state-changing /dev form is a POST that must come from the
 * product's own origin (Origin, against PUBLIC_URL) and carry the session's CSRF token.
 */

export const DEV_COOKIE = 'ar_dev';
const CSRF_LABEL = 'dev-csrf';

/** The signed-in actor of a /dev request (its cookie), or null. */
export async function devActor(ctx: AppContext, request: FastifyRequest): Promise<Actor | null> {
  const token = cookieValue(request.headers.cookie, DEV_COOKIE);
  return token ? actorOfToken(ctx, token) : null;
}

/** The CSRF token of a session: an HMAC of its token's hash, so it is the same on every page of the session and useless outside it. */
export function csrfToken(ctx: AppContext, actor: Actor): string {
  return createHmac('sha256', installationKey(ctx.config.dataDir, CSRF_LABEL)).update(actor.tokenHash).digest('base64url');
}

/** Whether the request's Origin is the product's own (PUBLIC_URL): a browser sends it on every form POST. */
function fromOwnOrigin(ctx: AppContext, request: FastifyRequest): boolean {
  return request.headers.origin === new URL(ctx.config.publicUrl).origin;
}

const HTML = 'text/html; charset=utf-8';

const BANNER = '<strong>Simuladores do modo de demonstração</strong>';

/** The answer to a /dev page without a session: 401 and the way to sign in (the SPA's /simuladores, which comes back here). */
export function signInPage(reply: FastifyReply, path: string): FastifyReply {
  const next = `/simuladores?destino=${encodeURIComponent(path)}`;
  const body = `<h1>Entre para continuar</h1><p>A caixa de saída local e o telefone simulado mostram só as mensagens da sua conta. Entre no AR Online para vê-los.</p><p><a href="${escapeHtml(next)}">Entrar</a></p>`;
  return reply
    .status(401)
    .type(HTML)
    .header('cache-control', 'no-store')
    .send(devPage('Entre para continuar', BANNER, body));
}

/** 403 with the reason, for a POST that did not come from the product's own page. */
function refused(reply: FastifyReply, message: string): FastifyReply {
  return reply
    .status(403)
    .type(HTML)
    .send(devPage('Ação recusada', BANNER, `<h1>Ação recusada</h1><p>${escapeHtml(message)}</p>`));
}

/**
 * The guard of every /dev page: the actor, or the answer already sent (401 without a session; a
 * POST also 403 from another origin or without the session's CSRF token, before anything is read).
 */
export async function requireDevActor(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<Actor | null> {
  const actor = await devActor(ctx, request);
  if (!actor?.usu_secure) {
    if (request.method === 'GET') signInPage(reply, request.url.split('?')[0] ?? '/dev');
    else
      reply
        .status(401)
        .type(HTML)
        .send(devPage('Sessão expirada', BANNER, `<p>${MSG.sessionExpired}</p>`));
    return null;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    if (!fromOwnOrigin(ctx, request)) {
      refused(reply, `Esta ação só pode ser feita pela página do próprio produto (${new URL(ctx.config.publicUrl).origin}).`);
      return null;
    }
    const body = request.body as Record<string, unknown> | null | undefined;
    if (!sameSignature(typeof body?.csrf === 'string' ? body.csrf : undefined, csrfToken(ctx, actor))) {
      refused(reply, 'O formulário expirou ou não veio desta página. Abra a página de novo e repita a ação.');
      return null;
    }
  }
  return actor;
}

/**
 * POST /dev/sessao: the SPA's bearer token becomes the /dev cookie (204); a bad or missing token is
 * 401 and sets nothing. Only from the product's own origin (a cross-site page cannot read the
 * token, but this keeps the rule of every /dev POST).
 */
export function devSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/dev/sessao', async (request, reply) => {
    if (!fromOwnOrigin(ctx, request)) return reply.status(403).send({ message: 'Origem não permitida.' });
    const token = bearerToken(request);
    const actor = token ? await actorOfToken(ctx, token) : null;
    if (!token || !actor?.usu_secure) return reply.status(401).send({ message: MSG.sessionExpired });
    return reply
      .header('set-cookie', strictCookie(DEV_COOKIE, token, { path: '/dev', publicUrl: ctx.config.publicUrl }))
      .header('cache-control', 'no-store')
      .status(204)
      .send();
  });
}
