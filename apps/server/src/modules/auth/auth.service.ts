import { AUTH_MSG, MSG } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { consume, type Limit } from '../rate-limit/rate-limit.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import * as q from './auth.queries.ts';
import { checkThrottle, recordFailure, recordSuccess } from './login-throttle.ts';
import { endSessionUrl } from './oidc/oidc.service.ts';
import { deliverPasswordRecovery, RECOVERY_QUEUE, type RecoveryJob } from './recovery.worker.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from './secrets.ts';

/** Sign-in: the new session's token, the user row and whether the password is final (secure). */
export async function login(ctx: AppContext, username: string, password: string, ip: string) {
  // LOCAL_LOGIN=false: single sign-on only (docs/access.md).
  if (!ctx.config.localLogin) throw new AppError(403, AUTH_MSG.localLoginOff(ctx.config.oidc?.label ?? 'SSO'));
  await checkThrottle(ctx.db, username, ip, ctx.config.loginDelayMs);
  const user = await q.findUserByLogin(ctx.db, username);
  const ok = await verifyPassword(user?.usu_senha ?? null, password);
  if (!user || !ok) {
    await recordFailure(ctx.db, username, ip);
    throw new AppError(401, MSG.invalidCredentials);
  }
  if (user.usu_status === 'B') throw new AppError(401, MSG.blockedUser);
  if (user.usu_status === 'A') throw new AppError(401, MSG.pendingUser);
  // Said only after the right password, so it tells nothing about an account to whoever does not have it.
  if (user.usu_sso_obrigatorio && ctx.config.oidc) throw new AppError(403, AUTH_MSG.ssoRequired(ctx.config.oidc.label));
  await recordSuccess(ctx.db, username);
  const session = newToken();
  await q.createSession(ctx.db, user.usu_codigo, session.hash, ip);
  const row = await q.findSessionUserRow(ctx.db, user.usu_codigo);
  if (!row) throw notFound();
  return { token: session.token, tokenHash: session.hash, user: row, secure: user.usu_secure };
}

/** The signed-in user's own row (GET /me, My Account after saving). */
export async function sessionUser(ctx: AppContext, scope: TenantScope) {
  return (await q.findOwnSessionUser(ctx.db, scope)) ?? Promise.reject(notFound());
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
  await inTransaction(ctx.db, async (trx) => {
    const row = await q.consumeLinkToken(trx, hashToken(token), 'reset');
    if (!row) throw new AppError(404, MSG.linkInvalid);
    await q.setPassword(trx, row.cod_usu, passwordHash);
    // Whoever knew the old password is signed out everywhere.
    await q.deleteSessionsOf(trx, row.cod_usu);
  });
}

/**
 * PUT /usuarios/{id}/password/reset: only the actor's own password. Another user's id matches no
 * row of the scoped write and answers 404, like an id that does not exist. The actor's other
 * sessions end; this one stays.
 */
export async function changeOwnPassword(ctx: AppContext, scope: TenantScope, usuCodigo: number, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(ctx.db, async (trx) => {
    if (!(await q.setOwnPassword(trx, scope, usuCodigo, passwordHash))) throw notFound();
    await q.deleteOtherOwnSessions(trx, scope);
  });
}

/** Ends the actor's session; answers the provider's end-session URL when the session came through single sign-on. */
export async function logout(ctx: AppContext, scope: TenantScope): Promise<string | undefined> {
  const ended = await q.deleteOwnSession(ctx.db, scope);
  // The session's sockets close too, on every process (docs/realtime.md).
  ctx.realtime.endSession(scope.actor.tokenHash);
  return ended ? endSessionUrl(ctx, ended) : undefined;
}
