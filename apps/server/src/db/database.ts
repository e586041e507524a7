import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Db as BossDb, fromPglite } from 'pg-boss';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

// Counts and bigint ids arrive as numbers on both engines (values stay far below 2^53).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** For pg-boss on PGlite (its db adapter); on PostgreSQL pg-boss keeps its own pool. */
  bossDb: BossDb | null;
  connectionString?: string;
  schema?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; absent means PGlite. */
  url?: string;
  /** PGlite data folder; absent means in memory (tests). */
  pgliteDir?: string;
  /** PostgreSQL schema to use (tests isolate each file in its own). */
  schema?: string;
  poolSize?: number;
}

/** Every PGlite of the product: the same extensions and parsers, whether on disk, in memory or from a dump. */
export function newPglite(options: Pick<PGliteOptions, 'dataDir' | 'loadDataDir'> = {}): Promise<PGlite> {
  return PGlite.create({
    ...options,
    // The embedded PostgreSQL lives in this process's memory (WebAssembly): its default 128 MB of
    // shared buffers and 64 MB of maintenance memory are this process's own RSS, so they are
    // smaller here (docs/performance.md, "Server memory"). Passed at each start, never written
    // to the data folder.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', 'maintenance_work_mem=16MB'],
    extensions: { pg_trgm },
    parsers: { 20: (v: string) => Number.parseInt(v, 10) },
  });
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.schema, opts.poolSize ?? 10);
  if (opts.pgliteDir) await fs.mkdir(path.dirname(opts.pgliteDir), { recursive: true });
  const pglite = await newPglite({ dataDir: opts.pgliteDir });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    bossDb: fromPglite(pglite),
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

async function openPostgres(url: string, schema: string | undefined, max: number): Promise<Database> {
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(schema ? { options: `-c search_path="${schema}",public` } : {}),
  });
  // An idle connection the server drops (a restart, a failover) must not take the process down:
  // the pool discards it and opens a new one on the next query.
  pool.on('error', (error) => console.warn(`idle PostgreSQL connection lost: ${error.message}`));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    bossDb: null,
    connectionString: url,
    schema,
    async close() {
      await db.destroy();
    },
  };
}
