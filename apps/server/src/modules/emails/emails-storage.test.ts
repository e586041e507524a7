import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';

const app = useTestApp();

/** Rolls the transaction back once the test has looked at it. */
class Done extends Error {}

describe('emails storage (migration 0012-emails-fillfactor)', () => {
  it('leaves room in each page, so that a status change is a HOT update (no new index entries)', async () => {
    const { usu_codigo } = await app.t.ctx.db
      .selectFrom('usuarios')
      .select('usu_codigo')
      .where('usu_login', '=', 'usuario@demo.local')
      .executeTakeFirstOrThrow();
    // Rows of ~1.7 KB, below the size PostgreSQL would compress: five fill a page to the brim.
    const content = `<p>${'x'.repeat(1500)}</p>`;
    let counts: { updated: number; hot: number } | undefined;
    await app.t.ctx.db
      .transaction()
      .execute(async (trx) => {
        const envio = randomUUID();
        const ids = await trx
          .insertInto('emails')
          .values(
            Array.from({ length: 30 }, (_, i) => ({
              cod_usu: usu_codigo,
              ema_uni_envio: envio,
              ema_uni_name_from: 'Cobranca',
              ema_uni_from: 'usuario@demo.local',
              ema_uni_name_to: `Pessoa ${i}`,
              ema_uni_to: `pessoa${i}@cliente.test`,
              ema_uni_subject: 'Aviso',
              ema_uni_content: content,
              ema_uni_content_sha256: '0'.repeat(64),
            })),
          )
          .returning('ema_uni_codigo')
          .execute();
        await trx
          .updateTable('emails')
          .set({ ema_status_email: 'enviado' })
          .where(
            'ema_uni_codigo',
            'in',
            ids.map((r) => r.ema_uni_codigo),
          )
          .execute();
        // This transaction's own counts, known at once (the cumulative ones are reported later).
        const { rows } = await sql<{ updated: number; hot: number }>`
          SELECT pg_stat_get_xact_tuples_updated('emails'::regclass)::int AS updated,
                 pg_stat_get_xact_tuples_hot_updated('emails'::regclass)::int AS hot`.execute(trx);
        counts = rows[0];
        throw new Done();
      })
      .catch((error) => {
        if (!(error instanceof Done)) throw error;
      });
    expect(counts?.updated).toBe(30);
    // Filled to 75%, a page keeps three of these rows and room for one more version of one of
    // them (10 of 30 here, both engines; more over time, as the old versions are pruned); full
    // pages (the default) had room for none: 0 of 30, every update copying its row to another
    // page with new entries in each of the table's five indexes.
    expect(counts?.hot).toBeGreaterThanOrEqual(8);
  });
});
