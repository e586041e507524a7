import { MSG } from '@ar/core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from './actor.ts';
import { findSessionActor } from './auth.queries.ts';
import { hashToken } from './secrets.ts';
import { cachedSession, cacheSession } from './session-cache.ts';

/** The actor of the request's bearer token (briefly cached, session-cache.ts); 401 'Sessão expirada!...' when there is none. */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(header);
  if (!match) throw new AppError(401, MSG.sessionExpired);
  const tokenHash = hashToken(match[1] as string);
  const cached = cachedSession(tokenHash);
  if (cached) return cached;
  const row = await findSessionActor(ctx.db, tokenHash);
  if (!row) throw new AppError(401, MSG.sessionExpired);
  const { ses_expira, ...fields } = row;
  const actor: Actor = { ...fields, tokenHash };
  cacheSession(actor, ses_expira);
  return actor;
}
