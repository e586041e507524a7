import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { productVersion } from '../../release.ts';
import { openArchiveWriter } from './archive.ts';
import { requestSnapshot } from './control-socket.ts';
import { dumpPostgres } from './postgres-snapshot.ts';
import { addS3Objects } from './s3-objects.ts';

/**
 * `npm run backup` and the scheduled backup (docs/backups.md): one archive with the database's
 * snapshot, the files and keys under DATA_DIR (or the S3 objects' list), and a manifest.
 */

export interface BackupOptions {
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 's3' | 'backup'>;
  target: string;
  /** null: --no-encryption. */
  passphrase: string | null;
  /** With S3_BUCKET: copy the objects too, not only their list with SHA-256. */
  withFiles?: boolean;
  /** The database this process already has open (the scheduled backup); absent: the command's own. */
  database?: Database;
  /** PostgreSQL schema (tests). */
  schema?: string;
}

export interface BackupResult {
  arquivo: string;
  tamanho: number;
  partes: number;
  migracoes: string[];
}

/** What is never copied from DATA_DIR: the database folder (it comes as its snapshot), scratch space, the control socket, backups. */
const SKIP_TOP = new Set(['db', 'tmp', 'run', 'backups']);

export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  const { config } = opts;
  const target = path.resolve(opts.target);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-backup-'));
  const archive = await openArchiveWriter(target, opts.passphrase);
  try {
    let migracoes: string[];
    // The database this process has open decides (tests open theirs without DATABASE_URL).
    const url = opts.database ? opts.database.connectionString : config.databaseUrl;
    const banco: 'pglite' | 'postgres' = url ? 'postgres' : 'pglite';
    if (url) {
      const snap = await dumpPostgres(url, opts.schema ?? opts.database?.schema, scratch);
      for (const t of snap.tabelas) await archive.addFile(`banco/${t.papel}.${t.tabela}.jsonl`, t.arquivo);
      const meta = { ...snap, tabelas: snap.tabelas.map(({ arquivo: _, ...t }) => t) };
      await archive.addBuffer('banco/postgres.json', Buffer.from(JSON.stringify(meta)));
      migracoes = snap.migracoes;
    } else {
      const file = path.join(scratch, 'pglite.tar');
      migracoes = await pgliteSnapshot(config.dataDir, file, opts.database);
      await archive.addFile('banco/pglite.tar', file);
    }
    await addDataDir(archive, config.dataDir, backupDirInside(config));
    const s3 = config.s3 ? await addS3Objects(archive, config.s3, !!opts.withFiles) : null;
    const tamanho = await archive.finish({
      formato: 'ar-online-backup-1',
      versao: productVersion(),
      criadoEm: new Date().toISOString(),
      banco,
      migracoes,
      nivelMigracao: migracoes.at(-1) ?? null,
      cifrado: opts.passphrase !== null,
      s3,
    });
    return { arquivo: target, tamanho, partes: archive.parts.length + 1, migracoes };
  } catch (error) {
    await archive.abort();
    throw error;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/** The first folder under DATA_DIR that BACKUP_DIR is, when it is inside (never copied into itself). */
function backupDirInside(config: BackupOptions['config']): string | null {
  const rel = path.relative(config.dataDir, config.backup.dir);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : null;
}

/**
 * The embedded database's own dump (PGlite's dumpDataDir: its data folder as a tar, taken while no
 * statement runs, so it is a crash-consistent image that PostgreSQL's recovery brings to its last
 * commit). From the process that holds it, from the server running on DATA_DIR (control socket),
 * or by opening the stopped folder.
 */
async function pgliteSnapshot(dataDir: string, file: string, database?: Database): Promise<string[]> {
  if (database?.dumpTo) return database.dumpTo(file);
  const asked = await requestSnapshot(dataDir, file);
  if (asked) return asked.migracoes;
  const dbDir = path.join(dataDir, 'db');
  await fs.access(dbDir).catch(() => {
    throw new Error(`Não há banco embarcado em ${dbDir}: confira DATA_DIR.`);
  });
  const own = await openDatabase({ pgliteDir: dbDir });
  try {
    return await (own.dumpTo as NonNullable<Database['dumpTo']>)(file);
  } finally {
    await own.close();
  }
}

async function addDataDir(archive: Awaited<ReturnType<typeof openArchiveWriter>>, dataDir: string, backupDir: string | null) {
  const walk = async (rel: string): Promise<void> => {
    const entries = await fs.readdir(path.join(dataDir, rel), { withFileTypes: true }).catch(() => []);
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (!rel && (SKIP_TOP.has(e.name) || e.name === backupDir || e.name.startsWith('db.criando-'))) continue;
      // Files being written (storage.ts writes beside and renames) are not whole yet.
      if (e.name.endsWith('.tmp') || e.name.endsWith('.parcial')) continue;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile()) {
        // A file removed since the folder was listed (an expired bulk proof) is simply not there.
        await archive.addFile(`dados/${child}`, path.join(dataDir, child)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
      }
    }
  };
  await walk('');
}
