import { type ListQuery, USERS_MSG, type userBody } from '@ar/core';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { findCompany, findEntity } from '../entities/entities.queries.ts';
import { requirePermission, type TenantScope } from '../tenancy/tenant-scope.ts';
import { sendInvitation } from './invitations.ts';
import { insertUserWithPlan } from './new-user.ts';
import * as q from './users.queries.ts';

type UserInput = z.output<typeof userBody>;

/** The users in the actor's scope (tenant-scope.ts): another tenant's id is simply not found. */
export const listUsers = (ctx: AppContext, scope: TenantScope, query: ListQuery) => q.listUsers(ctx.db, scope, query);

export async function getUser(ctx: AppContext, scope: TenantScope, usuCodigo: number) {
  return (await q.findUser(ctx.db, scope, usuCodigo)) ?? Promise.reject(notFound());
}

/**
 * The entity a user is placed in. An administrator chooses company and entity among its own
 * (another administration's id is a 404); a manager's users go to the manager's own entity,
 * whatever the body says.
 */
async function entityFor(ctx: AppContext, scope: TenantScope, body: UserInput) {
  if (!scope.canManageEntities) {
    const own = await findEntity(ctx.db, scope, scope.actor.cod_ger_entidade ?? 0);
    if (!own) throw notFound();
    return own;
  }
  if (!body.cod_ger_empresa) throw badRequest(USERS_MSG.companyRequired);
  if (!body.cod_ger_entidade) throw badRequest(USERS_MSG.entityRequired);
  const [company, entity] = await Promise.all([
    findCompany(ctx.db, scope, body.cod_ger_empresa),
    findEntity(ctx.db, scope, body.cod_ger_entidade),
  ]);
  if (!company || !entity) throw notFound();
  if (entity.cod_ger_empresa !== company.emp_codigo) throw badRequest(USERS_MSG.entityNotInCompany);
  return entity;
}

/** Types a user may give: the levels at or below its own (spec 000 §6). */
function checkLevel(scope: TenantScope, level: number) {
  if (level > scope.actor.usu_nivel) throw badRequest(USERS_MSG.levelNotAllowed);
}

/** POST /usuarios: a user awaiting acceptance in an entity in scope, with its plan; the invitation is e-mailed. */
export async function createUser(ctx: AppContext, scope: TenantScope, body: UserInput) {
  requirePermission(scope.canManageUsers);
  checkLevel(scope, body.usu_nivel);
  const entity = await entityFor(ctx, scope, body);
  if (await q.loginTaken(ctx.db, body.usu_login)) throw badRequest(USERS_MSG.emailExists);
  const usuCodigo = await insertUserWithPlan(ctx.db, (trx) =>
    q.insertUser(trx, scope, entity.ent_codigo, {
      usu_nome: body.usu_nome,
      usu_login: body.usu_login,
      usu_nivel: body.usu_nivel,
      usu_anexo_obrigatorio: body.usu_anexo_obrigatorio,
      usu_accounts_aremail: body.usu_accounts_aremail,
      usu_sso_obrigatorio: body.usu_sso_obrigatorio ?? false,
    }),
  );
  if (!usuCodigo) throw notFound();
  const user = await getUser(ctx, scope, usuCodigo);
  await inviteQuietly(ctx, user);
  return user;
}

/**
 * The status an edit leaves: 'B' blocks; asking for anything else unblocks a blocked user back
 * to released (or awaiting, if the invitation was never confirmed). 'L' itself is never granted
 * here: only confirming the invitation releases a new user.
 */
function nextStatus(current: q.UserRecord, asked: UserInput['usu_status']): 'A' | 'L' | 'B' {
  if (asked === 'B') return 'B';
  if (asked && current.usu_status === 'B') return current.has_password ? 'L' : 'A';
  return current.usu_status;
}

/**
 * PUT /usuarios/{id}. Answers the user as saved, or undefined when the edit took it out of the
 * actor's reach (moved to a level above a manager's).
 */
export async function updateUser(ctx: AppContext, scope: TenantScope, usuCodigo: number, body: UserInput) {
  const current = await getUser(ctx, scope, usuCodigo);
  requirePermission(scope.canManageUsers);
  checkLevel(scope, body.usu_nivel);
  const status = nextStatus(current, body.usu_status);
  const ssoOnly = body.usu_sso_obrigatorio ?? current.usu_sso_obrigatorio;
  if (status === 'B' && usuCodigo === scope.actor.usu_codigo) throw badRequest(USERS_MSG.cannotBlockSelf);
  const entity = await entityFor(ctx, scope, body);
  if (await q.loginTaken(ctx.db, body.usu_login, usuCodigo)) throw badRequest(USERS_MSG.emailExists);
  await inTransaction(ctx.db, async (trx) => {
    const saved = await q.updateUser(trx, scope, usuCodigo, {
      usu_nome: body.usu_nome,
      usu_login: body.usu_login,
      usu_nivel: body.usu_nivel,
      usu_anexo_obrigatorio: body.usu_anexo_obrigatorio,
      usu_accounts_aremail: body.usu_accounts_aremail,
      usu_status: status,
      usu_tipo_plano: entity.ent_tipo_plano,
      cod_ger_adm: entity.cod_ger_adm,
      cod_ger_empresa: entity.cod_ger_empresa,
      cod_ger_entidade: entity.ent_codigo,
      usu_sso_obrigatorio: ssoOnly,
    });
    if (!saved) throw notFound();
    // A blocked user is signed out at once, not when the session expires.
    if (status === 'B') await q.endSessionsOf(trx, scope, usuCodigo);
    // Required to sign in through the provider: the password sessions end now.
    else if (ssoOnly && !current.usu_sso_obrigatorio) await q.endSessionsOf(trx, scope, usuCodigo, { via: 'senha' });
  });
  return q.findUser(ctx.db, scope, usuCodigo);
}

export async function removeUser(ctx: AppContext, scope: TenantScope, usuCodigo: number) {
  await getUser(ctx, scope, usuCodigo);
  requirePermission(scope.canManageUsers);
  if (usuCodigo === scope.actor.usu_codigo) throw badRequest(USERS_MSG.cannotRemoveSelf);
  let removed: boolean;
  try {
    removed = await q.deleteUser(ctx.db, scope, usuCodigo);
  } catch (e) {
    // Messages, plans and other records keep their author: such a user is blocked instead.
    if ((e as { code?: string }).code === '23503') throw new AppError(409, USERS_MSG.hasRecords);
    throw e;
  }
  if (!removed) throw notFound();
}

export async function resendInvite(ctx: AppContext, scope: TenantScope, usuCodigo: number) {
  const user = await getUser(ctx, scope, usuCodigo);
  requirePermission(scope.canManageUsers);
  if (user.usu_status === 'L') throw badRequest(USERS_MSG.alreadyConfirmed);
  await sendInvitation(ctx, user, { signedUp: false });
}

/** The user exists either way; a mail failure is logged, and the manager can resend. */
async function inviteQuietly(ctx: AppContext, user: q.UserRecord) {
  try {
    await sendInvitation(ctx, user, { signedUp: false });
  } catch (err) {
    ctx.log.error({ err, usu_codigo: user.usu_codigo }, 'invitation e-mail not sent');
  }
}
