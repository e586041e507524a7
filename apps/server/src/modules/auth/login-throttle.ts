import { MSG } from '@ar/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { clearAttempts, countRecentAttempts, recordAttempt } from './auth.queries.ts';

/**
 * Failed sign-ins are counted per login and per client address over a 15-minute window
 * (stored in the database, so every server node sees the same counts):
 * - the first 3 failures of a login cost nothing extra;
 * - from then on each attempt waits (failures − 3) × LOGIN_DELAY_MS, at most 5 s;
 * - 10 failures of one login, or 30 from one address, refuse further attempts (429) until the
 *   oldest of them leaves the window. A successful sign-in clears the login's count.
 */
export const WINDOW_MINUTES = 15;
export const FREE_FAILURES = 3;
export const MAX_LOGIN_FAILURES = 10;
export const MAX_IP_FAILURES = 30;

const keys = (login: string, ip: string) => ({ login: `login:${login.toLowerCase()}`, ip: `ip:${ip}` });

export async function checkThrottle(db: Kysely<DB>, login: string, ip: string, delayMs: number) {
  const k = keys(login, ip);
  const [byLogin, byIp] = await Promise.all([
    countRecentAttempts(db, k.login, WINDOW_MINUTES),
    countRecentAttempts(db, k.ip, WINDOW_MINUTES),
  ]);
  const blocked = byLogin.n >= MAX_LOGIN_FAILURES ? byLogin : byIp.n >= MAX_IP_FAILURES ? byIp : null;
  if (blocked) {
    const oldest = blocked.oldest ? new Date(blocked.oldest).getTime() : Date.now();
    const minutes = Math.max(1, Math.ceil((oldest + WINDOW_MINUTES * 60_000 - Date.now()) / 60_000));
    throw new AppError(429, MSG.tooManyAttempts(minutes));
  }
  const extra = Math.max(byLogin.n, 0) - FREE_FAILURES + 1;
  if (extra > 0 && delayMs > 0) await new Promise((r) => setTimeout(r, Math.min(5000, extra * delayMs)));
}

export async function recordFailure(db: Kysely<DB>, login: string, ip: string) {
  const k = keys(login, ip);
  await recordAttempt(db, [k.login, k.ip]);
}

export async function recordSuccess(db: Kysely<DB>, login: string) {
  await clearAttempts(db, keys(login, '').login);
}
