import { type ListQuery, type Pagination, paginationOf } from '@ar/core';
import { type SelectQueryBuilder, sql } from 'kysely';

/**
 * The server side of every paged table: one page of rows in the requested order plus the
 * pagination object { offset, limit, rowCount, pageCount }. `sortable` maps each allowed
 * `column` of the contract to a column reference; `tiebreak` keeps pages stable; `rowCount`, when
 * given, answers the total without counting the rows (a count the database maintains).
 */
export async function pagedList<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  q: ListQuery,
  opts: { sortable: Record<string, string>; tiebreak: string; rowCount?: () => Promise<number> },
): Promise<{ rows: O[]; pagination: Pagination }> {
  const sortRef = opts.sortable[q.column];
  if (!sortRef) throw new Error(`column ${q.column} not in the allow-list`);
  const direction = q.order === 'DESC' ? 'desc' : 'asc';
  // biome-ignore lint/suspicious/noExplicitAny: column names come from the module's allow-list.
  const ordered = (base as any).orderBy(sql.ref(sortRef), direction);
  const withTiebreak = sortRef === opts.tiebreak ? ordered : ordered.orderBy(sql.ref(opts.tiebreak), direction);
  const count = opts.rowCount
    ? opts.rowCount()
    : (base.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirst() as Promise<{ n: number } | undefined>).then(
        (r) => r?.n ?? 0,
      );
  const [rows, rowCount] = await Promise.all([withTiebreak.limit(q.limit).offset(q.offset).execute() as Promise<O[]>, count]);
  return { rows, pagination: paginationOf(q.offset, q.limit, rowCount) };
}

/** A LIKE pattern that matches the text anywhere, with the user's % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
