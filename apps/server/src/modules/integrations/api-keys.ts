import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, INTEGRATION_MSG } from '@ar/core';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import { hashToken } from '../auth/secrets.ts';
import { consume } from '../rate-limit/rate-limit.ts';
import { findKeyActor, touchApiKey } from './api-keys.queries.ts';

/** A new API key's token: the readable prefix and 32 random bytes (base64url); only its SHA-256 is stored. */
export function newApiKeyToken(): { token: string; hash: string; prefixo: string } {
  const token = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token), prefixo: token.slice(0, API_KEY_PREFIX.length + 8) };
}

export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);

/**
 * The actor of an API key (`Authorization: Bearer ark_…`): the key's user exactly as a session of
 * it would be. Looked up on every request, never cached, so a revocation holds on every process at
 * once. An unknown, revoked or expired key, or a user no longer released, is 401 with its reason.
 * Every request counts against the key's limit (API_KEY_RATE_LIMIT a minute, counted in the
 * database so every process shares it); the RateLimit headers go on every answer, and beyond the
 * limit it is 429 with Retry-After.
 */
export async function apiKeyActor(ctx: AppContext, token: string, reply: FastifyReply | undefined): Promise<Actor> {
  if (!/^ark_[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError(401, INTEGRATION_MSG.keyUnknown);
  const hash = hashToken(token);
  const row = await findKeyActor(ctx.db, hash);
  if (row?.usu_status !== 'L') throw new AppError(401, INTEGRATION_MSG.keyUnknown);
  if (row.revogada) throw new AppError(401, INTEGRATION_MSG.keyRevoked);
  if (row.expirada) throw new AppError(401, INTEGRATION_MSG.keyExpired);
  const max = ctx.config.apiKeyRateLimit;
  const state = await consume(ctx.db, { kind: 'api-key', max, minutes: 1 }, String(row.chv_codigo));
  reply?.header('RateLimit-Limit', String(max));
  reply?.header('RateLimit-Remaining', String(Math.max(0, max - state.count)));
  reply?.header('RateLimit-Reset', String(state.isOver ? state.retrySeconds : state.resetSeconds));
  reply?.header('RateLimit-Policy', `${max};w=60`);
  if (state.isOver) {
    reply?.header('Retry-After', String(state.retrySeconds));
    throw new AppError(429, INTEGRATION_MSG.rateLimited(state.retrySeconds));
  }
  if (row.usoAntigo) await touchApiKey(ctx.db, row.chv_codigo);
  return {
    usu_codigo: row.usu_codigo,
    usu_nivel: row.usu_nivel,
    usu_login: row.usu_login,
    usu_nome: row.usu_nome,
    cod_ger_adm: row.cod_ger_adm,
    cod_ger_empresa: row.cod_ger_empresa,
    cod_ger_entidade: row.cod_ger_entidade,
    usu_tipo_plano: row.usu_tipo_plano,
    usu_secure: row.usu_secure,
    tokenHash: hash,
  };
}
