import { MSG } from '@ar/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { countEvent, type Limit, limitState, resetCount } from '../rate-limit/rate-limit.ts';

/**
 * Failed sign-ins are counted per account (the login, whatever address it comes from) and per
 * client address over a 15-minute window, in the database (modules/rate-limit), so every server
 * node sees the same counts:
 * - the first 3 failures of a login cost nothing extra;
 * - from then on each attempt waits (failures − 3) × LOGIN_DELAY_MS, at most 5 s;
 * - 10 failures of one login, or 30 from one address, refuse further attempts (429) until the
 *   window has moved past them. A successful sign-in clears the login's count.
 */
export const WINDOW_MINUTES = 15;
export const FREE_FAILURES = 3;
export const MAX_LOGIN_FAILURES = 10;
export const MAX_IP_FAILURES = 30;

export const LOGIN_LIMIT: Limit = { kind: 'login', max: MAX_LOGIN_FAILURES, minutes: WINDOW_MINUTES };
export const LOGIN_IP_LIMIT: Limit = { kind: 'login-ip', max: MAX_IP_FAILURES, minutes: WINDOW_MINUTES };

const accountKey = (login: string) => login.trim().toLowerCase();

export async function checkThrottle(db: Kysely<DB>, login: string, ip: string, delayMs: number) {
  const [byLogin, byIp] = await Promise.all([limitState(db, LOGIN_LIMIT, accountKey(login)), limitState(db, LOGIN_IP_LIMIT, ip)]);
  const blocked = byLogin.isOver ? byLogin : byIp.isOver ? byIp : null;
  if (blocked) throw new AppError(429, MSG.tooManyAttempts(blocked.retryMinutes));
  const extra = byLogin.count - FREE_FAILURES + 1;
  if (extra > 0 && delayMs > 0) await new Promise((r) => setTimeout(r, Math.min(5000, extra * delayMs)));
}

export async function recordFailure(db: Kysely<DB>, login: string, ip: string) {
  await countEvent(db, LOGIN_LIMIT, accountKey(login));
  await countEvent(db, LOGIN_IP_LIMIT, ip);
}

export async function recordSuccess(db: Kysely<DB>, login: string) {
  await resetCount(db, LOGIN_LIMIT, accountKey(login));
}
