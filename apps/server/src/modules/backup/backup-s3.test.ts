import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { readArchive } from './archive.ts';
import { createBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';

// With S3_BUCKET the files live in the bucket: a backup lists every object with its SHA-256, and
// with --with-files carries the objects, which the restore puts back into the (new) bucket. Against
// s3rver, an S3-compatible server in this process. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.

const PASS = 'senha do backup com S3';
const pgUrl = process.env.TEST_DATABASE_URL;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const OBJECTS = new Map<string, Buffer>([
  ['anexos/2026/12/contrato.pdf', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')],
  ['gravacoes/chamada-1.wav', randomBytes(300_000)],
]);

interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
let server: S3rverServer;
let s3: (bucket: string) => NonNullable<Config['s3']>;
let client: S3Client;
let source: Database;
let sourceDir: string;
const databases: string[] = [];
const saved = { ...process.env };

async function newDatabase(): Promise<string | undefined> {
  if (!pgUrl) return undefined;
  const name = `ar_s3_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  // s3rver's fixed credentials; checksums only where S3 requires them (s3rver predates the SDK's default CRC32 trailers).
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
  });
  const { default: S3rver } = (await import('s3rver' as string)) as { default: new (o: object) => S3rverServer };
  server = new S3rver({
    address: '127.0.0.1',
    port: Number(process.env.TEST_S3_PORT ?? 3420),
    silent: true,
    directory: await fs.mkdtemp(path.join(os.tmpdir(), 'ar-s3rver-')),
    configureBuckets: [{ name: 'origem' }, { name: 'destino' }],
  });
  const { port } = await server.run();
  s3 = (bucket) => ({ bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true });
  client = new S3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true });
  for (const [Key, Body] of OBJECTS) await client.send(new PutObjectCommand({ Bucket: 'origem', Key, Body }));
  sourceDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-s3-origem-'));
  source = await openDatabase({ url: await newDatabase(), pgliteDir: path.join(sourceDir, 'db'), poolSize: 2 });
  await migrateToLatest(source.db as never);
}, 300_000);

afterAll(async () => {
  await source?.close();
  await server?.close();
  client?.destroy();
  process.env = saved;
  if (!pgUrl) return;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** A backup of the source installation with the bucket 'origem'; answers the archive and its parts' contents. */
async function backup(withFiles: boolean) {
  const target = path.join(sourceDir, '..', `${path.basename(sourceDir)}-${withFiles ? 'com' : 'sem'}-arquivos.arbk`);
  const config = { dataDir: sourceDir, databaseUrl: undefined, s3: s3('origem'), backup: { dir: path.join(sourceDir, 'backups') } };
  await createBackup({ config: config as never, target, passphrase: PASS, database: source, withFiles });
  const parts = new Map<string, Buffer>();
  const manifest = await readArchive(target, PASS, async (nome, stream) => {
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    parts.set(nome, Buffer.concat(chunks));
  });
  return { target, manifest, parts };
}

const listed = (parts: Map<string, Buffer>) =>
  (parts.get('s3/objetos.jsonl') as Buffer)
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { chave: string; tamanho: number; sha256: string })
    .sort((a, b) => a.chave.localeCompare(b.chave));

const expected = [...OBJECTS]
  .map(([chave, data]) => ({ chave, tamanho: data.length, sha256: sha256(data) }))
  .sort((a, b) => a.chave.localeCompare(b.chave));

describe('backup with S3_BUCKET', () => {
  it('lists every object with its SHA-256, without copying them', async () => {
    const { manifest, parts } = await backup(false);
    expect(listed(parts)).toEqual(expected);
    expect([...parts.keys()].filter((n) => n.startsWith('s3/') && n !== 's3/objetos.jsonl')).toEqual([]);
    expect(manifest.s3).toEqual({ bucket: 'origem', objetos: 2, copiados: false });
  }, 120_000);

  it('with --with-files carries the objects, and the restore puts them back into the bucket', async () => {
    const { target, manifest, parts } = await backup(true);
    expect(listed(parts)).toEqual(expected);
    for (const [key, data] of OBJECTS) expect(parts.get(`s3/${key}`)?.equals(data), key).toBe(true);
    expect(manifest.s3).toEqual({ bucket: 'origem', objetos: 2, copiados: true });

    const dataDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'ar-s3-restaurado-')), 'dados');
    await restoreBackup({ config: { dataDir, databaseUrl: await newDatabase(), s3: s3('destino') }, file: target, passphrase: PASS });
    for (const [Key, data] of OBJECTS) {
      const got = await client.send(new GetObjectCommand({ Bucket: 'destino', Key }));
      const chunks: Buffer[] = [];
      for await (const c of got.Body as Readable) chunks.push(c as Buffer);
      expect(sha256(Buffer.concat(chunks)), Key).toBe(sha256(data));
    }
    // Nothing of the bucket lands in DATA_DIR.
    expect((await fs.readdir(dataDir)).filter((n) => n === 's3')).toEqual([]);
  }, 120_000);
});
