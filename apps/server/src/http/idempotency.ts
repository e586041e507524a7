import { createHash } from 'node:crypto';
import { INTEGRATION_MSG } from '@ar/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { claim, deleteExpired, finish, release, stored, type Who } from './idempotency.queries.ts';

/**
 * `Idempotency-Key` on the creating POSTs (docs/integrations.md), with Stripe's semantics. The first
 * request of a (user, key) claims it by inserting its row (the primary key decides between two
 * processes); its answer, status and body, is stored for 24 hours. A retry with the same key and the
 * same request gets that answer again (header `Idempotent-Replayed: true`) and creates nothing; the
 * same key with another request is 422; while the first still runs, 409. Input refused by the
 * contract (400) is answered before the claim and not stored; a failure of ours (5xx) frees the key,
 * so the retry runs again. A claim left by a process that died is taken over after 10 minutes.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** JSON with the keys of every object in order: the same request however its client ordered them. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(raw)) throw new AppError(400, INTEGRATION_MSG.idempotencyKeyInvalid);
  return raw;
}

/**
 * Runs `run` once per (actor, key): the request's key (already checked) and its fingerprint (method,
 * route, canonical body). Answers what `run` answered, or the stored answer of the first request.
 */
export async function idempotent(
  db: Kysely<DB>,
  actor: Who,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`.slice(0, 200);
  const hash = createHash('sha256')
    .update(`${route}\n${request.url}\n${canonical(request.body)}`)
    .digest('hex');
  if (Math.random() < 0.01) await deleteExpired(db);
  for (let tries = 0; !(await claim(db, actor, key, route, hash)); tries++) {
    if (tries > 4) throw new AppError(409, INTEGRATION_MSG.idempotencyRunning);
    const row = await stored(db, actor, key);
    if (!row) continue;
    if (row.vencida && tries < 3) {
      await release(db, actor, key, row);
      continue;
    }
    if (row.idm_hash !== hash) throw new AppError(422, INTEGRATION_MSG.idempotencyMismatch);
    if (row.idm_status === null) throw new AppError(409, INTEGRATION_MSG.idempotencyRunning);
    reply.header('Idempotent-Replayed', 'true');
    if (row.idm_status === 204) return undefined;
    const body = JSON.parse(row.idm_corpo ?? 'null');
    if (row.idm_status >= 400) {
      const { message, ...extra } = (body ?? {}) as { message?: string };
      throw new AppError(row.idm_status, message ?? '', extra);
    }
    reply.status(row.idm_status);
    return body;
  }
  let result: unknown;
  try {
    result = await run();
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500)
      await finish(db, actor, key, err.statusCode, { message: err.message, ...err.extra });
    else await finish(db, actor, key, null, null);
    throw err;
  }
  await finish(db, actor, key, reply.sent ? null : result === undefined ? 204 : reply.statusCode, result);
  return result;
}
