import type { ListQuery } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import { containsPattern, pagedList } from '../../db/paged-list.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

const SUMMARY = ['mod_codigo', 'mod_name', 'mod_subject', 'mod_enable', 'mod_data_criacao'] as const;
const FULL = [...SUMMARY, 'mod_content'] as const;
export interface TemplateValues {
  mod_name: string;
  mod_subject: string;
  mod_content: string;
  mod_enable?: boolean;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Search by ID, name, status ('Ativado'/'Desativado', any prefix) or creation date as shown
 * (dd/mm/aaaa, Brasília time). The list leaves mod_content out: bodies may carry images.
 */
export function listTemplates(db: Kysely<DB>, scope: TenantScope, q: ListQuery & { mod_enable?: 'true' | 'false' }) {
  let base = db.selectFrom('modelos').select(SUMMARY).where(scope.own('modelos'));
  if (q.mod_enable) base = base.where('mod_enable', '=', q.mod_enable === 'true');
  const term = q.searchTerm;
  if (term) {
    const folded = fold(term);
    base = base.where((eb) => {
      const any = [
        eb(sql<string>`mod_codigo::text`, '=', term),
        eb('mod_name', 'ilike', containsPattern(term)),
        eb(sql<string>`to_char(mod_data_criacao AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY')`, 'like', containsPattern(term)),
      ];
      if ('desativado'.startsWith(folded) && folded.length >= 3) any.push(eb('mod_enable', '=', false));
      else if ('ativado'.startsWith(folded) && folded.length >= 3) any.push(eb('mod_enable', '=', true));
      return eb.or(any);
    });
  }
  return pagedList(base, q, {
    sortable: { mod_codigo: 'mod_codigo', mod_name: 'mod_name', mod_enable: 'mod_enable', mod_data_criacao: 'mod_data_criacao' },
    tiebreak: 'mod_codigo',
  });
}

export function findTemplate(db: Kysely<DB>, scope: TenantScope, id: number) {
  return db.selectFrom('modelos').select(FULL).where(scope.own('modelos')).where('mod_codigo', '=', id).executeTakeFirst();
}
export type TemplateRow = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

export function insertTemplate(db: Kysely<DB>, scope: TenantScope, v: TemplateValues) {
  return db
    .insertInto('modelos')
    .values({ cod_usu: scope.owner, mod_name: v.mod_name, mod_subject: v.mod_subject, mod_content: v.mod_content, mod_enable: true })
    .returning(FULL)
    .executeTakeFirstOrThrow();
}

export function updateTemplate(db: Kysely<DB>, scope: TenantScope, id: number, v: TemplateValues) {
  return db
    .updateTable('modelos')
    .set({
      mod_name: v.mod_name,
      mod_subject: v.mod_subject,
      mod_content: v.mod_content,
      ...(v.mod_enable === undefined ? {} : { mod_enable: v.mod_enable }),
    })
    .where(scope.own('modelos'))
    .where('mod_codigo', '=', id)
    .returning(FULL)
    .executeTakeFirst();
}

export async function deleteTemplate(db: Kysely<DB>, scope: TenantScope, id: number) {
  const r = await db.deleteFrom('modelos').where(scope.own('modelos')).where('mod_codigo', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
