import type { DashboardScope } from '@ar/core';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

/**
 * The dashboard's reads: sums over dashboard_contagem (migration 0017, kept by the database's
 * triggers; docs/dashboard.md), never over the messages. Whose rows: the actor's own, its entity's
 * users or every user it reaches, each inside the tenant scope (`scope.users`), so a level that
 * asked for more than it may still gets only what it reaches.
 */
export interface DashboardRange {
  from: string;
  to: string;
  /** A tag's code, or 0: every message. */
  tag: number;
}

function whose(scope: TenantScope, escopo: DashboardScope): Expression<SqlBool> {
  if (escopo === 'proprio') return scope.own('c');
  const entity = escopo === 'entidade' ? sql<SqlBool>`AND u.cod_ger_entidade = ${scope.actor.cod_ger_entidade}` : sql``;
  return sql<SqlBool>`c.cod_usu IN (SELECT u.usu_codigo FROM usuarios u WHERE ${scope.users('u')} ${entity})`;
}

const inRange = (r: DashboardRange) => sql<SqlBool>`c.dia BETWEEN ${r.from}::date AND ${r.to}::date`;

/**
 * The period's totals in one statement: the figures of the tag (0: every message) and the sends
 * carrying a tag, once per tag (the tags chart's total; a deleted label's rows are back to zero).
 */
export async function totalsOf(db: Kysely<DB>, scope: TenantScope, escopo: DashboardScope, range: DashboardRange) {
  const figures = range.tag === 0 ? sql<SqlBool>`c.cod_etiqueta = 0` : sql<SqlBool>`true`;
  const tagged = range.tag === 0 ? sql<SqlBool>`c.cod_etiqueta <> 0` : sql<SqlBool>`true`;
  let query = db
    .selectFrom('dashboard_contagem as c')
    .select([
      sql<number>`coalesce(sum(c.recebidos) FILTER (WHERE ${figures}), 0)::int`.as('recebidos'),
      sql<number>`coalesce(sum(c.enviados) FILTER (WHERE ${figures}), 0)::int`.as('enviados'),
      sql<number>`coalesce(sum(c.entregues) FILTER (WHERE ${figures}), 0)::int`.as('entregues'),
      sql<number>`coalesce(sum(c.lidos) FILTER (WHERE ${figures}), 0)::int`.as('lidos'),
      sql<number>`coalesce(sum(c.enviados) FILTER (WHERE ${tagged}), 0)::int`.as('etiquetados'),
    ])
    .where(whose(scope, escopo))
    .where(inRange(range));
  if (range.tag !== 0) query = query.where('c.cod_etiqueta', '=', range.tag);
  return query.executeTakeFirstOrThrow();
}
export type Totals = Awaited<ReturnType<typeof totalsOf>>;

/** The figures of each day and channel of the range (days without any are absent). */
export function countsByDay(db: Kysely<DB>, scope: TenantScope, escopo: DashboardScope, range: DashboardRange) {
  return db
    .selectFrom('dashboard_contagem as c')
    .select([
      sql<string>`to_char(c.dia, 'YYYY-MM-DD')`.as('dia'),
      'c.canal',
      sql<number>`sum(c.enviados)::int`.as('enviados'),
      sql<number>`sum(c.entregues)::int`.as('entregues'),
      sql<number>`sum(c.lidos)::int`.as('lidos'),
      sql<number>`sum(c.recebidos)::int`.as('recebidos'),
    ])
    .where(whose(scope, escopo))
    .where('c.cod_etiqueta', '=', range.tag)
    .where(inRange(range))
    .groupBy(['c.dia', 'c.canal'])
    .execute();
}

/** Sends per tag over the range (one tag with a filter), with each tag's name and colour, most used first. */
export function sendsByTag(db: Kysely<DB>, scope: TenantScope, escopo: DashboardScope, range: DashboardRange) {
  let query = db
    .selectFrom('dashboard_contagem as c')
    .innerJoin('etiquetas as t', 't.eti_codigo', 'c.cod_etiqueta')
    .select(['t.eti_codigo', 't.eti_nome', 't.eti_cor', sql<number>`sum(c.enviados)::int`.as('enviados')])
    .where(whose(scope, escopo))
    .where('c.cod_etiqueta', '<>', 0)
    .where(inRange(range));
  if (range.tag !== 0) query = query.where('c.cod_etiqueta', '=', range.tag);
  return query
    .groupBy(['t.eti_codigo', 't.eti_nome', 't.eti_cor'])
    .having(sql<number>`sum(c.enviados)`, '>', 0)
    .orderBy(sql`sum(c.enviados)`, 'desc')
    .orderBy('t.eti_nome')
    .execute();
}
export type DayCounts = Awaited<ReturnType<typeof countsByDay>>[number];
export type TagCounts = Awaited<ReturnType<typeof sendsByTag>>[number];
