import type { ListQuery } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import type { DB, UsuariosTable } from '../../db/schema.ts';
import { containsPattern, pagedList } from '../../http/paged-list.ts';
import { forgetCachedSessions } from '../auth/session-cache.ts';
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
      sql<boolean>`u.usu_senha IS NOT NULL`.as('has_password'),
    ])
    .where('u.usu_codigo', '=', usuCodigo)
    .executeTakeFirst();
}

export type UserRecord = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** Whether a login is taken (by anyone: logins are unique across tenants). */
export async function loginTaken(db: Db, login: string, exceptUsuCodigo?: number): Promise<boolean> {
  let q = db.selectFrom('usuarios').select('usu_codigo').where(sql`lower(usu_login)`, '=', login.toLowerCase());
  if (exceptUsuCodigo) q = q.where('usu_codigo', '<>', exceptUsuCodigo);
  return !!(await q.executeTakeFirst());
}

type AremailAccounts = { accounts: { name: string; email: string; main: boolean }[] } | null;

export type Insertable = Pick<
  UsuariosTable,
  'usu_nome' | 'usu_login' | 'cod_ger_adm' | 'cod_ger_empresa' | 'cod_ger_entidade' | 'usu_pessoa_tipo'
> & {
  usu_accounts_aremail: AremailAccounts;
  usu_nivel: 1 | 2 | 3;
  usu_anexo_obrigatorio: 'S' | 'N';
  usu_tipo_plano: '1' | '2';
  usu_pessoa_data: Record<string, unknown> | null;
};

/** A new user awaiting acceptance (status A, no password until the invitation is confirmed). */
export async function insertUser(db: Db, values: Insertable): Promise<number> {
  const row = await db
    .insertInto('usuarios')
    .values({
      ...values,
      usu_pessoa_data: values.usu_pessoa_data ? JSON.stringify(values.usu_pessoa_data) : null,
      usu_accounts_aremail: values.usu_accounts_aremail ? JSON.stringify(values.usu_accounts_aremail) : null,
      usu_status: 'A',
    })
    .returning('usu_codigo')
    .executeTakeFirstOrThrow();
  return row.usu_codigo;
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
}

export async function updateUser(db: Db, usuCodigo: number, changes: UserChanges) {
  await db
    .updateTable('usuarios')
    .set({ ...changes, usu_accounts_aremail: changes.usu_accounts_aremail ? JSON.stringify(changes.usu_accounts_aremail) : null })
    .where('usu_codigo', '=', usuCodigo)
    .execute();
  forgetCachedSessions();
}

export async function deleteUser(db: Db, usuCodigo: number) {
  await db.deleteFrom('usuarios').where('usu_codigo', '=', usuCodigo).execute();
  forgetCachedSessions();
}

/** The user an invitation link names (for GET and PUT /usuarios/confirm-registration). */
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
  forgetCachedSessions();
}

export function findSettings(db: Db, usuCodigo: number) {
  return db
    .selectFrom('usuarios')
    .select(['usu_codigo', 'usu_nome', 'usu_login', 'usu_anexo_obrigatorio', 'usu_integracao', 'usu_wooc_id'])
    .where('usu_codigo', '=', usuCodigo)
    .executeTakeFirstOrThrow();
}

export async function updateSettings(db: Db, usuCodigo: number, values: { usu_nome: string; usu_anexo_obrigatorio: 'S' | 'N' }) {
  await db.updateTable('usuarios').set(values).where('usu_codigo', '=', usuCodigo).execute();
  forgetCachedSessions();
}
