import type { CustomFieldDef, LeadValues, ListQuery } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import { containsPattern, pagedList } from '../../db/paged-list.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

/** Every recipient column; the birth date as text so no time zone can shift it. */
export const COLUMNS = [
  'lea_codigo',
  'lea_nome',
  'lea_email',
  'lea_sobrenome',
  'lea_cpf',
  'lea_telefone',
  'lea_celular',
  'lea_endereco',
  'lea_cidade',
  'lea_estado',
  'lea_cep',
  'lea_profissao',
  'lea_estado_civil',
  'lea_cnpj',
  'lea_fantasia',
  'lea_razao_social',
  'lea_inscricao_estadual',
  'lea_sexo',
  'lea_custom_field',
] as const;
export const birthDate = sql<string | null>`to_char(lea_nascimento, 'YYYY-MM-DD')`.as('lea_nascimento');

/** The signed-in user's recipients; search by ID, name or e-mail. */
export function listLeads(db: Kysely<DB>, scope: TenantScope, q: ListQuery) {
  let base = db.selectFrom('leads').select(COLUMNS).select(birthDate).where(scope.own('leads'));
  const term = q.searchTerm;
  if (term) {
    const like = containsPattern(term);
    base = base.where((eb) =>
      eb.or([eb(sql<string>`lea_codigo::text`, '=', term), eb('lea_nome', 'ilike', like), eb('lea_email', 'ilike', like)]),
    );
  }
  return pagedList(base, q, {
    sortable: { lea_codigo: 'lea_codigo', lea_nome: 'lea_nome', lea_email: 'lea_email' },
    tiebreak: 'lea_codigo',
  });
}
export type LeadRow = Awaited<ReturnType<typeof listLeads>>['rows'][number];

export function findLead(db: Kysely<DB>, scope: TenantScope, id: number) {
  return db.selectFrom('leads').select(COLUMNS).select(birthDate).where(scope.own('leads')).where('lea_codigo', '=', id).executeTakeFirst();
}

const toRow = (v: LeadValues) => ({ ...v, lea_custom_field: JSON.stringify(v.lea_custom_field) });

export async function insertLead(db: Kysely<DB>, scope: TenantScope, values: LeadValues) {
  const { lea_codigo } = await db
    .insertInto('leads')
    .values({ cod_usu: scope.owner, ...toRow(values) })
    .returning('lea_codigo')
    .executeTakeFirstOrThrow();
  return lea_codigo;
}

/** Many recipients in a few multi-row INSERTs inside one transaction: all or nothing. */
export async function insertLeads(db: Kysely<DB>, scope: TenantScope, values: LeadValues[], chunk = 500) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < values.length; i += chunk) {
      await trx
        .insertInto('leads')
        .values(values.slice(i, i + chunk).map((v) => ({ cod_usu: scope.owner, ...toRow(v) })))
        .execute();
    }
  });
}

export async function updateLead(db: Kysely<DB>, scope: TenantScope, id: number, values: LeadValues) {
  const r = await db.updateTable('leads').set(toRow(values)).where(scope.own('leads')).where('lea_codigo', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteLead(db: Kysely<DB>, scope: TenantScope, id: number) {
  const r = await db.deleteFrom('leads').where(scope.own('leads')).where('lea_codigo', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ---- custom variables: only the customField key of the actor's own usuarios.usu_settings ----

export async function findCustomFields(db: Kysely<DB>, scope: TenantScope): Promise<CustomFieldDef[]> {
  const row = await db
    .selectFrom('usuarios')
    .select(sql<CustomFieldDef[] | null>`usu_settings #> '{customField,data}'`.as('data'))
    .where(scope.own('usuarios', 'usu_codigo'))
    .executeTakeFirst();
  return Array.isArray(row?.data) ? row.data : [];
}

/** Writes settings.customField alone, leaving every other setting as it is. */
export async function saveCustomFields(db: Kysely<DB>, scope: TenantScope, data: CustomFieldDef[]) {
  await db
    .updateTable('usuarios')
    .set({
      usu_settings: sql`jsonb_set(coalesce(usu_settings, '{}'::jsonb), '{customField}', ${JSON.stringify({ data })}::jsonb, true)`,
    })
    .where(scope.own('usuarios', 'usu_codigo'))
    .execute();
}
