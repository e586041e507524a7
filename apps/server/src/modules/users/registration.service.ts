import { type confirmRegistrationBody, MSG, type registrationBody, SIGNUP_MSG, USERS_MSG } from '@ar/core';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { consumeLinkToken, findLiveLinkToken, setPassword } from '../auth/auth.queries.ts';
import { hashPassword, hashToken } from '../auth/secrets.ts';
import { findEntityByUuid } from '../entities/entities.queries.ts';
import { consume, type Limit } from '../rate-limit/rate-limit.ts';
import { sendInvitation } from './invitations.ts';
import { insertUserWithPlan } from './new-user.ts';
import * as q from './users.queries.ts';

/**
 * Public calls are limited in the database (modules/rate-limit): per client address, and in all
 * (every address together) so that rotating addresses does not turn check-email into a way to list
 * who has an account. The totals are far above what the sign-up screens make (one check per
 * address typed).
 */
export const REGISTRATION_LIMITS = {
  signUp: { kind: 'signup-ip', max: 20, minutes: 60 },
  checkEmail: { kind: 'check-email-ip', max: 120, minutes: 10 },
  checkEmailAll: { kind: 'check-email', max: 1000, minutes: 10 },
} as const satisfies Record<string, Limit>;

async function throttle(ctx: AppContext, limit: Limit, key: string, message: string) {
  if ((await consume(ctx.db, limit, key)).isOver) throw new AppError(429, message);
}

/** GET /usuarios/check-email: true when the address is already someone's login. */
export async function emailExists(ctx: AppContext, email: string, ip: string): Promise<boolean> {
  await throttle(ctx, REGISTRATION_LIMITS.checkEmail, ip, SIGNUP_MSG.tooManyRequests);
  await throttle(ctx, REGISTRATION_LIMITS.checkEmailAll, 'all', SIGNUP_MSG.tooManyRequestsAll);
  return q.loginTaken(ctx.db, email);
}

/**
 * Sign-up on an entity's link: a level 1 user of that entity (and of its company and
 * administration), awaiting acceptance, with the person data of the tab used. The invitation
 * e-mail activates it. Public: the link's uuid is the key, there is no actor.
 */
export async function signUp(ctx: AppContext, entityUuid: string, body: z.output<typeof registrationBody>, ip: string): Promise<void> {
  const entity = await findEntityByUuid(ctx.db, entityUuid);
  if (!entity) throw notFound();
  await throttle(ctx, REGISTRATION_LIMITS.signUp, ip, SIGNUP_MSG.tooManyRequests);
  if (await q.loginTaken(ctx.db, body.usu_login)) throw badRequest(USERS_MSG.emailExists);
  const usuCodigo = await insertUserWithPlan(ctx.db, (trx) =>
    q.insertSignedUpUser(trx, entity, {
      usu_nome: body.usu_nome,
      usu_login: body.usu_login,
      usu_pessoa_tipo: body.usu_pessoa_tipo,
      usu_pessoa_data: body.usu_pessoa_data,
    }),
  );
  if (!usuCodigo) throw notFound();
  await sendInvitation(
    ctx,
    { usu_codigo: usuCodigo, usu_nome: body.usu_nome, usu_login: body.usu_login, ent_nome_fantasia: entity.ent_nome_fantasia },
    { signedUp: true },
  );
}

/** GET /usuarios/confirm-registration/{token}: who the live invitation is for. */
export async function lookupInvite(ctx: AppContext, token: string) {
  const link = await findLiveLinkToken(ctx.db, hashToken(token), 'invite');
  const user = link && (await q.findInvitee(ctx.db, link.cod_usu));
  if (!user) throw notFound(MSG.linkInvalid);
  return user;
}

/** PUT /usuarios/confirm-registration/{token}: name and password; the user is released (L). */
export async function confirmRegistration(ctx: AppContext, token: string, body: z.output<typeof confirmRegistrationBody>): Promise<void> {
  const passwordHash = await hashPassword(body.newPassword);
  await inTransaction(ctx.db, async (trx) => {
    const link = await consumeLinkToken(trx, hashToken(token), 'invite');
    // A token names one user: any other usu_codigo in the body leaves the link unused.
    if (!link || link.cod_usu !== body.usu_codigo) throw notFound(MSG.linkInvalid);
    await setPassword(trx, link.cod_usu, passwordHash);
    await q.confirmUser(trx, link.cod_usu, body.usu_nome);
  });
}
