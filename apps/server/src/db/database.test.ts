import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-pglite-'));
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('PGlite on disk', () => {
  it('creates a new data folder in a child process, whole and in place, and opens it with the smaller memory settings', async () => {
    const dir = path.join(root, 'dados', 'pglite');
    const first = await openDatabase({ pgliteDir: dir });
    try {
      await expect(fs.access(path.join(dir, 'PG_VERSION'))).resolves.toBeUndefined();
      // Nothing half-made is left beside it.
      expect((await fs.readdir(path.dirname(dir))).sort()).toEqual(['pglite']);
      const { rows } = await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(first.db);
      expect(rows[0]?.shared_buffers).toBe('32MB');
      await sql`CREATE TABLE marca (x int); INSERT INTO marca VALUES (7)`.execute(first.db);
    } finally {
      await first.close();
    }
    // The settings are passed at each start, not written into the folder.
    expect(await fs.readFile(path.join(dir, 'postgresql.conf'), 'utf8')).not.toMatch(/^shared_buffers\s*=\s*32MB/m);
    const again = await openDatabase({ pgliteDir: dir });
    try {
      const { rows } = await sql<{ x: number }>`SELECT x FROM marca`.execute(again.db);
      expect(rows).toEqual([{ x: 7 }]);
    } finally {
      await again.close();
    }
  });
});
