import { type LoginResponse, MSG } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { passwordResetEmail } from './auth.emails.ts';
import * as q from './auth.queries.ts';
import { checkThrottle, recordFailure, recordSuccess } from './login-throttle.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from './secrets.ts';
import { presentSessionUser } from './session-user.presenter.ts';

const RESET_HOURS = 2;

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

/**
 * Sends a reset link when the address belongs to a user who may sign in. The answer is the same
 * either way, so the form cannot be used to find out who has an account.
 */
export async function requestPasswordRecovery(ctx: AppContext, email: string, ip: string): Promise<void> {
  const key = `recovery:${email.toLowerCase()}`;
  const recent = await q.countRecentAttempts(ctx.db, key, 60);
  if (recent.n >= 5) return;
  await q.recordAttempt(ctx.db, [key, `recovery-ip:${ip}`]);
  const user = await q.findUserByLogin(ctx.db, email);
  if (!user || user.usu_status === 'B') return;
  const link = newToken();
  await q.createLinkToken(ctx.db, user.usu_codigo, 'reset', link.hash, RESET_HOURS);
  const row = await q.findSessionUserRow(ctx.db, user.usu_codigo);
  await ctx.mail.send(
    passwordResetEmail({
      to: email,
      name: row?.usu_nome ?? '',
      url: `${ctx.config.publicUrl}/reset/${link.token}`,
      hours: RESET_HOURS,
    }),
  );
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
