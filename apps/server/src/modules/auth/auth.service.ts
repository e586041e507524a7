import { type LoginResponse, MSG } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { consume, type Limit } from '../rate-limit/rate-limit.ts';
import * as q from './auth.queries.ts';
import { checkThrottle, recordFailure, recordSuccess } from './login-throttle.ts';
import { deliverPasswordRecovery, RECOVERY_QUEUE, type RecoveryJob } from './recovery.worker.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from './secrets.ts';
import { presentSessionUser } from './session-user.presenter.ts';

export async function login(ctx: AppContext, username: string, password: string, ip: string): Promise<LoginResponse> {
  await checkThrottle(ctx.db, username, ip, ctx.config.loginDelayMs);
  const user = await q.findUserByLogin(ctx.db, username);
  const ok = await verifyPassword(user?.usu_senha ?? null, password);
  if (!user || !ok) {
    await recordFailure(ctx.db, username, ip);
    throw new AppError(401, MSG.invalidCredentials);
  }
  if (user.usu_status === 'B') throw new AppError(401, MSG.blockedUser);
  if (user.usu_status === 'A') throw new AppError(401, MSG.pendingUser);
  await recordSuccess(ctx.db, username);
  const session = newToken();
  await q.createSession(ctx.db, user.usu_codigo, session.hash, ip);
  return {
    token: session.token,
    user: await currentUser(ctx, user.usu_codigo),
    secure: user.usu_secure,
  };
}

export async function currentUser(ctx: AppContext, userId: number) {
  const row = await q.findSessionUserRow(ctx.db, userId);
  if (!row) throw new AppError(404, MSG.notFound);
  return presentSessionUser(row);
}

/** Recovery requests: per address asked (answered the same when over) and per client address (429). */
export const RECOVERY_LIMITS = {
  email: { kind: 'recovery', max: 5, minutes: 60 },
  ip: { kind: 'recovery-ip', max: 20, minutes: 60 },
} as const satisfies Record<string, Limit>;

/**
 * Queues the reset e-mail of an address. The request does the same work whether the address has
 * an account or not (two counters and one job), and the answer is the same, so neither the text
 * nor the time tells who has an account; the job (recovery.worker.ts) looks the address up.
 */
export async function requestPasswordRecovery(ctx: AppContext, email: string, ip: string): Promise<void> {
  if ((await consume(ctx.db, RECOVERY_LIMITS.ip, ip)).isOver) throw new AppError(429, MSG.tooManyRecoveries);
  if ((await consume(ctx.db, RECOVERY_LIMITS.email, email.toLowerCase())).isOver) return;
  if (ctx.boss) {
    await ctx.boss.send(RECOVERY_QUEUE, { email } satisfies RecoveryJob);
    return;
  }
  // A process without the job queue (some tests) sends it itself.
  await deliverPasswordRecovery(ctx, email);
}

export async function checkResetToken(ctx: AppContext, token: string): Promise<void> {
  const row = await q.findLiveLinkToken(ctx.db, hashToken(token), 'reset');
  if (!row) throw new AppError(404, MSG.linkInvalid);
}

export async function resetPassword(ctx: AppContext, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await q.consumeLinkToken(trx, hashToken(token), 'reset');
    if (!row) throw new AppError(404, MSG.linkInvalid);
    await q.setPassword(trx, row.cod_usu, passwordHash);
    // Whoever knew the old password is signed out everywhere.
    await q.deleteSessionsOf(trx, row.cod_usu);
  });
}

export async function changeOwnPassword(ctx: AppContext, userId: number, keepSession: string, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await q.setPassword(trx, userId, passwordHash);
    await q.deleteSessionsOf(trx, userId, keepSession);
  });
}

export async function logout(ctx: AppContext, tokenHash: string) {
  await q.deleteSession(ctx.db, tokenHash);
}
