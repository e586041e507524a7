import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import { warmQueueCache } from '../../queue/boss.ts';
import { passwordResetEmail } from './auth.emails.ts';
import * as q from './auth.queries.ts';
import { newToken } from './secrets.ts';

/**
 * The reset e-mail is made and sent by a job, not in the request: looking the address up, writing
 * the link and talking to the relay took the request of an existing address ~tens of ms longer
 * than one of an unknown address, enough to tell who has an account (docs/security.md).
 */
export const RECOVERY_QUEUE = 'auth-password-recovery';
export const RESET_HOURS = 2;

export interface RecoveryJob {
  email: string;
}

export async function createAuthQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(RECOVERY_QUEUE, { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 });
  await warmQueueCache(boss, [RECOVERY_QUEUE]);
}

export async function startAuthWorkers(ctx: AppContext): Promise<void> {
  const boss = ctx.boss;
  if (!boss) return;
  await createAuthQueues(boss);
  await boss.work<RecoveryJob>(RECOVERY_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await deliverPasswordRecovery(ctx, job.data.email);
  });
}

/** Sends a reset link when the address belongs to a user who may sign in; nothing otherwise. */
export async function deliverPasswordRecovery(ctx: AppContext, email: string): Promise<void> {
  const user = await q.findUserByLogin(ctx.db, email);
  if (!user || user.usu_status === 'B') return;
  const link = newToken();
  await q.createLinkToken(ctx.db, user.usu_codigo, 'reset', link.hash, RESET_HOURS);
  const row = await q.findSessionUserRow(ctx.db, user.usu_codigo);
  await ctx.mail.send({
    owner: user.usu_codigo,
    ...passwordResetEmail({
      to: email,
      name: row?.usu_nome ?? '',
      url: `${ctx.config.publicUrl}/reset/${link.token}`,
      hours: RESET_HOURS,
    }),
  });
}
