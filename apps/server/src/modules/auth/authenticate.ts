import { AUTH_MSG, MSG } from '@ar/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { sameSignature } from '../channels/signatures.ts';
import { apiKeyActor, isApiKeyToken } from '../integrations/api-keys.ts';
import type { Actor } from './actor.ts';
import { findSessionActor } from './auth.queries.ts';
import { hashToken } from './secrets.ts';
import { cachedSession, cacheSession } from './session-cache.ts';
import { CSRF_HEADER, cookieSessionToken, csrfToken, isSafeMethod } from './session-cookie.ts';

/** The request's bearer token (`Authorization: Bearer …`), or null. */
export const bearerToken = (request: FastifyRequest): string | null =>
  /^Bearer\s+(\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;

/**
 * The actor of the request (briefly cached, session-cache.ts); 401 'Sessão expirada!...' when there
 * is none. An API client's bearer token first; otherwise the web's session cookie, and then a call
 * that changes something must carry the session's CSRF token (session-cookie.ts), or it is 403.
 * A bearer API key (`ark_…`, docs/integrations.md) acts as its user, with its rate-limit headers on `reply`.
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest, reply?: FastifyReply): Promise<Actor> {
  const bearer = bearerToken(request);
  if (bearer && isApiKeyToken(bearer)) return apiKeyActor(ctx, bearer, reply);
  const token = bearer ?? cookieSessionToken(request.headers.cookie);
  const actor = token ? await actorOfToken(ctx, token) : null;
  if (!actor) throw new AppError(401, MSG.sessionExpired);
  if (!bearer && !isSafeMethod(request)) {
    const sent = request.headers[CSRF_HEADER];
    if (!sameSignature(typeof sent === 'string' ? sent : undefined, csrfToken(ctx.config, actor.tokenHash)))
      throw new AppError(403, AUTH_MSG.csrfRefused);
  }
  return actor;
}

/**
 * The actor of a session token, or null when the token is malformed, unknown, expired or its user
 * is not released: the one check of the HTTP API's bearer token and session cookie, and of the
 * realtime socket's hasNotifyUser (docs/realtime.md).
 */
export async function actorOfToken(ctx: AppContext, token: string): Promise<Actor | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const tokenHash = hashToken(token);
  const cached = cachedSession(tokenHash);
  if (cached) return cached;
  const row = await findSessionActor(ctx.db, tokenHash);
  if (!row) return null;
  const { ses_expira, ...fields } = row;
  const actor: Actor = { ...fields, tokenHash };
  cacheSession(actor, ses_expira);
  return actor;
}
