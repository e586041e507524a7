import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { recordEvent } from '../../modules/emails/events.ts';
import { backfillChains } from './0007-evidence-backfill.ts';

const app = useTestApp({}, { startQueue: true, startWorkers: false });

const hashesOf = (db: Kysely<unknown>, cod: number) =>
  sql<{ ema_uni_hash: string; evt_seq: number; evt_hash_anterior: string; evt_hash: string }>`
    SELECT m.ema_uni_hash, e.evt_seq, e.evt_hash_anterior, e.evt_hash
    FROM emails m JOIN email_eventos e ON e.cod_email = m.ema_uni_codigo
    WHERE m.ema_uni_codigo = ${cod} ORDER BY e.evt_codigo`.execute(db);

class RollBack extends Error {}

describe("migration 0007's frozen backfill", () => {
  it('chains unchained events to the very hashes the live chain (modules/evidence) gives them', async () => {
    const t = app.t;
    const token = await t.login('usuario@demo.local');
    const res = await t.send(token, {
      destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana' }],
      nameFrom: 'Cobranca Demo',
      subject: 'Backfill',
      content: '<p>Prezada</p>',
    });
    expect(res.statusCode).toBe(200);
    const cod = (res.json().emails as { ema_uni_codigo: number }[])[0]!.ema_uni_codigo;
    await recordEvent(t.ctx.db, { cod_email: cod, canal: 'email', tipo: 'read', ip: '177.71.207.1', detalhes: { b: 2, a: [1] } });
    const db = t.ctx.db as unknown as Kysely<unknown>;
    const live = (await hashesOf(db, cod)).rows;
    expect(live.length).toBeGreaterThanOrEqual(2);

    // The same message as before 0007: its events unchained, the tables not sealed yet (rolled back after).
    let rebuilt: typeof live = [];
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`
          ALTER TABLE email_eventos DISABLE TRIGGER USER;
          ALTER TABLE emails DISABLE TRIGGER USER;
          ALTER TABLE email_eventos ALTER COLUMN evt_hash DROP NOT NULL, ALTER COLUMN evt_hash_anterior DROP NOT NULL`.execute(trx);
        await sql`UPDATE email_eventos SET evt_hash = NULL, evt_hash_anterior = NULL, evt_seq = -evt_codigo WHERE cod_email = ${cod}`.execute(
          trx,
        );
        await sql`UPDATE emails SET ema_uni_hash = NULL WHERE ema_uni_codigo = ${cod}`.execute(trx);
        await backfillChains(trx);
        rebuilt = (await hashesOf(trx, cod)).rows;
        throw new RollBack();
      })
      .catch((err) => {
        if (!(err instanceof RollBack)) throw err;
      });
    expect(rebuilt).toEqual(live);
    expect(new Set(rebuilt.map((r) => r.evt_hash)).size).toBe(live.length);
  });
});
