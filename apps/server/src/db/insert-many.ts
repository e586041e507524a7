import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from './schema.ts';

/**
 * Many rows of one table in one INSERT … SELECT FROM unnest(one array per column): as many
 * parameters as columns, however many rows. A VALUES list takes one parameter per value (a slice
 * of 500 messages: ~15,000), and PostgreSQL parses, coerces and plans each of them: the same 500
 * rows of `emails` went in 1.5–2.5x faster this way (docs/performance.md, 2026-11-25).
 *
 * Each array is cast to its column's type (strings as text, checked against the column's length
 * when assigned, as a VALUES insert does), so the rows are stored exactly as `values()` would store
 * them. Unlike `values()`, a column cannot be DEFAULT in some rows and given in others: every row
 * must give the same columns (those left out take their default in every row).
 */
export async function unnestRows<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: readonly Record<string, unknown>[],
): Promise<{ columns: string[]; select: RawBuilder<unknown> }> {
  const types = await columnTypes(db, table);
  const columns = Object.keys(rows[0] ?? {}).filter((c) => rows[0]?.[c] !== undefined);
  for (const row of rows) {
    const given = Object.keys(row).filter((c) => row[c] !== undefined);
    if (given.length !== columns.length || given.some((c) => !columns.includes(c)))
      throw new Error(`unnestRows(${table}): every row must give the same columns`);
  }
  const arrays = columns.map((c) => {
    const type = types.get(c);
    if (!type) throw new Error(`unnestRows(${table}): no column ${c}`);
    return sql`${rows.map((r) => asText(r[c]))}::${sql.raw(type)}[]`;
  });
  return { columns, select: sql`SELECT * FROM unnest(${sql.join(arrays)})` };
}

/** A value as the text PostgreSQL reads for its column's type (what the drivers send for a single value). */
function asText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return `\\x${v.toString('hex')}`;
  return JSON.stringify(v);
}

/**
 * Each column's type for the arrays (strings as text; arrays of arrays are not supported). The
 * schema is the migrations', the same on every database: read once per table.
 */
const typesOf = new Map<string, Promise<Map<string, string>>>();
function columnTypes(db: Kysely<DB>, table: string): Promise<Map<string, string>> {
  let types = typesOf.get(table);
  if (!types) {
    types = sql<{ name: string; type: string; category: string }>`
      SELECT a.attname AS name, format_type(a.atttypid, NULL) AS type, t.typcategory AS category
        FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
       WHERE a.attrelid = ${table}::regclass AND a.attnum > 0 AND NOT a.attisdropped`
      .execute(db)
      .then(({ rows }) => {
        const map = new Map<string, string>();
        for (const r of rows) if (r.category !== 'A') map.set(r.name, r.category === 'S' ? 'text' : r.type);
        return map;
      });
    types.catch(() => typesOf.delete(table));
    typesOf.set(table, types);
  }
  return types;
}
