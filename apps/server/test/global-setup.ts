import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { newPglite } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { PGliteDialect } from '../src/db/pglite-dialect.ts';

/**
 * PGlite's initdb costs seconds; a dump of a migrated database loads in about one. Made once per
 * run, then every test file starts from its own copy. Unused when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'ar-pglite-')), 'template.tar');
  const pglite = await newPglite();
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('none');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', file);
  return async () => {
    await fs.rm(path.dirname(file), { recursive: true, force: true });
  };
}
