import { createWriteStream, openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.ts';
import { newPglite, openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { migrations } from '../../db/migrations/index.ts';
import { startQueue } from '../../queue/boss.ts';
import { type Manifest, readArchive } from './archive.ts';
import { ArchiveRefused } from './archive-cipher.ts';
import { isPostgresEmpty, loadPostgres, type PostgresSnapshot } from './postgres-snapshot.ts';

/**
 * `npm run restore` (docs/backups.md): into an empty DATA_DIR (and, with DATABASE_URL, an empty
 * database), with the product stopped. The archive is read through twice: once to check every
 * byte (the cipher's tag, the manifest's hashes) writing nothing, then to write. Then the
 * migrations the archive's version lacks run, as `npm start` would run them.
 */

export interface RestoreOptions {
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>;
  file: string;
  passphrase: string | null;
  /** PostgreSQL schema (tests). */
  schema?: string;
}

export async function restoreBackup(opts: RestoreOptions): Promise<{ manifest: Manifest; migrated: string[] }> {
  const { config } = opts;
  await assertEmptyTarget(opts);
  // First pass: every byte checked, nothing written.
  const manifest = await readArchive(opts.file, opts.passphrase, async (_nome, stream) => {
    stream.resume();
    await new Promise((resolve) => stream.once('end', resolve));
  });
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.banco !== kind)
    throw new ArchiveRefused(
      `Este backup é de um banco ${manifest.banco === 'pglite' ? 'embarcado (PGlite)' : 'PostgreSQL'}: restaure-o ${manifest.banco === 'pglite' ? 'sem DATABASE_URL' : 'com DATABASE_URL'}.`,
    );
  const unknown = manifest.migracoes.filter((m) => !(m in migrations));
  if (unknown.length)
    throw new ArchiveRefused(
      `Este backup é de uma versão mais nova do produto (migrações ${unknown.join(', ')}): atualize o produto antes de restaurar.`,
    );
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-restore-'));
  try {
    await fs.mkdir(config.dataDir, { recursive: true });
    await readArchive(opts.file, opts.passphrase, (nome, stream) => writeEntry(nome, stream, config, scratch));
    let migrated: string[];
    if (kind === 'pglite') {
      const dbDir = path.join(config.dataDir, 'db');
      const loaded = await newPglite({
        dataDir: dbDir,
        loadDataDir: await openAsBlob(path.join(scratch, 'banco', 'pglite.tar'), { type: 'application/x-tar' }),
      });
      await loaded.close();
      const database = await openDatabase({ pgliteDir: dbDir });
      try {
        migrated = await migrateToLatest(database.db as never);
      } finally {
        await database.close();
      }
    } else {
      migrated = await restorePostgres(config.databaseUrl as string, opts.schema, manifest, scratch);
    }
    return { manifest, migrated };
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

async function assertEmptyTarget(opts: RestoreOptions): Promise<void> {
  const entries = await fs.readdir(opts.config.dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length)
    throw new ArchiveRefused(
      `DATA_DIR (${opts.config.dataDir}) não está vazio: a restauração só escreve em uma pasta vazia, com o produto parado. Use uma pasta nova ou esvazie esta.`,
    );
  if (opts.config.databaseUrl && !(await isPostgresEmpty(opts.config.databaseUrl, opts.schema)))
    throw new ArchiveRefused('O banco de DATABASE_URL não está vazio: a restauração só escreve em um banco vazio (crie um novo banco).');
}

/** Where each part of the archive goes: DATA_DIR's files in place, the database's parts to scratch space. */
async function writeEntry(nome: string, stream: Readable, config: RestoreOptions['config'], scratch: string): Promise<void> {
  const [top, ...rest] = nome.split('/');
  const rel = rest.join('/');
  // Names come from the archive, whose every byte was authenticated; still, never outside the target.
  if (!rel || rel.split('/').some((p) => p === '..' || p === '') || path.isAbsolute(rel))
    throw new ArchiveRefused(`Nome inválido no backup: ${nome}`);
  let dest: string | null = null;
  if (top === 'dados') dest = path.join(config.dataDir, rel);
  else if (top === 'banco') dest = path.join(scratch, 'banco', rel);
  else if (top === 's3' && rel !== 'objetos.jsonl' && config.s3) dest = path.join(scratch, 's3', rel);
  if (!dest) {
    stream.resume();
    await new Promise((resolve) => stream.once('end', resolve));
    return;
  }
  await fs.mkdir(path.dirname(dest), { recursive: true });
  await pipeline(stream, createWriteStream(dest, { mode: 0o600 }) as Writable);
  if (top === 's3' && config.s3) {
    const { s3Storage } = await import('../../storage/s3-storage.ts');
    await s3Storage(config.s3).putFile(rel, dest, 'application/octet-stream');
    await fs.rm(dest);
  }
}

/**
 * The schema as the archive's version had it (its own migrations, run on the empty database), the
 * queue's tables made by pg-boss, the rows loaded, then the migrations added since.
 */
async function restorePostgres(url: string, schema: string | undefined, manifest: Manifest, scratch: string): Promise<string[]> {
  const snapshot = JSON.parse(await fs.readFile(path.join(scratch, 'banco', 'postgres.json'), 'utf8')) as PostgresSnapshot;
  const database = await openDatabase({ url, schema, poolSize: 2 });
  try {
    await migrateToLatest(database.db as never, schema, manifest.migracoes);
    const boss = await startQueue(database, () => {}, { supervise: false, schedule: false });
    await boss.stop({ graceful: false });
    await loadPostgres(url, schema, snapshot, (t) => path.join(scratch, 'banco', `${t.papel}.${t.tabela}.jsonl`));
    return await migrateToLatest(database.db as never, schema);
  } finally {
    await database.close();
  }
}
