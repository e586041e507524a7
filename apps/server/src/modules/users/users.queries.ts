import type { ListQuery } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import { containsPattern, pagedList } from '../../db/paged-list.ts';
import type { DB } from '../../db/schema.ts';
import { forgetSessions } from '../auth/auth.queries.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

type Db = Kysely<DB>;

function usersInScope(db: Db, scope: TenantScope) {
  return db
    .selectFrom('usuarios as u')
    .leftJoin('entidades as en', 'en.ent_codigo', 'u.cod_ger_entidade')
    .leftJoin('empresas as em', 'em.emp_codigo', 'u.cod_ger_empresa')
    .where(scope.users('u'));
}

export function listUsers(db: Db, scope: TenantScope, q: ListQuery) {
  let base = usersInScope(db, scope).select([
    'u.usu_codigo',
    'u.usu_nome',
    'u.usu_login',
    'u.usu_nivel',
    'u.usu_status',
    'u.usu_data_criacao',
    'en.ent_nome_fantasia',
    'u.usu_ultimo_acesso',
    'u.usu_ultimo_acesso_via',
    'u.usu_ultimo_acesso_provedor',
  ]);
  if (q.searchTerm) {
    const like = containsPattern(q.searchTerm);
    const term = q.searchTerm;
    base = base.where((eb) =>
      eb.or([eb('u.usu_nome', 'ilike', like), eb('u.usu_login', 'ilike', like), eb(eb.cast('u.usu_codigo', 'text'), '=', term)]),
    );
  }
  return pagedList(base, q, {
    sortable: {
      usu_codigo: 'u.usu_codigo',
      usu_nome: 'u.usu_nome',
      usu_login: 'u.usu_login',
      usu_status: 'u.usu_status',
      usu_data_criacao: 'u.usu_data_criacao',
    },
    tiebreak: 'u.usu_codigo',
  });
}

export function findUser(db: Db, scope: TenantScope, usuCodigo: number) {
  return usersInScope(db, scope)
    .select([
      'u.usu_codigo',
      'u.usu_nome',
      'u.usu_login',
      'u.usu_nivel',
      'u.usu_status',
      'u.usu_data_criacao',
      'u.usu_anexo_obrigatorio',
      'u.usu_notificacao_status',
      'u.usu_tipo_plano',
      'u.usu_integracao',
      'u.usu_wooc_id',
      'u.usu_pessoa_tipo',
      'u.usu_pessoa_data',
      'u.usu_accounts_aremail',
      'u.aceita_remessa',
      'u.cod_ger_adm',
      'u.cod_ger_empresa',
      'u.cod_ger_entidade',
      'en.ent_nome_fantasia',
      'em.emp_nome_fantasia',
      'u.usu_ultimo_acesso',
      'u.usu_ultimo_acesso_via',
      'u.usu_ultimo_acesso_provedor',
      'u.usu_sso_obrigatorio',
      sql<boolean>`u.usu_senha IS NOT NULL`.as('has_password'),
    ])
    .where('u.usu_codigo', '=', usuCodigo)
    .executeTakeFirst();
}

export type UserRecord = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/**
 * Whether a login is taken, by anyone: logins are unique across the whole service, so this one
 * check looks past the tenant (it answers only yes or no; the public check-email asks the same).
 */
export async function loginTaken(db: Db, login: string, exceptUsuCodigo?: number): Promise<boolean> {
  let q = db.selectFrom('usuarios').select('usu_codigo').where(sql`lower(usu_login)`, '=', login.toLowerCase());
  if (exceptUsuCodigo) q = q.where('usu_codigo', '<>', exceptUsuCodigo);
  return !!(await q.executeTakeFirst());
}

type AremailAccounts = { accounts: { name: string; email: string; main: boolean }[] } | null;
const jsonOrNull = (v: object | null) => (v ? JSON.stringify(v) : null);

/** What a manager gives a new user; everything else comes from the entity it is placed in. */
export interface NewUser {
  usu_nome: string;
  usu_login: string;
  usu_nivel: 1 | 2 | 3;
  usu_anexo_obrigatorio: 'S' | 'N';
  usu_accounts_aremail: AremailAccounts;
  usu_sso_obrigatorio: boolean;
}

const NEW_USER_RETURNING = ['usu_codigo', 'usu_tipo_plano', 'cod_ger_entidade'] as const;

/**
 * A user created by a manager, status A (no password until the invitation is confirmed), in the
 * entity `entCodigo` when that entity is in the actor's scope: INSERT ... SELECT from the entity,
 * so its company, administration and plan type are the entity's and another tenant's entity
 * inserts nothing (undefined).
 */
export function insertUser(db: Db, scope: TenantScope, entCodigo: number, v: NewUser) {
  return db
    .insertInto('usuarios')
    .columns([
      'usu_nome',
      'usu_login',
      'usu_nivel',
      'usu_anexo_obrigatorio',
      'usu_accounts_aremail',
      'usu_sso_obrigatorio',
      'usu_tipo_plano',
      'cod_ger_adm',
      'cod_ger_empresa',
      'cod_ger_entidade',
    ])
    .expression(
      db
        .selectFrom('entidades as en')
        .innerJoin('empresas as em', 'em.emp_codigo', 'en.cod_ger_empresa')
        .select([
          sql<string>`${v.usu_nome}::text`.as('usu_nome'),
          sql<string>`${v.usu_login}::text`.as('usu_login'),
          sql<number>`${v.usu_nivel}::smallint`.as('usu_nivel'),
          sql<string>`${v.usu_anexo_obrigatorio}::text`.as('usu_anexo_obrigatorio'),
          sql<string | null>`${jsonOrNull(v.usu_accounts_aremail)}::jsonb`.as('usu_accounts_aremail'),
          sql<boolean>`${v.usu_sso_obrigatorio}::boolean`.as('usu_sso_obrigatorio'),
          'en.ent_tipo_plano',
          'em.cod_ger_adm',
          'en.cod_ger_empresa',
          'en.ent_codigo',
        ])
        .where(scope.entities('en'))
        .where('en.ent_codigo', '=', entCodigo),
    )
    .returning(NEW_USER_RETURNING)
    .executeTakeFirst();
}

/** The entity of a sign-up link, as findEntityByUuid answers it. */
export interface LinkEntity {
  ent_codigo: number;
  cod_ger_empresa: number;
  cod_ger_adm: number | null;
  ent_tipo_plano: '1' | '2';
}

/**
 * A user who signed up on an entity's link (public, no actor: the link's secret uuid chose the
 * entity): level 1, status A, with the person data of the tab used.
 */
export function insertSignedUpUser(
  db: Db,
  entity: LinkEntity,
  v: { usu_nome: string; usu_login: string; usu_pessoa_tipo: 1 | 2 | 3; usu_pessoa_data: Record<string, unknown> },
) {
  return db
    .insertInto('usuarios')
    .values({
      usu_nome: v.usu_nome,
      usu_login: v.usu_login,
      usu_nivel: 1,
      usu_anexo_obrigatorio: 'N',
      usu_status: 'A',
      usu_pessoa_tipo: v.usu_pessoa_tipo,
      usu_pessoa_data: JSON.stringify(v.usu_pessoa_data),
      usu_tipo_plano: entity.ent_tipo_plano,
      cod_ger_adm: entity.cod_ger_adm,
      cod_ger_empresa: entity.cod_ger_empresa,
      cod_ger_entidade: entity.ent_codigo,
    })
    .returning(NEW_USER_RETURNING)
    .executeTakeFirstOrThrow();
}

export interface UserChanges {
  usu_nome: string;
  usu_login: string;
  usu_nivel: 1 | 2 | 3;
  usu_anexo_obrigatorio: 'S' | 'N';
  usu_accounts_aremail: AremailAccounts;
  usu_status: 'A' | 'L' | 'B';
  usu_tipo_plano: '1' | '2';
  cod_ger_adm: number | null;
  cod_ger_empresa: number;
  cod_ger_entidade: number;
  usu_sso_obrigatorio: boolean;
}

/**
 * Saves a user the actor may change, placed in an entity in the actor's scope; false (nothing
 * written) when either is out of reach.
 */
export async function updateUser(db: Db, scope: TenantScope, usuCodigo: number, changes: UserChanges): Promise<boolean> {
  const res = await db
    .updateTable('usuarios as u')
    .set({ ...changes, usu_accounts_aremail: jsonOrNull(changes.usu_accounts_aremail) })
    .where(scope.managedUsers('u'))
    .where('u.usu_codigo', '=', usuCodigo)
    .where((eb) =>
      eb(eb.val(changes.cod_ger_entidade), 'in', eb.selectFrom('entidades as te').select('te.ent_codigo').where(scope.entities('te'))),
    )
    .executeTakeFirst();
  await forgetSessions(db);
  return Number(res.numUpdatedRows) > 0;
}

/** Ends every session of a user the actor may change (a blocked user is signed out at once). */
export async function endSessionsOf(db: Db, scope: TenantScope, usuCodigo: number, only?: { via: 'senha' | 'sso' }) {
  await db
    .deleteFrom('sessoes')
    .where('cod_usu', '=', usuCodigo)
    .$if(!!only, (qb) => qb.where('ses_via', '=', only?.via ?? 'senha'))
    .where((eb) => eb('cod_usu', 'in', eb.selectFrom('usuarios as su').select('su.usu_codigo').where(scope.managedUsers('su'))))
    .execute();
  await forgetSessions(db);
}

/** Removes a user the actor may change; false when out of reach. A user others depend on raises 23503. */
export async function deleteUser(db: Db, scope: TenantScope, usuCodigo: number): Promise<boolean> {
  const res = await db.deleteFrom('usuarios as u').where(scope.managedUsers('u')).where('u.usu_codigo', '=', usuCodigo).executeTakeFirst();
  await forgetSessions(db);
  return Number(res.numDeletedRows) > 0;
}

/** The user an invitation link names (for GET and PUT /usuarios/confirm-registration: the token is the key). */
export function findInvitee(db: Db, usuCodigo: number) {
  return db
    .selectFrom('usuarios as u')
    .leftJoin('entidades as en', 'en.ent_codigo', 'u.cod_ger_entidade')
    .select(['u.usu_codigo', 'u.usu_nome', 'u.usu_login', 'u.usu_status', 'en.ent_nome_fantasia'])
    .where('u.usu_codigo', '=', usuCodigo)
    .executeTakeFirst();
}

export async function confirmUser(db: Db, usuCodigo: number, usuNome: string) {
  await db.updateTable('usuarios').set({ usu_nome: usuNome, usu_status: 'L' }).where('usu_codigo', '=', usuCodigo).execute();
  await forgetSessions(db);
}

/** My Account: the actor's own row only (there is no id to point elsewhere). */
export function findSettings(db: Db, scope: TenantScope) {
  return db
    .selectFrom('usuarios')
    .select(['usu_codigo', 'usu_nome', 'usu_login', 'usu_anexo_obrigatorio', 'usu_integracao', 'usu_wooc_id'])
    .where(scope.own('usuarios', 'usu_codigo'))
    .executeTakeFirstOrThrow();
}

export type SettingsRecord = Awaited<ReturnType<typeof findSettings>>;

export async function updateSettings(db: Db, scope: TenantScope, values: { usu_nome: string; usu_anexo_obrigatorio: 'S' | 'N' }) {
  await db.updateTable('usuarios').set(values).where(scope.own('usuarios', 'usu_codigo')).execute();
  await forgetSessions(db);
}
