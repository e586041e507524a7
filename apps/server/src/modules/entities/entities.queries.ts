import type { ListQuery } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import { containsPattern, pagedList } from '../../db/paged-list.ts';
import type { DB } from '../../db/schema.ts';
import { forgetSessions } from '../auth/auth.queries.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

type Db = Kysely<DB>;

const ENTITY_COLUMNS = [
  'en.ent_codigo',
  'en.ent_uuid',
  'en.ent_razao_social',
  'en.ent_nome_fantasia',
  'en.ent_descricao',
  'en.ent_cnpj',
  'en.ent_inscricao_estadual',
  'en.ent_inscricao_municipal',
  'en.ent_telefone',
  'en.ent_telefone2',
  'en.ent_celular',
  'en.cod_ger_empresa',
  'en.ent_tipo_plano',
  'en.ent_from_name_default',
  'en.ent_from_default',
  'em.emp_nome_fantasia',
  'em.cod_ger_adm',
] as const;

function entitiesInScope(db: Db, scope: TenantScope) {
  return db.selectFrom('entidades as en').innerJoin('empresas as em', 'em.emp_codigo', 'en.cod_ger_empresa').where(scope.entities('en'));
}

export function listEntities(db: Db, scope: TenantScope, q: ListQuery) {
  let base = entitiesInScope(db, scope).select(ENTITY_COLUMNS);
  if (q.searchTerm) {
    const like = containsPattern(q.searchTerm);
    base = base.where((eb) =>
      eb.or([
        eb('en.ent_nome_fantasia', 'ilike', like),
        eb('en.ent_descricao', 'ilike', like),
        eb('en.ent_cnpj', 'ilike', containsPattern(q.searchTerm?.replace(/[.\-/\s]/g, '') ?? '')),
        eb(eb.cast('en.ent_codigo', 'text'), '=', q.searchTerm ?? ''),
      ]),
    );
  }
  return pagedList(base, q, {
    sortable: {
      ent_codigo: 'en.ent_codigo',
      ent_nome_fantasia: 'en.ent_nome_fantasia',
      ent_descricao: 'en.ent_descricao',
      ent_cnpj: 'en.ent_cnpj',
    },
    tiebreak: 'en.ent_codigo',
  });
}

export type EntityRecord = Awaited<ReturnType<typeof listEntities>>['rows'][number];

export function findEntity(db: Db, scope: TenantScope, entCodigo: number) {
  return entitiesInScope(db, scope).select(ENTITY_COLUMNS).where('en.ent_codigo', '=', entCodigo).executeTakeFirst();
}

/** An entity by the uuid of its sign-up link: public (the secret uuid is the key, no actor), for the sign-up page and the sign-up itself. */
export function findEntityByUuid(db: Db, uuid: string) {
  return db
    .selectFrom('entidades as en')
    .innerJoin('empresas as em', 'em.emp_codigo', 'en.cod_ger_empresa')
    .select(['en.ent_codigo', 'en.ent_uuid', 'en.ent_nome_fantasia', 'en.cod_ger_empresa', 'en.ent_tipo_plano', 'em.cod_ger_adm'])
    .where('en.ent_uuid', '=', uuid)
    .executeTakeFirst();
}

export function findCompany(db: Db, scope: TenantScope, empCodigo: number) {
  return db
    .selectFrom('empresas as em')
    .select(['em.emp_codigo', 'em.emp_nome_fantasia', 'em.cod_ger_adm'])
    .where(scope.companies('em'))
    .where('em.emp_codigo', '=', empCodigo)
    .executeTakeFirst();
}

export function listCompanies(db: Db, scope: TenantScope) {
  return db
    .selectFrom('empresas as em')
    .select(['em.emp_codigo', 'em.emp_nome_fantasia'])
    .where(scope.companies('em'))
    .orderBy('em.emp_nome_fantasia')
    .orderBy('em.emp_codigo')
    .execute();
}

export function listEntitiesOfCompany(db: Db, scope: TenantScope, empCodigo: number) {
  return entitiesInScope(db, scope)
    .select(['en.ent_codigo', 'en.ent_nome_fantasia', 'en.ent_tipo_plano'])
    .where('en.cod_ger_empresa', '=', empCodigo)
    .orderBy('en.ent_nome_fantasia')
    .orderBy('en.ent_codigo')
    .execute();
}

export interface EntityValues {
  ent_nome_fantasia: string;
  ent_razao_social: string | null;
  ent_descricao: string | null;
  ent_cnpj: string | null;
  ent_inscricao_estadual: string | null;
  ent_inscricao_municipal: string | null;
  ent_telefone: string | null;
  ent_telefone2: string | null;
  ent_celular: string | null;
  ent_tipo_plano: '1' | '2';
  cod_ger_empresa: number;
}

/**
 * A new entity in company `values.cod_ger_empresa` when that company is in the actor's scope:
 * INSERT ... SELECT from the company, so another administration's company inserts nothing
 * (undefined).
 */
export async function insertEntity(db: Db, scope: TenantScope, values: EntityValues): Promise<number | undefined> {
  const text = (v: string | null) => sql<string | null>`${v}::text`;
  const row = await db
    .insertInto('entidades')
    .columns([
      'ent_nome_fantasia',
      'ent_razao_social',
      'ent_descricao',
      'ent_cnpj',
      'ent_inscricao_estadual',
      'ent_inscricao_municipal',
      'ent_telefone',
      'ent_telefone2',
      'ent_celular',
      'ent_tipo_plano',
      'cod_ger_empresa',
    ])
    .expression(
      db
        .selectFrom('empresas as em')
        .select([
          text(values.ent_nome_fantasia).as('ent_nome_fantasia'),
          text(values.ent_razao_social).as('ent_razao_social'),
          text(values.ent_descricao).as('ent_descricao'),
          text(values.ent_cnpj).as('ent_cnpj'),
          text(values.ent_inscricao_estadual).as('ent_inscricao_estadual'),
          text(values.ent_inscricao_municipal).as('ent_inscricao_municipal'),
          text(values.ent_telefone).as('ent_telefone'),
          text(values.ent_telefone2).as('ent_telefone2'),
          text(values.ent_celular).as('ent_celular'),
          text(values.ent_tipo_plano).as('ent_tipo_plano'),
          'em.emp_codigo',
        ])
        .where(scope.companies('em'))
        .where('em.emp_codigo', '=', values.cod_ger_empresa),
    )
    .returning('ent_codigo')
    .executeTakeFirst();
  return row?.ent_codigo;
}

/**
 * Saves an entity the actor may change, in a company of its scope (false, nothing written,
 * otherwise); its users follow it: their plan type (usu_tipo_plano) and, when the entity moves
 * to another company of the same administration, their company (the administration, and so
 * cod_ger_adm, stays the same).
 */
export async function updateEntity(db: Db, scope: TenantScope, entCodigo: number, values: EntityValues): Promise<boolean> {
  const saved = await db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('entidades as en')
      .set(values)
      .where(scope.managedEntities('en'))
      .where('en.ent_codigo', '=', entCodigo)
      .where((eb) =>
        eb(eb.val(values.cod_ger_empresa), 'in', eb.selectFrom('empresas as te').select('te.emp_codigo').where(scope.companies('te'))),
      )
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('usuarios as u')
      .set({ usu_tipo_plano: values.ent_tipo_plano, cod_ger_empresa: values.cod_ger_empresa })
      .where('u.cod_ger_entidade', '=', entCodigo)
      .where(scope.users('u'))
      .execute();
    return true;
  });
  await forgetSessions(db);
  return saved;
}
