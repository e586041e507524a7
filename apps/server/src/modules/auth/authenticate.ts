import { MSG } from '@ar/core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from './actor.ts';
import { findSessionActor } from './auth.queries.ts';
import { hashToken } from './secrets.ts';
import { cachedSession, cacheSession } from './session-cache.ts';

/** The request's bearer token (`Authorization: Bearer …`), or null. */
export const bearerToken = (request: FastifyRequest): string | null =>
  /^Bearer\s+(\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;

/** The actor of the request's bearer token (briefly cached, session-cache.ts); 401 'Sessão expirada!...' when there is none. */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  const token = bearerToken(request);
  const actor = token ? await actorOfToken(ctx, token) : null;
  if (!actor) throw new AppError(401, MSG.sessionExpired);
  return actor;
}

/**
 * The actor of a session token, or null when the token is malformed, unknown, expired or its user
 * is not released: the one check of the HTTP API's bearer token and of the realtime socket's
 * hasNotifyUser (docs/realtime.md).
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
