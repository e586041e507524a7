import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Db as BossDb, fromPglite } from 'pg-boss';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

// Counts and bigint ids arrive as numbers on both engines (values stay far below 2^53).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * pg's Client with its promise form of `query(text, values)` (what Kysely calls) made from the
 * callback form. pg's own promise is resolved from a callback the Query object keeps, so a Query
 * that lived through two young-generation collections (a large result being received) held its
 * result reachable from the old generation after it ended: every row of a large read was promoted
 * and piled up there until a full collection (the report's pages: ~15 MB/s, the heap at 250 MB
 * for ~85 MB live). Through the callback, the result is only in a promise the caller awaits.
 */
class CallbackQueryClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; only (text, values?) is changed.
  override query(...args: any[]): any {
    const [config, values] = args;
    if (args.length > 2 || typeof config !== 'string' || typeof values === 'function')
      return (super.query as (...a: unknown[]) => unknown)(...args);
    return new Promise((resolve, reject) => {
      super.query(config, values, (err: Error | null, result: pg.QueryResult) => (err ? reject(err) : resolve(result)));
    });
  }
}

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** For pg-boss on PGlite (its db adapter); on PostgreSQL pg-boss keeps its own pool. */
  bossDb: BossDb | null;
  connectionString?: string;
  schema?: string;
  /**
   * PGlite's LISTEN (its notifications arrive in this process after the commit); answers the
   * function that stops listening. On PostgreSQL the realtime component listens on a connection of
   * its own (db/notify.ts).
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * PGlite only: writes its dump (dumpDataDir, a tar, taken while no statement runs) to
   * `file` and answers the migrations applied (modules/backup, docs/backups.md).
   */
  dumpTo?(file: string): Promise<string[]>;
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

/** Every PGlite of the product: the same extensions, parsers and serializers, whether on disk, in memory or from a dump. */
export async function newPglite(options: Pick<PGliteOptions, 'dataDir' | 'loadDataDir'> = {}): Promise<PGlite> {
  // Loaded when first used: on PostgreSQL the embedded one's modules (~25 MB of the server's
  // resident memory) are never needed (docs/performance.md, "Server memory").
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return PGlite.create({
    ...options,
    // The embedded PostgreSQL lives in this process's memory (WebAssembly): its default 128 MB of
    // shared buffers and 64 MB of maintenance memory are this process's own RSS, so they are
    // smaller here (docs/performance.md, "Server memory": 16 MB of buffers since 2026-12-06, 8 MB
    // since 2026-12-08; the files' pages stay in the system's cache). Passed at each start, never
    // written to the data folder.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB', '-c', 'maintenance_work_mem=16MB'],
    extensions: { pg_trgm },
    // bytea as node-postgres has it on PostgreSQL (a Buffer, the hex done by Buffer's native code):
    // PGlite's own go byte by byte in JavaScript. A time-stamp batch's insert (up to 500 tokens)
    // took ~27 ms on average with them, ~15 with these (timed per statement during bench/send-pipeline).
    serializers: { 17: (v: Uint8Array) => `\\x${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')}` },
    parsers: { 20: (v: string) => Number.parseInt(v, 10), 17: (v: string) => Buffer.from(v.slice(2), 'hex') },
  });
}

/** Database.listen on a PGlite. */
export async function pgliteListen(pglite: PGlite, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  const unlisten = await pglite.listen(channel, onPayload);
  return async () => {
    if (!pglite.closed) await unlisten();
  };
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.schema, opts.poolSize ?? 10);
  if (opts.pgliteDir) {
    await fs.mkdir(path.dirname(opts.pgliteDir), { recursive: true });
    if (!(await exists(opts.pgliteDir))) await createPgliteFolder(opts.pgliteDir);
  }
  const pglite = await newPglite({ dataDir: opts.pgliteDir });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    bossDb: fromPglite(pglite),
    listen: (channel, onPayload) => pgliteListen(pglite, channel, onPayload),
    dumpTo: (file) => dumpPglite(pglite, file),
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** Database.dumpTo on a PGlite. */
export async function dumpPglite(pglite: PGlite, file: string): Promise<string[]> {
  const { rows } = await pglite.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY timestamp, name');
  const dump = await pglite.dumpDataDir('none');
  await pipeline(Readable.fromWeb(dump.stream() as never), createWriteStream(file, { mode: 0o600 }));
  return rows.map((r) => r.name);
}

const here = path.dirname(fileURLToPath(import.meta.url));

const exists = (p: string) =>
  fs.access(p).then(
    () => true,
    () => false,
  );

/**
 * Creates a new PGlite data folder (initdb) in a short-lived child process. The WebAssembly
 * memory PGlite grows never goes back to the system: done in the server, initdb's ~800 MB peak
 * would stay the server's resident memory until its next restart (docs/performance.md). The
 * folder is made beside the final one and renamed into place once complete, so an interrupted
 * creation leaves nothing half-made where the server looks.
 */
async function createPgliteFolder(dir: string): Promise<void> {
  const temporary = `${dir}.criando-${process.pid}`;
  await fs.rm(temporary, { recursive: true, force: true });
  const script = `import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create({ dataDir: ${JSON.stringify(temporary)} });
await db.close();`;
  const stderr: Buffer[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    // Run from this folder, so the package resolves as it does for the server.
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: here, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) {
    await fs.rm(temporary, { recursive: true, force: true });
    throw new Error(`could not create the PGlite data folder ${dir}: ${Buffer.concat(stderr).toString().trim()}`);
  }
  await fs.rename(temporary, dir);
}

/**
 * The settings of the product's own connections, before any `options` the DATABASE_URL gives (a
 * later `-c` of the same name wins, so an operator's choice stands):
 * - max_parallel_workers_per_gather=0: the product's reads are pages found by an index, at many
 *   requests at once. The planner, which cannot tell how few rows a search's words have, planned a
 *   fresh search over 1,000,000 messages with two parallel workers, started on every request:
 *   p50 290 ms where the same query alone read in 6–13 ms (2-core machine under load, 2026-11-25).
 *   Reports stream through a cursor and the dashboard sums its counts table, neither of which a
 *   parallel plan served.
 * - search_path: the schema of a test run.
 */
export function postgresConnection(url: string, schema?: string): { connectionString: string; options: string } {
  // node-postgres lets the address's own `options` replace the one given beside it: it is moved here.
  const address = new URL(url);
  const given = address.searchParams.get('options');
  address.searchParams.delete('options');
  const options = ['-c max_parallel_workers_per_gather=0', given, schema ? `-c search_path="${schema.replace(/"/g, '')}",public` : null]
    .filter(Boolean)
    .join(' ');
  return { connectionString: given === null ? url : address.toString(), options };
}

async function openPostgres(url: string, schema: string | undefined, max: number): Promise<Database> {
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
    await admin.end();
  }
  const pool = new pg.Pool({ ...postgresConnection(url, schema), max, Client: CallbackQueryClient });
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
