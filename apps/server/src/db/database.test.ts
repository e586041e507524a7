import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { newPglite, openDatabase, postgresConnection } from './database.ts';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-pglite-'));
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

// Each test here starts PGlite from nothing (initdb in WebAssembly, twice for the folder): 5 s on
// an idle machine, more than the default 30 s seen with the machine's two cores busy, so 120 s.
describe('PGlite on disk', () => {
  it('creates a new data folder in a child process, whole and in place, and opens it with the smaller memory settings', async () => {
    const dir = path.join(root, 'dados', 'pglite');
    const first = await openDatabase({ pgliteDir: dir });
    try {
      await expect(fs.access(path.join(dir, 'PG_VERSION'))).resolves.toBeUndefined();
      // Nothing half-made is left beside it.
      expect((await fs.readdir(path.dirname(dir))).sort()).toEqual(['pglite']);
      const { rows } = await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(first.db);
      expect(rows[0]?.shared_buffers).toBe('8MB');
      await sql`CREATE TABLE marca (x int); INSERT INTO marca VALUES (7)`.execute(first.db);
    } finally {
      await first.close();
    }
    // The settings are passed at each start, not written into the folder.
    expect(await fs.readFile(path.join(dir, 'postgresql.conf'), 'utf8')).not.toMatch(/^shared_buffers\s*=\s*8MB/m);
    const again = await openDatabase({ pgliteDir: dir });
    try {
      const { rows } = await sql<{ x: number }>`SELECT x FROM marca`.execute(again.db);
      expect(rows).toEqual([{ x: 7 }]);
    } finally {
      await again.close();
    }
  }, 120_000);
});

describe('PGlite values', () => {
  it('reads bytea back as the same bytes in a Buffer, as node-postgres does, and bigints as numbers', async () => {
    const pglite = await newPglite();
    try {
      const bytes = Buffer.from([0, 1, 0x7f, 0x80, 0xfe, 0xff, ...Buffer.from('carimbo')]);
      // A view into a larger buffer: only its own bytes are written.
      const larger = Buffer.concat([Buffer.from('xx'), bytes, Buffer.from('yy')]);
      const view = new Uint8Array(larger.buffer, larger.byteOffset + 2, bytes.length);
      const { rows } = await pglite.query<{ a: Buffer; b: Buffer; hex: string; n: number; empty: Buffer }>(
        "SELECT $1::bytea AS a, $2::bytea AS b, encode($1::bytea, 'hex') AS hex, 9007199254740991::bigint AS n, ''::bytea AS empty",
        [bytes, view],
      );
      expect(Buffer.isBuffer(rows[0]?.a)).toBe(true);
      expect(rows[0]?.a.equals(bytes)).toBe(true);
      expect(rows[0]?.b.equals(bytes)).toBe(true);
      expect(rows[0]?.hex).toBe(bytes.toString('hex'));
      expect(rows[0]?.n).toBe(9007199254740991);
      expect(rows[0]?.empty.length).toBe(0);
    } finally {
      await pglite.close();
    }
  }, 120_000);
});

describe('PostgreSQL connections', () => {
  it("set no parallel workers, then the address's own options, then a test schema", () => {
    expect(postgresConnection('postgres://u@h:5432/db')).toEqual({
      connectionString: 'postgres://u@h:5432/db',
      options: '-c max_parallel_workers_per_gather=0',
    });
    const given = postgresConnection('postgres://u@h:5432/db?options=-c%20max_parallel_workers_per_gather%3D2&sslmode=disable', 's1');
    expect(given.connectionString).toBe('postgres://u@h:5432/db?sslmode=disable');
    expect(given.options).toBe('-c max_parallel_workers_per_gather=0 -c max_parallel_workers_per_gather=2 -c search_path="s1",public');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("run the product's queries with those settings, the operator's last", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    const plain = await openDatabase({ url: url.toString(), poolSize: 1 });
    url.searchParams.set('options', '-c max_parallel_workers_per_gather=3');
    const chosen = await openDatabase({ url: url.toString(), poolSize: 1 });
    try {
      const show = async (db: typeof plain.db) =>
        (await sql<{ max_parallel_workers_per_gather: string }>`SHOW max_parallel_workers_per_gather`.execute(db)).rows[0]
          ?.max_parallel_workers_per_gather;
      expect(await show(plain.db)).toBe('0');
      expect(await show(chosen.db)).toBe('3');
    } finally {
      await plain.close();
      await chosen.close();
    }
  });
});
