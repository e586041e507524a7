import { type ListQuery, type Pagination, paginationOf } from '@ar/core';
import { type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from './schema.ts';

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

/**
 * A search term's words as the word index takes them (docs/sent-list.md, "Search"; migration 0026):
 * the query ar_busca_consulta makes with the same split as the index's (the last word by its
 * beginning, a word in more than 5% of the rows left out when a rarer one remains), or null when
 * the term has no word (only punctuation). Asked apart, so the list's own query takes it as a
 * parameter the planner puts on the index.
 */
export async function searchWords(db: Kysely<DB>, term: string, index: string): Promise<string | null> {
  const { rows } = await sql<{ q: string | null }>`SELECT ar_busca_consulta(${term}, ${index})::text AS q`.execute(db);
  return rows[0]?.q ?? null;
}

/**
 * A search term on a search text column: with `words` (searchWords), the rows the word index finds,
 * in which the term as typed is found too; without, the term as typed anywhere (the trigram index:
 * a part inside a word).
 */
export function searchTextMatches(column: string, term: string, words: string | null) {
  const like = sql<SqlBool>`${sql.ref(column)} LIKE ${containsPattern(term.toLowerCase())}`;
  if (words === null) return like;
  // The term as typed is checked on the rows the word index found, never through the trigram index:
  // the planner, which cannot tell how few rows a word prefix has, would AND both indexes, and the
  // trigram side alone costs what the words save (66 of 83 ms for 'contrato 1234', 2026-11-25).
  // `|| ''` keeps the trigram index out.
  return sql<SqlBool>`ar_busca_vetor(${sql.ref(column)}) @@ ${words}::tsquery AND (${sql.ref(column)} || '') LIKE ${containsPattern(term.toLowerCase())}`;
}
