import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { postgresConnection } from '../../db/database.ts';

/**
 * PostgreSQL's snapshot without pg_dump (which a machine running the product may lack, or have at
 * another major version than the server): every table's rows as JSON lines, read through cursors in
 * one REPEATABLE READ READ ONLY transaction, so all tables are the same instant's view while the
 * product keeps writing. The schema is not dumped: the restore makes it by running the product's own
 * migrations up to the level the archive names, then loads the rows (docs/backups.md).
 */

/** The tables of the queue (pg-boss) that hold work; its statistics and version are its own to remake. */
const QUEUE_TABLES = ['queue', 'schedule', 'subscription', 'job', 'job_dependency'];
const SKIPPED = new Set(['kysely_migration', 'kysely_migration_lock']);
const PAGE = 2000;

export interface PostgresTableDump {
  /** produto: the product's schema; fila: pg-boss's. */
  papel: 'produto' | 'fila';
  tabela: string;
  colunas: string[];
  linhas: number;
  arquivo: string;
}

export interface PostgresSnapshot {
  tabelas: PostgresTableDump[];
  sequencias: { papel: 'produto' | 'fila'; nome: string; valor: number | null }[];
  migracoes: string[];
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

export const bossSchemaOf = (schema?: string) => (schema ? `${schema}_boss` : 'pgboss');

export async function connect(url: string, schema?: string): Promise<pg.Client> {
  const client = new pg.Client(postgresConnection(url, schema));
  await client.connect();
  return client;
}

/** Writes every table's rows into `dir` (one .jsonl per table) from one transaction's snapshot. */
export async function dumpPostgres(url: string, schema: string | undefined, dir: string): Promise<PostgresSnapshot> {
  const client = await connect(url, schema);
  const schemas = { produto: schema ?? 'public', fila: bossSchemaOf(schema) } as const;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: tables } = await client.query<{ nspname: string; relname: string; colunas: string[] }>(
      `SELECT n.nspname, c.relname,
              array_agg(a.attname::text ORDER BY a.attnum) AS colunas
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        GROUP BY n.nspname, c.relname ORDER BY n.nspname, c.relname`,
      [[schemas.produto, schemas.fila]],
    );
    const out: PostgresSnapshot = { tabelas: [], sequencias: [], migracoes: [] };
    for (const t of tables) {
      const papel = t.nspname === schemas.produto ? 'produto' : 'fila';
      if (papel === 'produto' ? SKIPPED.has(t.relname) : !QUEUE_TABLES.includes(t.relname)) continue;
      const arquivo = path.join(dir, `${papel}.${t.relname}.jsonl`);
      const linhas = await dumpTable(client, `${ident(t.nspname)}.${ident(t.relname)}`, t.colunas, arquivo);
      out.tabelas.push({ papel, tabela: t.relname, colunas: t.colunas, linhas, arquivo });
    }
    const { rows: seqs } = await client.query<{ schemaname: string; sequencename: string; last_value: string | null }>(
      'SELECT schemaname, sequencename, last_value FROM pg_sequences WHERE schemaname = ANY($1)',
      [[schemas.produto, schemas.fila]],
    );
    out.sequencias = seqs.map((s) => ({
      papel: s.schemaname === schemas.produto ? 'produto' : 'fila',
      nome: s.sequencename,
      valor: s.last_value === null ? null : Number(s.last_value),
    }));
    const { rows: done } = await client.query<{ name: string }>(
      `SELECT name FROM ${ident(schemas.produto)}.kysely_migration ORDER BY timestamp, name`,
    );
    out.migracoes = done.map((m) => m.name);
    await client.query('COMMIT');
    return out;
  } finally {
    await client.end();
  }
}

async function dumpTable(client: pg.Client, table: string, colunas: string[], file: string): Promise<number> {
  const out = createWriteStream(file, { mode: 0o600 });
  let n = 0;
  await client.query(
    `DECLARE copia NO SCROLL CURSOR FOR SELECT row_to_json(x)::text AS j FROM (SELECT ${colunas.map(ident).join(', ')} FROM ${table}) x`,
  );
  for (;;) {
    const { rows } = await client.query<{ j: string }>(`FETCH ${PAGE} FROM copia`);
    if (rows.length === 0) break;
    n += rows.length;
    if (!out.write(`${rows.map((r) => r.j).join('\n')}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await client.query('CLOSE copia');
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return n;
}

/** Whether the product's and the queue's schemas hold no table (a restore's target must be empty). */
export async function isPostgresEmpty(url: string, schema?: string): Promise<boolean> {
  const client = await connect(url, schema);
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p')`,
      [[schema ?? 'public', bossSchemaOf(schema)]],
    );
    return rows[0]?.n === 0;
  } finally {
    await client.end();
  }
}

/**
 * Loads the rows of a snapshot into a database whose schema the migrations just made: triggers
 * (the append-only guards, the chain's head, the counters) are off for this session only
 * (session_replication_role = replica, what pg_restore --disable-triggers does), so each row comes
 * back as it was, and the sequences continue where they were.
 */
export async function loadPostgres(
  url: string,
  schema: string | undefined,
  snapshot: PostgresSnapshot,
  fileOf: (t: PostgresTableDump) => string,
) {
  const client = await connect(url, schema);
  const schemas = { produto: schema ?? 'public', fila: bossSchemaOf(schema) };
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    // What the migrations or the queue's install wrote (seed rows) gives way to the archive's rows.
    const names = snapshot.tabelas.map((t) => `${ident(schemas[t.papel])}.${ident(t.tabela)}`);
    if (names.length) await client.query(`TRUNCATE ${names.join(', ')}`);
    for (const t of snapshot.tabelas) await loadTable(client, `${ident(schemas[t.papel])}.${ident(t.tabela)}`, t.colunas, fileOf(t));
    for (const s of snapshot.sequencias) {
      const seq = `${ident(schemas[s.papel])}.${ident(s.nome)}`;
      if (s.valor === null) await client.query('SELECT setval($1::regclass, 1, false)', [seq]);
      else await client.query('SELECT setval($1::regclass, $2, true)', [seq, s.valor]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

async function loadTable(client: pg.Client, table: string, colunas: string[], file: string): Promise<void> {
  const cols = colunas.map(ident).join(', ');
  const insert = `INSERT INTO ${table} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM json_populate_recordset(null::${table}, $1::json)`;
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length) await client.query(insert, [`[${batch.join(',')}]`]);
    batch = [];
    bytes = 0;
  };
  for await (const line of readline.createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= 1000 || bytes > 8_000_000) await flush();
  }
  await flush();
}
