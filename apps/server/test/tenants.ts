import type { Kysely } from 'kysely';
import { beforeAll } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/secrets.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';

/** Test data only: a second administration beside the demo one, and the ids of both. */
export interface Tenants {
  demo: { empresa: number; pre: number; pos: number; preUuid: string; admin: number; gerente: number; usuario: number; posUser: number };
  other: { empresa: number; entidade: number; uuid: string; admin: number; gerente: number; usuario: number };
}

export async function createTenants(db: Kysely<DB>): Promise<Tenants> {
  const id = async (login: string) =>
    (await db.selectFrom('usuarios').select('usu_codigo').where('usu_login', '=', login).executeTakeFirstOrThrow()).usu_codigo;
  const ent = (name: string) =>
    db
      .selectFrom('entidades')
      .select(['ent_codigo', 'ent_uuid', 'cod_ger_empresa'])
      .where('ent_nome_fantasia', '=', name)
      .executeTakeFirstOrThrow();
  const pre = await ent('Demo Pré-pago');
  const pos = await ent('Demo Pós-pago');

  const other = await createAdministration(
    db,
    { empresa: 'Outra Empresa', entidade: 'Outra Entidade', admin: 'admin@outra.local' },
    { gerente: { login: 'gerente@outra.local', nivel: 2 }, usuario: { login: 'usuario@outra.local', nivel: 1 } },
  );
  return {
    demo: {
      empresa: pre.cod_ger_empresa,
      pre: pre.ent_codigo,
      pos: pos.ent_codigo,
      preUuid: pre.ent_uuid,
      admin: await id('admin@demo.local'),
      gerente: await id('gerente@demo.local'),
      usuario: await id('usuario@demo.local'),
      posUser: await id('pos@demo.local'),
    },
    other,
  };
}

/** The ids of an administration createAdministration made, `K` its users below the administrator. */
export type Administration<K extends string> = { empresa: number; entidade: number; uuid: string; admin: number } & Record<K, number>;

/**
 * An administration of its own (test data only): a company and an entity, its administrator
 * (`names.admin`, whose admin code is its own and the company's) and `users` of lower levels under it,
 * made in that order; every password is the demo's.
 */
export async function createAdministration<K extends string>(
  db: Kysely<DB>,
  names: { empresa: string; entidade: string; admin: string },
  users: Record<K, { login: string; nivel: 1 | 2 }>,
): Promise<Administration<K>> {
  const senha = await hashPassword(DEMO_PASSWORD);
  const empresa = await db
    .insertInto('empresas')
    .values({ emp_nome_fantasia: names.empresa })
    .returning('emp_codigo')
    .executeTakeFirstOrThrow();
  const entidade = await db
    .insertInto('entidades')
    .values({ cod_ger_empresa: empresa.emp_codigo, ent_nome_fantasia: names.entidade, ent_tipo_plano: '2' })
    .returning(['ent_codigo', 'ent_uuid'])
    .executeTakeFirstOrThrow();
  const user = async (login: string, nivel: 1 | 2 | 3, adm: number | null) =>
    (
      await db
        .insertInto('usuarios')
        .values({
          usu_login: login,
          usu_nome: login.split('@')[0],
          usu_senha: senha,
          usu_nivel: nivel,
          usu_status: 'L',
          usu_tipo_plano: '2',
          cod_ger_adm: adm,
          cod_ger_empresa: empresa.emp_codigo,
          cod_ger_entidade: entidade.ent_codigo,
        })
        .returning('usu_codigo')
        .executeTakeFirstOrThrow()
    ).usu_codigo;
  const admin = await user(names.admin, 3, null);
  await db.updateTable('usuarios').set({ cod_ger_adm: admin }).where('usu_codigo', '=', admin).execute();
  await db.updateTable('empresas').set({ cod_ger_adm: admin }).where('emp_codigo', '=', empresa.emp_codigo).execute();
  const made: Record<string, number> = {};
  for (const [key, u] of Object.entries(users) as [K, { login: string; nivel: 1 | 2 }][]) made[key] = await user(u.login, u.nivel, admin);
  return { empresa: empresa.emp_codigo, entidade: entidade.ent_codigo, uuid: entidade.ent_uuid, admin, ...made } as Administration<K>;
}

type Headers = Record<string, string>;
const TENANT_LOGINS = {
  admin: 'admin@demo.local',
  gerente: 'gerente@demo.local',
  usuario: 'usuario@demo.local',
  otherAdmin: 'admin@outra.local',
  otherGerente: 'gerente@outra.local',
} as const;

/**
 * The second administration beside the demo one, made before the file's tests, and a session of
 * each level on both: `const { ids, as } = useTenants(app)`, then `ids.other.empresa`, `as.otherAdmin`.
 */
export function useTenants(app: { readonly t: { ctx: { db: Kysely<DB> } }; as(email: string): Promise<Headers> }): {
  ids: Tenants;
  as: Record<keyof typeof TENANT_LOGINS, Headers>;
} {
  let made: Tenants | undefined;
  const as = {} as Record<keyof typeof TENANT_LOGINS, Headers>;
  beforeAll(async () => {
    made = await createTenants(app.t.ctx.db);
    for (const [key, login] of Object.entries(TENANT_LOGINS) as [keyof typeof TENANT_LOGINS, string][]) as[key] = await app.as(login);
  });
  const ids = new Proxy({} as Tenants, {
    get(_target, prop) {
      if (!made) throw new Error('useTenants: the tenants are made in beforeAll');
      return Reflect.get(made, prop);
    },
  });
  return { ids, as };
}

/** A POST /usuarios body of a new level-1 user with a login of its own; `over` changes any field. */
export const newUser = (over: Record<string, unknown> = {}) => ({
  usu_nome: 'Novo Usuário',
  usu_login: `novo.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
  usu_anexo_obrigatorio: 'N',
  usu_nivel: 1,
  ...over,
});
