import { escapeHtml, MSG } from '@ar/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Actor } from '../modules/auth/actor.ts';
import { actorOfToken } from '../modules/auth/authenticate.ts';
import { cookieSessionToken, csrfToken } from '../modules/auth/session-cookie.ts';
import { sameSignature } from '../modules/channels/signatures.ts';
import { devPage } from './page.ts';

/*
 * Who may use the pages under /dev (docs/simulators.md): a
 * signed-in user of the product, and only for its own tenant's rows. The product's session is the
 * web's session cookie (ar_sessao: HttpOnly, SameSite=Strict, docs/access.md), which a navigation to
 * /dev carries as it does every API call, so signing out of the product ends it here too. Every
 * state-changing /dev form is a POST that must come from the product's own origin (Origin, against
 * PUBLIC_URL) and carry the session's CSRF token (the same one the API's calls carry).
 */

/** The signed-in actor of a /dev request (the session cookie), or null. */
export async function devActor(ctx: AppContext, request: FastifyRequest): Promise<Actor | null> {
  const token = cookieSessionToken(request.headers.cookie);
  return token ? actorOfToken(ctx, token) : null;
}

/** The CSRF token of a /dev form: the session's (session-cookie.ts). */
export const devCsrfToken = (ctx: AppContext, actor: Actor): string => csrfToken(ctx.config, actor.tokenHash);

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
    if (!sameSignature(typeof body?.csrf === 'string' ? body.csrf : undefined, devCsrfToken(ctx, actor))) {
      refused(reply, 'O formulário expirou ou não veio desta página. Abra a página de novo e repita a ação.');
      return null;
    }
  }
  return actor;
}
