import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { migrations } from '../../db/migrations/index.ts';
import type { DB } from '../../db/schema.ts';
import { seedDemo } from '../../seed/demo.ts';
import { eventHash, genesisHash, messageHash } from '../evidence/canonical.ts';
import { loadBuiltinTsa } from '../evidence/tsa/builtin-tsa.ts';
import { createBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';

// An archive made by an older version of the product: its database at migration 0042, before this
// module's own 0044 (and 0046). Restored into an empty target, the archive's level is recreated, its
// rows loaded, the migrations added since run, and `npm run verify-evidence` passes over the
// chains and stamps the older version wrote. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

const PASS = 'senha do backup de uma versão antiga';
const OLDER = Object.keys(migrations)
  .filter((name) => name < '0044')
  .sort();
const NEWER = Object.keys(migrations).filter((name) => !OLDER.includes(name));
const root = path.resolve(import.meta.dirname, '../../../../..');
const run = promisify(execFile);
const pgUrl = process.env.TEST_DATABASE_URL;
const created: string[] = [];

/** A new PostgreSQL database of the test's own (undefined on PGlite). */
async function newDatabase(): Promise<string | undefined> {
  if (!pgUrl) return undefined;
  const name = `ar_v_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  if (!pgUrl) return;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** Messages with 3 events each, every event stamped by the installation's built-in TSA, as the older version wrote them. */
async function writeEvidence(db: Kysely<DB>, dataDir: string, count: number): Promise<void> {
  const tsa = await loadBuiltinTsa(dataDir);
  const user = await db
    .selectFrom('usuarios')
    .select(['usu_codigo', 'cod_ger_entidade'])
    .where('usu_login', '=', 'usuario@demo.local')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < count; i++) {
    const msg = {
      ema_uni_id: randomUUID(),
      ema_uni_from: 'usuario@demo.local',
      ema_uni_to: `pessoa${i}@cliente.test`,
      ema_uni_subject: `Notificação ${i}`,
      ema_uni_content: '<p>Segue a notificação.</p>',
      ema_uni_sms: null,
      ema_uni_whatsapp: null,
      ema_uni_attachments: { attachments: [] },
    };
    const hash = messageHash(msg);
    const { rows } = await sql<{ ema_uni_codigo: number }>`
      INSERT INTO emails (ema_uni_id, cod_usu, cod_ger_entidade, ema_uni_envio, ema_uni_name_from, ema_uni_from, ema_uni_name_to,
        ema_uni_to, ema_uni_subject, ema_uni_content, ema_uni_content_sha256, ema_uni_attachments, ema_uni_hash)
      VALUES (${msg.ema_uni_id}, ${user.usu_codigo}, ${user.cod_ger_entidade}, ${msg.ema_uni_id}, 'Demo', ${msg.ema_uni_from}, 'Pessoa',
        ${msg.ema_uni_to}, ${msg.ema_uni_subject}, ${msg.ema_uni_content}, 'x', '{"attachments":[]}', ${hash})
      RETURNING ema_uni_codigo`.execute(db);
    let previous = genesisHash(msg.ema_uni_id, hash);
    for (const [n, tipo] of ['processed', 'send', 'delivered'].entries()) {
      const seq = n + 1;
      const data = new Date(Date.UTC(2026, 5, 1, 12, 0, seq));
      const evt = eventHash({
        uuid: msg.ema_uni_id,
        ...{ seq, canal: 'email', tipo, data, ip: null, userAgent: null, cidade: null, estado: null, pais: null, lat: null, lng: null },
        detalhes: {},
        hashAnterior: previous,
      });
      const ev = await sql<{ evt_codigo: number }>`
        INSERT INTO email_eventos (cod_email, evt_seq, evt_canal, evt_tipo, evt_data, evt_detalhes, evt_hash_anterior, evt_hash)
        VALUES (${rows[0]?.ema_uni_codigo}, ${seq}, 'email', ${tipo}, ${data}, '{}', ${previous}, ${evt}) RETURNING evt_codigo`.execute(db);
      const { token, serialHex, genTime } = await tsa.issue(evt);
      await sql`
        INSERT INTO email_carimbos (evt_codigo, car_token, car_token_sha256, car_serial, car_gen_time, car_tsa)
        VALUES (${ev.rows[0]?.evt_codigo}, ${Buffer.from(token)}, ${createHash('sha256').update(token).digest('hex')}, ${serialHex},
          ${genTime}, ${tsa.name})`.execute(db);
      previous = evt;
    }
  }
}

describe('restoring an archive of an older version', () => {
  it('recreates its migration level, runs the migrations added since, and the audit passes', async () => {
    const sourceDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-versao-antiga-'));
    const source = await openDatabase({ url: await newDatabase(), pgliteDir: path.join(sourceDir, 'db'), poolSize: 2 });
    const archive = path.join(sourceDir, '..', `${path.basename(sourceDir)}.arbk`);
    try {
      expect((await migrateToLatest(source.db as never, undefined, OLDER)).sort()).toEqual(OLDER);
      await seedDemo(source.db);
      await writeEvidence(source.db, sourceDir, 4);
      const config = { dataDir: sourceDir, databaseUrl: undefined, s3: undefined, backup: { dir: path.join(sourceDir, 'backups') } };
      const made = await createBackup({ config: config as never, target: archive, passphrase: PASS, database: source });
      expect(made.migracoes.sort()).toEqual(OLDER);
    } finally {
      await source.close();
    }

    const target = { dataDir: path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'ar-restaurado-antigo-')), 'dados') };
    const databaseUrl = await newDatabase();
    const { manifest, migrated } = await restoreBackup({
      config: { ...target, databaseUrl, s3: undefined },
      file: archive,
      passphrase: PASS,
    });
    expect(manifest.nivelMigracao).toBe(OLDER.at(-1));
    expect(migrated.sort()).toEqual(NEWER.sort());

    const restored = await openDatabase({ url: databaseUrl, pgliteDir: path.join(target.dataDir, 'db'), poolSize: 2 });
    try {
      const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(restored.db);
      expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
      // 0044's tables are there, empty; the older version's stamps are all there.
      expect(await restored.db.selectFrom('backups').selectAll().execute()).toEqual([]);
      const stamps = await restored.db
        .selectFrom('email_carimbos')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(stamps.n)).toBe(12);
    } finally {
      await restored.close();
    }
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: target.dataDir, SEED_DEMO: 'false' };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    const audit = await run('npx', ['tsx', 'apps/server/src/scripts/verify-evidence.ts'], { cwd: root, env });
    expect(audit.stdout).toMatch(/4 mensagens, 12 eventos, 12 carimbos.*; 0 eventos ainda sem carimbo; 0 quebras/);
  }, 240_000);
});
