import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSinkApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import type { Config } from '../../config.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { createRuntime } from '../../runtime.ts';
import { ArchiveRefused } from './archive-cipher.ts';
import { createBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';

// A backup taken while sends run, restored into an empty target: every message, event, token and
// file is there, the installation keeps its identity, and the audit passes; a changed byte, a wrong
// passphrase and a non-empty target are refused with nothing written; a tampered event makes
// `npm run verify-evidence` exit 1 naming the message and position. On PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.

const { app: t } = useSinkApp({ startQueue: true });
const PASS = 'senha de teste do backup 2026';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const root = path.resolve(import.meta.dirname, '../../../../..');
const run = promisify(execFile);

const pgUrl = process.env.TEST_DATABASE_URL;
const createdDatabases: string[] = [];

/** An empty restore target: a new folder (and, on PostgreSQL, a new database). */
async function emptyTarget(): Promise<Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>> {
  const dataDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'ar-restaurado-')), 'dados');
  if (!pgUrl) return { dataDir, databaseUrl: undefined, s3: undefined };
  const name = `ar_r_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  createdDatabases.push(name);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString(), s3: undefined };
}

afterAll(async () => {
  if (!pgUrl) return;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  for (const name of createdDatabases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

const sourceConfig = () => ({ ...t.config, databaseUrl: t.database.connectionString });

let archive: string;
let before: number;

beforeAll(async () => {
  const token = await t.login('usuario@demo.local');
  const up = await t.upload(token, [{ name: 'contrato.pdf', data: PDF }]);
  const attachment = up.json()[0].uuidFilename;
  const send = (i: number) =>
    t.send(token, {
      destinataires: [{ to: `pessoa${i}@cliente.test`, nameTo: `Pessoa ${i}` }],
      nameFrom: 'Cobranca Demo',
      subject: `Notificação ${i}`,
      content: '<p>Segue a notificação.</p>',
      attachments: [attachment],
    });
  for (let i = 0; i < 5; i++) expect((await send(i)).statusCode).toBe(200);
  // The first five out (their 'send' events, position 2, are what the tampering below changes).
  const sent = () =>
    t.ctx.db
      .selectFrom('email_eventos')
      .select((e) => e.fn.countAll().as('n'))
      .where('evt_tipo', '=', 'send')
      .executeTakeFirstOrThrow();
  await waitFor(sent, (r) => Number(r.n) >= 5, 60_000);
  before = Number(
    (
      await t.ctx.db
        .selectFrom('email_eventos')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  // More sends queued while the backup is taken: the snapshot is one instant's view of them.
  const sending = Promise.all([5, 6, 7, 8, 9].map(send));
  archive = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'ar-backup-teste-')), 'backup.arbk');
  await createBackup({ config: sourceConfig(), target: archive, passphrase: PASS, database: t.database });
  await sending;
}, 120_000);

describe('backup and restore', () => {
  it('restores every message, event, token and file, keeps the identity, and the audit passes', async () => {
    const target = await emptyTarget();
    const { manifest } = await restoreBackup({ config: target, file: archive, passphrase: PASS });
    expect(manifest.partes.some((p) => p.nome === 'dados/tsa/tsa.pem')).toBe(true);
    const restored = await openDatabase({ url: target.databaseUrl, pgliteDir: path.join(target.dataDir, 'db'), poolSize: 2 });
    try {
      const rows = (db: Database['db']) =>
        db
          .selectFrom('email_eventos as e')
          .leftJoin('email_carimbos as c', 'c.evt_codigo', 'e.evt_codigo')
          .select(['e.evt_codigo', 'e.evt_hash', 'c.car_token_sha256'])
          .orderBy('e.evt_codigo')
          .execute();
      const got = await rows(restored.db);
      expect(got.length).toBeGreaterThanOrEqual(before);
      // Each restored event (and its stamp, when the snapshot had it) is the source's, byte for byte.
      const source = new Map((await rows(t.ctx.db)).map((r) => [r.evt_codigo, r]));
      for (const r of got) {
        expect(source.get(r.evt_codigo)?.evt_hash).toBe(r.evt_hash);
        if (r.car_token_sha256) expect(source.get(r.evt_codigo)?.car_token_sha256).toBe(r.car_token_sha256);
      }
      const messages = await restored.db.selectFrom('emails').select('ema_uni_attachments').execute();
      expect(messages.length).toBeGreaterThanOrEqual(5);
      const key = messages[0]?.ema_uni_attachments.attachments[0]?.pathS3 as string;
      expect(await fs.readFile(path.join(target.dataDir, 'files', key))).toEqual(PDF);
    } finally {
      await restored.close();
    }
    // The same TSA certificate at /v2/tsa/certificado.pem, the same signing certificate.
    const runtime = await createRuntime(
      { ...t.config, dataDir: target.dataDir, databaseUrl: target.databaseUrl, seedDemo: false },
      { startQueue: false, serveWeb: false },
    );
    try {
      const pem = await runtime.app.inject({ method: 'GET', url: '/v2/tsa/certificado.pem' });
      expect(pem.body).toBe(await fs.readFile(path.join(t.config.dataDir, 'tsa', 'tsa.pem'), 'utf8'));
    } finally {
      await runtime.close();
    }
    expect(await fs.readdir(path.join(target.dataDir, 'assinatura'))).toEqual(await fs.readdir(path.join(t.config.dataDir, 'assinatura')));
    // The audit of the restored installation: exit 0, no break.
    const audit = await run('npx', ['tsx', 'apps/server/src/scripts/verify-evidence.ts'], { cwd: root, env: envOf(target) });
    expect(audit.stdout).toMatch(/; 0 quebras/);

    // Someone with the database owner's rights changes one event: the audit names it.
    const tampered = await openDatabase({ url: target.databaseUrl, pgliteDir: path.join(target.dataDir, 'db'), poolSize: 2 });
    let uuid: string;
    try {
      const ev = await tampered.db
        .selectFrom('email_eventos as e')
        .innerJoin('emails as m', 'm.ema_uni_codigo', 'e.cod_email')
        .select(['e.evt_codigo', 'm.ema_uni_id'])
        .where('e.evt_seq', '=', 2)
        .orderBy('e.evt_codigo')
        .limit(1)
        .executeTakeFirstOrThrow();
      uuid = ev.ema_uni_id;
      await sql`ALTER TABLE email_eventos DISABLE TRIGGER email_eventos_somente_inclusao`.execute(tampered.db);
      await sql`UPDATE email_eventos SET evt_ip = '203.0.113.9' WHERE evt_codigo = ${ev.evt_codigo}`.execute(tampered.db);
    } finally {
      await tampered.close();
    }
    const broken = await run('npx', ['tsx', 'apps/server/src/scripts/verify-evidence.ts'], { cwd: root, env: envOf(target) }).catch(
      (error: { code: number; stdout: string }) => error,
    );
    expect((broken as { code?: number }).code).toBe(1);
    expect(broken.stdout).toContain(`QUEBRA mensagem ${uuid} (`);
    expect(broken.stdout).toMatch(/posição 2: evento alterado/);
  }, 240_000);

  it('refuses a changed byte, a wrong passphrase and a non-empty target, writing nothing', async () => {
    const target = await emptyTarget();
    const changed = `${archive}.alterado`;
    const bytes = await fs.readFile(archive);
    bytes[Math.floor(bytes.length / 2)] ^= 0x01;
    await fs.writeFile(changed, bytes);
    await expect(restoreBackup({ config: target, file: changed, passphrase: PASS })).rejects.toThrow(/alterado|corrompido/);
    await expect(restoreBackup({ config: target, file: archive, passphrase: 'outra senha qualquer' })).rejects.toThrow(
      /Senha do backup incorreta/,
    );
    await expect(fs.readdir(target.dataDir)).rejects.toThrow(/ENOENT/);
    if (target.databaseUrl) {
      const c = new pg.Client({ connectionString: target.databaseUrl });
      await c.connect();
      const { rows } = await c.query(
        "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
      );
      await c.end();
      expect(rows[0].n).toBe(0);
    }
    await fs.mkdir(target.dataDir, { recursive: true });
    await fs.writeFile(path.join(target.dataDir, 'algo.txt'), 'já havia algo');
    const refused = restoreBackup({ config: target, file: archive, passphrase: PASS });
    await expect(refused).rejects.toBeInstanceOf(ArchiveRefused);
    await expect(refused).rejects.toThrow(/não está vazio/);
    expect(await fs.readdir(target.dataDir)).toEqual(['algo.txt']);
  }, 120_000);
});

function envOf(target: Pick<Config, 'dataDir' | 'databaseUrl'>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: target.dataDir, SEED_DEMO: 'false' };
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  return env;
}
