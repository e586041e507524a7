import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { forgetCachedSessions } from './session-cache.ts';

export const SESSION_HOURS = 12;

export function findUserByLogin(db: Kysely<DB>, login: string) {
  return db
    .selectFrom('usuarios')
    .select(['usu_codigo', 'usu_senha', 'usu_status', 'usu_secure'])
    .where(sql`lower(usu_login)`, '=', login.toLowerCase())
    .executeTakeFirst();
}

export async function createSession(db: Kysely<DB>, userId: number, tokenHash: string, ip: string) {
  await db
    .insertInto('sessoes')
    .values({
      ses_token_hash: tokenHash,
      cod_usu: userId,
      ses_expira: sql<Date>`now() + make_interval(hours => ${SESSION_HOURS})`,
      ses_ip: ip.slice(0, 64),
    })
    .execute();
}

/** The actor of a live session of a released user, or nothing. */
export function findSessionActor(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('sessoes as s')
    .innerJoin('usuarios as u', 'u.usu_codigo', 's.cod_usu')
    .select([
      'u.usu_codigo',
      'u.usu_nivel',
      'u.usu_login',
      'u.usu_nome',
      'u.cod_ger_adm',
      'u.cod_ger_empresa',
      'u.cod_ger_entidade',
      'u.usu_tipo_plano',
      'u.usu_secure',
      's.ses_expira',
    ])
    .where('s.ses_token_hash', '=', tokenHash)
    .where('s.ses_expira', '>', sql<Date>`now()`)
    .where('u.usu_status', '=', 'L')
    .executeTakeFirst();
}

export async function deleteSession(db: Kysely<DB>, tokenHash: string) {
  await db.deleteFrom('sessoes').where('ses_token_hash', '=', tokenHash).execute();
  forgetCachedSessions();
}

export async function deleteSessionsOf(db: Kysely<DB>, userId: number, except?: string) {
  let q = db.deleteFrom('sessoes').where('cod_usu', '=', userId);
  if (except) q = q.where('ses_token_hash', '<>', except);
  await q.execute();
  forgetCachedSessions();
}

export function findSessionUserRow(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('usuarios as u')
    .leftJoin('entidades as e', 'e.ent_codigo', 'u.cod_ger_entidade')
    .selectAll('u')
    .select('e.ent_nome_fantasia')
    .where('u.usu_codigo', '=', userId)
    .executeTakeFirst();
}

export type SessionUserRow = NonNullable<Awaited<ReturnType<typeof findSessionUserRow>>>;

export async function setPassword(db: Kysely<DB>, userId: number, passwordHash: string) {
  await db
    .updateTable('usuarios')
    .set({ usu_senha: passwordHash, usu_secure: true, usu_integracao: true })
    .where('usu_codigo', '=', userId)
    .execute();
}

// ---- single-use link tokens (password reset; invitations reuse them) ----

export async function createLinkToken(db: Kysely<DB>, userId: number, kind: 'reset' | 'invite', tokenHash: string, hours: number) {
  // A new link replaces the older unused ones of the same kind.
  await db
    .updateTable('tokens_senha')
    .set({ tok_usado: sql<Date>`now()` })
    .where('cod_usu', '=', userId)
    .where('tok_tipo', '=', kind)
    .where('tok_usado', 'is', null)
    .execute();
  await db
    .insertInto('tokens_senha')
    .values({
      tok_hash: tokenHash,
      cod_usu: userId,
      tok_tipo: kind,
      tok_expira: sql<Date>`now() + make_interval(hours => ${hours})`,
    })
    .execute();
}

export function findLiveLinkToken(db: Kysely<DB>, tokenHash: string, kind: 'reset' | 'invite') {
  return db
    .selectFrom('tokens_senha')
    .select(['cod_usu'])
    .where('tok_hash', '=', tokenHash)
    .where('tok_tipo', '=', kind)
    .where('tok_usado', 'is', null)
    .where('tok_expira', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Marks a live token used; answers its user only to the one caller that wins. */
export function consumeLinkToken(db: Kysely<DB>, tokenHash: string, kind: 'reset' | 'invite') {
  return db
    .updateTable('tokens_senha')
    .set({ tok_usado: sql<Date>`now()` })
    .where('tok_hash', '=', tokenHash)
    .where('tok_tipo', '=', kind)
    .where('tok_usado', 'is', null)
    .where('tok_expira', '>', sql<Date>`now()`)
    .returning(['cod_usu'])
    .executeTakeFirst();
}
