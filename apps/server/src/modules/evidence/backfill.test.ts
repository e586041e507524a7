import { Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import { type Database, newPglite } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { migrations } from '../../db/migrations/index.ts';
import { PGliteDialect } from '../../db/pglite-dialect.ts';
import type { DB } from '../../db/schema.ts';
import { checkChain } from './chain-check.ts';

/** A database at migration 0006, before the evidence existed: PGlite fresh, or TEST_DATABASE_URL's own. */
async function emptyDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE_URL) return openTestDatabase();
  const pglite = await newPglite();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    bossDb: null,
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

let database: Database;
beforeAll(async () => {
  database = await emptyDatabase();
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error } = await migrator.migrateTo('0006-emails-count');
  if (error) throw error;
});
afterAll(async () => {
  await database?.close();
});

describe('migration 0007-evidence', () => {
  it('chains the events recorded before it, then seals the table', async () => {
    const db = database.db;
    const { usu_codigo } = await db
      .insertInto('usuarios')
      .values({ usu_nome: 'Antiga', usu_login: 'antiga@demo.local' } as never)
      .returning('usu_codigo')
      .executeTakeFirstOrThrow();
    const { ema_uni_codigo } = await db
      .insertInto('emails')
      .values({
        cod_usu: usu_codigo,
        cod_ger_entidade: null,
        ema_uni_envio: '00000000-0000-4000-8000-000000000001',
        ema_uni_name_from: 'Antiga',
        ema_uni_from: 'antiga@demo.local',
        ema_uni_name_to: 'Ana',
        ema_uni_to: 'ana@cliente.test',
        ema_uni_subject: 'Antes das evidências',
        ema_uni_content: '<p>Olá</p>',
        ema_uni_content_sha256: '0'.repeat(64),
      } as never)
      .returning('ema_uni_codigo')
      .executeTakeFirstOrThrow();
    // Times with microseconds, as clock_timestamp() recorded them.
    await sql`INSERT INTO email_eventos (cod_email, evt_canal, evt_tipo, evt_data, evt_detalhes) VALUES
      (${ema_uni_codigo}, 'email', 'processed', '2026-11-01 10:00:00.123456+00', '{}'),
      (${ema_uni_codigo}, 'email', 'send', '2026-11-01 10:00:01.654321+00', '{"smtpResponse": "250 OK", "a": [1, {"z": 1, "b": 2}]}')`.execute(
      db,
    );

    await migrateToLatest(db as never);

    const events = await db
      .selectFrom('email_eventos')
      .select(['evt_seq', 'evt_tipo', 'evt_data', 'evt_hash'])
      .where('cod_email', '=', ema_uni_codigo)
      .orderBy('evt_seq')
      .execute();
    expect(events.map((e) => [e.evt_seq, e.evt_tipo])).toEqual([
      [1, 'processed'],
      [2, 'send'],
    ]);
    expect(new Date(events[1].evt_data).toISOString()).toBe('2026-11-01T10:00:01.654Z');
    expect(await checkChain(db, ema_uni_codigo)).toMatchObject({ isIntact: true, events: 2, lastHash: events[1].evt_hash });
    // Migration 0037 gives a chain already stored its head from its last event: it keeps verifying.
    expect(await db.selectFrom('email_cadeias').select(['cad_seq', 'cad_hash']).where('cod_email', '=', ema_uni_codigo).execute()).toEqual([
      { cad_seq: 2, cad_hash: events[1].evt_hash },
    ]);
    await expect(db.deleteFrom('email_eventos').where('cod_email', '=', ema_uni_codigo).execute()).rejects.toThrow(/somente de inclusão/);
  });
});
