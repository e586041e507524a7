import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The migrations recorded as run (Kysely's table, in the product's schema when it has one). */
export async function recordedMigrations(db: Kysely<DB>, schema?: string): Promise<Set<string>> {
  const table = schema ? sql.table(`${schema}.kysely_migration`) : sql.table('kysely_migration');
  const { rows } = await sql<{ name: string }>`SELECT name FROM ${table}`.execute(db);
  return new Set(rows.map((r) => r.name));
}
