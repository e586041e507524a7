import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import type { Actor } from './actor.ts';
import { forgetCachedSessions, SESSIONS_CHANNEL } from './session-cache.ts';

/*
 * Sign-in, sessions and single-use links. Sign-in, the password-reset link, the invitation link and
 * the recovery job act without a signed-in user (their key is the login or the link's secret
 * token); what a signed-in user does to its own account (its sessions, its password, the session
 * user) takes the scope and reaches only the actor's own rows.
 */

export const SESSION_HOURS = 12;

export function findUserByLogin(db: Kysely<DB>, login: string) {
  return db
    .selectFrom('usuarios')
    .select(['usu_codigo', 'usu_senha', 'usu_status', 'usu_secure', 'usu_sso_obrigatorio'])
    .where(sql`lower(usu_login)`, '=', login.toLowerCase())
    .executeTakeFirst();
}

/** What an SSO session keeps of the provider's sign-in (docs/access.md, "Single sign-on"). */
export interface SsoSession {
  issuer: string;
  sid: string | null;
  sub: string;
  idToken: string;
}

/**
 * A new session, and the user's last sign-in (when, and whether by password or through the
 * provider, for the users list), in one statement.
 */
export async function createSession(db: Kysely<DB>, userId: number, tokenHash: string, ip: string, sso?: SsoSession) {
  await db
    .with('nova', (w) =>
      w.insertInto('sessoes').values({
        ses_token_hash: tokenHash,
        cod_usu: userId,
        ses_expira: sql<Date>`now() + make_interval(hours => ${SESSION_HOURS})`,
        ses_ip: ip.slice(0, 64),
        ses_via: sso ? 'sso' : 'senha',
        ses_provedor: sso?.issuer ?? null,
        ses_oidc_sid: sso?.sid ?? null,
        ses_oidc_sub: sso?.sub ?? null,
        ses_id_token: sso?.idToken ?? null,
      }),
    )
    .updateTable('usuarios')
    .set({
      usu_ultimo_acesso: sql<Date>`now()`,
      usu_ultimo_acesso_via: sso ? 'sso' : 'senha',
      usu_ultimo_acesso_provedor: sso?.issuer ?? null,
    })
    .where('usu_codigo', '=', userId)
    .execute();
}

/** The user's columns an Actor is made of (actor.ts), for each way a request is authenticated (a session, an API key). */
export const ACTOR_COLUMNS = [
  'u.usu_codigo',
  'u.usu_nivel',
  'u.usu_login',
  'u.usu_nome',
  'u.cod_ger_adm',
  'u.cod_ger_empresa',
  'u.cod_ger_entidade',
  'u.usu_tipo_plano',
] as const;

/** The actor of a live session of a released user, or nothing. */
export function findSessionActor(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('sessoes as s')
    .innerJoin('usuarios as u', 'u.usu_codigo', 's.cod_usu')
    .select([
      ...ACTOR_COLUMNS,
      // A session opened through the provider has no local password to change.
      sql<boolean>`u.usu_secure OR s.ses_via = 'sso'`.as('usu_secure'),
      's.ses_expira',
    ])
    .where('s.ses_token_hash', '=', tokenHash)
    .where('s.ses_expira', '>', sql<Date>`now()`)
    .where('u.usu_status', '=', 'L')
    .executeTakeFirst();
}

/** Logout: the actor's own session of this token; answers its provider and ID token when it was opened through SSO. */
export async function deleteOwnSession(db: Kysely<DB>, scope: TenantScope) {
  const ended = await db
    .deleteFrom('sessoes')
    .where(scope.own('sessoes'))
    .where('ses_token_hash', '=', scope.actor.tokenHash)
    .returning(['ses_via', 'ses_provedor', 'ses_id_token'])
    .executeTakeFirst();
  await forgetSessions(db);
  return ended;
}

/**
 * A back-channel logout (docs/access.md): every session the provider's session `sid` opened, or,
 * when the token names only a subject, every session of that subject at that provider. Answers the
 * ended sessions' token hashes (their sockets close too).
 */
export async function deleteProviderSessions(db: Kysely<DB>, issuer: string, who: { sid?: string; sub?: string }): Promise<string[]> {
  if (!who.sid && !who.sub) return [];
  const rows = await db
    .deleteFrom('sessoes')
    .where('ses_provedor', '=', issuer)
    .where((eb) => (who.sid ? eb('ses_oidc_sid', '=', who.sid) : eb('ses_oidc_sub', '=', who.sub ?? '')))
    .$if(!!(who.sid && who.sub), (q) => q.where('ses_oidc_sub', '=', who.sub ?? ''))
    .returning('ses_token_hash')
    .execute();
  if (rows.length > 0) await forgetSessions(db);
  return rows.map((r) => r.ses_token_hash);
}

/**
 * Records a logout token's `jti` as used; false when it was already (a replay). Tokens past their
 * expiry are forgotten on the way: they are refused for their `exp` anyway.
 */
export async function useLogoutTokenId(db: Kysely<DB>, issuer: string, jti: string, expires: Date): Promise<boolean> {
  await db.deleteFrom('oidc_logout_jti').where('olj_expira', '<', sql<Date>`now()`).execute();
  const row = await db
    .insertInto('oidc_logout_jti')
    .values({ olj_emissor: issuer, olj_jti: jti.slice(0, 255), olj_expira: expires })
    .onConflict((oc) => oc.columns(['olj_emissor', 'olj_jti']).doNothing())
    .returning('olj_jti')
    .executeTakeFirst();
  return !!row;
}

/**
 * An invitation accepted through the provider (docs/access.md): the user's live invitation is
 * used up and the user released, keeping the name the administrator gave; false when the user has
 * no live invitation (expired, used or never sent), and then nothing changes.
 */
export async function acceptInvitationBySso(db: Kysely<DB>, userId: number): Promise<boolean> {
  const used = await db
    .updateTable('tokens_senha')
    .set({ tok_usado: sql<Date>`now()` })
    .where('cod_usu', '=', userId)
    .where('tok_tipo', '=', 'invite')
    .where('tok_usado', 'is', null)
    .where('tok_expira', '>', sql<Date>`now()`)
    .returning('tok_hash')
    .execute();
  if (used.length === 0) return false;
  await db.updateTable('usuarios').set({ usu_status: 'L' }).where('usu_codigo', '=', userId).where('usu_status', '=', 'A').execute();
  await forgetSessions(db);
  return true;
}

/** The user an SSO sign-in names by its e-mail (any status: the caller says why a user cannot enter). */
export function findUserForSso(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('usuarios')
    .select(['usu_codigo', 'usu_status', 'usu_login'])
    .where(sql`lower(usu_login)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** After the actor changed its password: its other sessions end, this one stays. */
export async function deleteOtherOwnSessions(db: Kysely<DB>, scope: TenantScope) {
  await db.deleteFrom('sessoes').where(scope.own('sessoes')).where('ses_token_hash', '<>', scope.actor.tokenHash).execute();
  await forgetSessions(db);
}

/** A password reset by link: every session of the link's user ends. */
export async function deleteSessionsOf(db: Kysely<DB>, userId: number) {
  await db.deleteFrom('sessoes').where('cod_usu', '=', userId).execute();
  await forgetSessions(db);
}

const sessionUsers = (db: Kysely<DB>) =>
  db
    .selectFrom('usuarios as u')
    .leftJoin('entidades as e', 'e.ent_codigo', 'u.cod_ger_entidade')
    .selectAll('u')
    .select('e.ent_nome_fantasia');

/** The user of a sign-in or a recovery job (no session yet: the user's id is the key). */
export function findSessionUserRow(db: Kysely<DB>, userId: number) {
  return sessionUsers(db).where('u.usu_codigo', '=', userId).executeTakeFirst();
}

/** The signed-in actor's own user row (GET /me, My Account). */
export function findOwnSessionUser(db: Kysely<DB>, scope: TenantScope) {
  return sessionUsers(db).where(scope.own('u', 'usu_codigo')).executeTakeFirst();
}

export type SessionUserRow = NonNullable<Awaited<ReturnType<typeof findSessionUserRow>>>;

const NEW_PASSWORD = (passwordHash: string) => ({ usu_senha: passwordHash, usu_secure: true, usu_integracao: true });

/** A password set by a single-use link (reset, invitation): the link's user. */
export async function setPassword(db: Kysely<DB>, userId: number, passwordHash: string) {
  await db.updateTable('usuarios').set(NEW_PASSWORD(passwordHash)).where('usu_codigo', '=', userId).execute();
}

/** The actor changes its own password: any other id matches nothing (false). */
export async function setOwnPassword(db: Kysely<DB>, scope: TenantScope, usuCodigo: number, passwordHash: string): Promise<boolean> {
  const res = await db
    .updateTable('usuarios')
    .set(NEW_PASSWORD(passwordHash))
    .where(scope.own('usuarios', 'usu_codigo'))
    .where('usu_codigo', '=', usuCodigo)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
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

/**
 * After a write that can change an actor: this process's session cache is emptied now, every other
 * process's when the write commits (NOTIFY is delivered at commit; docs/scale.md).
 */
export async function forgetSessions(db: Kysely<DB>): Promise<void> {
  forgetCachedSessions();
  await sql`SELECT pg_notify(${SESSIONS_CHANNEL}, '')`.execute(db);
}

/**
 * Of these sessions (token hashes), the ones still live: unexpired, their user released. The
 * realtime socket's sweep (notifications.socket.ts) closes the sockets of the others; keyed by the
 * sessions themselves, as the bearer check is.
 */
export async function liveSessionHashes(db: Kysely<DB>, tokenHashes: string[]): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessoes as s')
    .innerJoin('usuarios as u', 'u.usu_codigo', 's.cod_usu')
    .select('s.ses_token_hash')
    .where('s.ses_token_hash', 'in', tokenHashes)
    .where('s.ses_expira', '>', sql<Date>`now()`)
    .where('u.usu_status', '=', 'L')
    .execute();
  return new Set(rows.map((r) => r.ses_token_hash));
}

/**
 * A user as the actor of work done on its behalf without a session (a batch file's or a bulk
 * proof's job, a test's scope): the same fields as a signed-in actor, no token.
 */
export async function userAsActor(db: Kysely<DB>, who: { usu_codigo: number } | { usu_login: string }): Promise<Actor | undefined> {
  const row = await db
    .selectFrom('usuarios')
    .select([
      'usu_codigo',
      'usu_nivel',
      'usu_login',
      'usu_nome',
      'cod_ger_adm',
      'cod_ger_empresa',
      'cod_ger_entidade',
      'usu_tipo_plano',
      'usu_secure',
    ])
    .where((eb) => ('usu_codigo' in who ? eb('usu_codigo', '=', who.usu_codigo) : eb('usu_login', '=', who.usu_login)))
    .executeTakeFirst();
  return row && { ...row, usu_nivel: row.usu_nivel as Actor['usu_nivel'], tokenHash: '' };
}
