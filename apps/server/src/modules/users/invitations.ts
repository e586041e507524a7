import type { AppContext } from '../../context.ts';
import { createLinkToken } from '../auth/auth.queries.ts';
import { newToken } from '../auth/secrets.ts';
import { invitationEmail } from './users.emails.ts';

export const INVITE_DAYS = 7;

/**
 * Sends a new invitation link (replacing any older one) to a user awaiting acceptance. The
 * link is the auth module's single-use token of kind 'invite'.
 */
export async function sendInvitation(
  ctx: AppContext,
  user: { usu_codigo: number; usu_nome: string; usu_login: string; ent_nome_fantasia: string | null },
  opts: { signedUp: boolean },
): Promise<void> {
  const link = newToken();
  await createLinkToken(ctx.db, user.usu_codigo, 'invite', link.hash, INVITE_DAYS * 24);
  await ctx.mail.send({
    owner: user.usu_codigo,
    ...invitationEmail({
      to: user.usu_login,
      name: user.usu_nome,
      entity: user.ent_nome_fantasia,
      url: `${ctx.config.publicUrl}/confirm-registration/${link.token}`,
      days: INVITE_DAYS,
      signedUp: opts.signedUp,
    }),
  });
}
