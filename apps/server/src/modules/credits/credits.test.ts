import { PLAN_MSG } from '@ar/core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { createTenants } from '../../../test/tenants.ts';
import { ensurePlan } from '../plans/ensure-plan.ts';
import type { PlanHolder } from '../plans/plan-source.ts';
import { lastAcquisition } from '../plans/plans.queries.ts';
import { listCreditLogs } from '../store/store.queries.ts';
import { adjustManagedPlan, listMovements, movementsOf } from './credits.queries.ts';
import { adjustCredits, debitCredits, InsufficientCreditsError, refundCredits } from './credits.service.ts';

const app = useTestApp();

let seq = 0;
/** A fresh prepaid user with `balance` credits (its own plan), in the demo prepaid entity. */
async function prepaidUser(balance: number): Promise<PlanHolder & { pla_codigo: number }> {
  const db = app.t.ctx.db;
  const ent = await db
    .selectFrom('entidades')
    .select('ent_codigo')
    .where('ent_nome_fantasia', '=', 'Demo Pré-pago')
    .executeTakeFirstOrThrow();
  const u = await db
    .insertInto('usuarios')
    .values({ usu_nome: `Teste ${++seq}`, usu_login: `credito${seq}@demo.local`, cod_ger_entidade: ent.ent_codigo, usu_tipo_plano: '1' })
    .returning(['usu_codigo', 'usu_tipo_plano', 'cod_ger_entidade'])
    .executeTakeFirstOrThrow();
  const pla_codigo = await ensurePlan(db, u);
  if (balance > 0) await db.updateTable('planos').set({ pla_total_credito: balance }).where('pla_codigo', '=', pla_codigo).execute();
  return { ...u, pla_codigo };
}

const balanceOf = async (pla_codigo: number) =>
  (await app.t.ctx.db.selectFrom('planos').select('pla_total_credito').where('pla_codigo', '=', pla_codigo).executeTakeFirstOrThrow())
    .pla_total_credito;

describe('debit and refund on a prepaid plan', () => {
  it('debits inside the caller transaction, writes the ledger row, and rolls back with it', async () => {
    const u = await prepaidUser(10);
    const result = await app.t.ctx.db
      .transaction()
      .execute((trx) => debitCredits(trx, u, { units: 3, reason: 'Envio teste', ref: 'email:1' }));
    expect(result).toMatchObject({ pla_codigo: u.pla_codigo, tipoPlano: '1', total: 7, units: 3 });
    await expect(
      app.t.ctx.db.transaction().execute(async (trx) => {
        await debitCredits(trx, u, { units: 2, reason: 'Envio que falha', ref: 'email:2' });
        throw new Error('the send failed after the debit');
      }),
    ).rejects.toThrow('the send failed');
    expect(await balanceOf(u.pla_codigo)).toBe(7);
    const ledger = await movementsOf(app.t.ctx.db, u.pla_codigo);
    expect(ledger.map((m) => [m.mov_tipo, m.mov_creditos, m.mov_saldo_apos, m.mov_referencia, m.cod_usu_autor])).toEqual([
      ['debito', -3, 7, 'email:1', u.usu_codigo],
    ]);
  });

  it('refuses a debit beyond the balance with 402 and changes nothing', async () => {
    const u = await prepaidUser(2);
    const attempt = app.t.ctx.db.transaction().execute((trx) => debitCredits(trx, u, { units: 3, reason: 'x', ref: 'email:3' }));
    await expect(attempt).rejects.toBeInstanceOf(InsufficientCreditsError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 402, message: PLAN_MSG.insufficient });
    expect(await balanceOf(u.pla_codigo)).toBe(2);
    expect(await movementsOf(app.t.ctx.db, u.pla_codigo)).toHaveLength(0);
  });

  it('an inactive plan refuses debits', async () => {
    const u = await prepaidUser(5);
    await app.t.ctx.db.updateTable('planos').set({ pla_ativo: 0 }).where('pla_codigo', '=', u.pla_codigo).execute();
    await expect(
      app.t.ctx.db.transaction().execute((trx) => debitCredits(trx, u, { units: 1, reason: 'x', ref: 'e:4' })),
    ).rejects.toMatchObject({
      message: PLAN_MSG.inactive,
    });
    expect(await balanceOf(u.pla_codigo)).toBe(5);
  });

  it('the balance never goes below zero, even written directly (CHECK)', async () => {
    const u = await prepaidUser(1);
    await expect(
      app.t.ctx.db.updateTable('planos').set({ pla_total_credito: -1 }).where('pla_codigo', '=', u.pla_codigo).execute(),
    ).rejects.toThrow(/planos_saldo_pre_pago/);
  });

  it('two sends racing for the last credit: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await prepaidUser(1);
      const outcomes = await Promise.allSettled(
        [1, 2].map((n) =>
          app.t.ctx.db.transaction().execute(async (trx) => {
            const r = await debitCredits(trx, u, { units: 1, reason: `Envio ${n}`, ref: `race:${round}:${n}` });
            // Hold the transaction a moment, as a real send does, so the other one must wait on the row.
            await sql`select pg_sleep(0.05)`.execute(trx);
            return r;
          }),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const failed = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(failed.reason).toBeInstanceOf(InsufficientCreditsError);
      expect(await balanceOf(u.pla_codigo)).toBe(0);
      expect(await movementsOf(app.t.ctx.db, u.pla_codigo)).toHaveLength(1);
    }
  });

  it('ten concurrent debits of 1 on a balance of 4: four win, balance 0, ledger matches', async () => {
    const u = await prepaidUser(4);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, n) =>
        app.t.ctx.db.transaction().execute((trx) => debitCredits(trx, u, { units: 1, reason: 'lote', ref: `lote:${n}` })),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(4);
    expect(await balanceOf(u.pla_codigo)).toBe(0);
    const ledger = await movementsOf(app.t.ctx.db, u.pla_codigo);
    expect(ledger).toHaveLength(4);
    expect(ledger.map((m) => m.mov_saldo_apos).sort()).toEqual([0, 1, 2, 3]);
  });

  it('refunds what was debited under a reference, once', async () => {
    const u = await prepaidUser(10);
    await app.t.ctx.db.transaction().execute((trx) => debitCredits(trx, u, { units: 4, reason: 'Envio', ref: 'email:77' }));
    const partial = await app.t.ctx.db
      .transaction()
      .execute((trx) => refundCredits(trx, null, { units: 1, reason: 'Falha SMS', ref: 'email:77' }));
    expect(partial).toEqual([{ pla_codigo: u.pla_codigo, tipoPlano: '1', total: 7, units: 1 }]);
    const rest = await Promise.all(
      [1, 2].map(() =>
        app.t.ctx.db.transaction().execute((trx) => refundCredits(trx, null, { reason: 'Falha no envio', ref: 'email:77' })),
      ),
    );
    expect(rest.flat().map((r) => r.units)).toEqual([3]);
    expect(await balanceOf(u.pla_codigo)).toBe(10);
    expect(await app.t.ctx.db.transaction().execute((trx) => refundCredits(trx, null, { reason: 'de novo', ref: 'email:77' }))).toEqual([]);
    expect(
      await app.t.ctx.db.transaction().execute((trx) => refundCredits(trx, null, { reason: 'nada', ref: 'email:nao-existe' })),
    ).toEqual([]);
    const ledger = await movementsOf(app.t.ctx.db, u.pla_codigo);
    expect(ledger.map((m) => [m.mov_tipo, m.mov_creditos, m.mov_saldo_apos])).toEqual([
      ['estorno', 3, 10],
      ['estorno', 1, 7],
      ['debito', -4, 6],
    ]);
  });
});

describe('postpaid plans count usage per reference month', () => {
  it('debits count as used on the entity plan, refunds give back, and earlier periods do not count', async () => {
    const pos = await app.t.ctx.db
      .selectFrom('usuarios')
      .select(['usu_codigo', 'usu_tipo_plano', 'cod_ger_entidade'])
      .where('usu_login', '=', 'pos@demo.local')
      .executeTakeFirstOrThrow();
    const token = await app.t.login('pos@demo.local');
    const used = async () =>
      (await app.t.app.inject({ method: 'GET', url: '/v2/plano', headers: { authorization: `Bearer ${token}` } })).json().total as number;
    const before = await used();
    const r = await app.t.ctx.db.transaction().execute((trx) => debitCredits(trx, pos, { units: 5, reason: 'Envio', ref: 'pos:1' }));
    expect(r.tipoPlano).toBe('2');
    await app.t.ctx.db.transaction().execute((trx) => debitCredits(trx, pos, { units: 2, reason: 'Envio', ref: 'pos:2' }));
    await app.t.ctx.db.transaction().execute((trx) => refundCredits(trx, null, { reason: 'Falha', ref: 'pos:2' }));
    expect(await used()).toBe(before + 5);
    // A debit of two months ago belongs to an earlier reference period.
    await app.t.ctx.db
      .updateTable('plano_movimentos')
      .set({ mov_data: sql<Date>`now() - interval '62 days'` })
      .where('mov_referencia', '=', 'pos:1')
      .execute();
    expect(await used()).toBe(before);
    const plan = await app.t.ctx.db
      .selectFrom('planos')
      .select(['pla_nivel', 'pla_total_credito'])
      .where('pla_codigo', '=', r.pla_codigo)
      .executeTakeFirstOrThrow();
    expect(plan).toEqual({ pla_nivel: 2, pla_total_credito: 5 });
  });
});

describe("a signed-in user's reads and a manager's change of a plan carry the scope", () => {
  it("another administration's administrator or manager reaches no plan of this one: no ledger, purchases or change", async () => {
    const db = app.t.ctx.db;
    const ids = await createTenants(db);
    const pla = await ensurePlan(db, { usu_codigo: ids.demo.usuario, usu_tipo_plano: '1', cod_ger_entidade: ids.demo.pre });
    const page = { limit: 10, offset: 0, column: 'log_codigo', order: 'DESC' } as const;
    const before = { balance: await balanceOf(pla), ledger: await movementsOf(db, pla) };
    expect(before.ledger.length).toBeGreaterThan(0);
    for (const login of ['admin@outra.local', 'gerente@outra.local']) {
      const scope = await app.scopeOf(login);
      expect((await listMovements(db, scope, pla, { ...page, column: 'mov_codigo' })).rows, login).toEqual([]);
      expect((await listCreditLogs(db, scope, pla, page)).rows, login).toEqual([]);
      expect(await lastAcquisition(db, scope, pla), login).toBeNull();
      expect(await adjustManagedPlan(db, scope, pla, 10), login).toBeUndefined();
      expect(await db.transaction().execute((trx) => adjustCredits(trx, scope, pla, -1, 'x')), login).toBeNull();
    }
    // The user itself reads its ledger and purchases but changes nothing; its administrator does.
    const own = await app.scopeOf('usuario@demo.local');
    expect((await listMovements(db, own, pla, { ...page, column: 'mov_codigo' })).rows.length).toBe(before.ledger.length);
    expect((await listCreditLogs(db, own, pla, page)).rows.length).toBeGreaterThan(0);
    expect(await adjustManagedPlan(db, own, pla, 10)).toBeUndefined();
    expect({ balance: await balanceOf(pla), ledger: await movementsOf(db, pla) }).toEqual(before);
    expect(await adjustManagedPlan(db, await app.scopeOf('admin@demo.local'), pla, 0 + 1)).toMatchObject({
      pla_total_credito: before.balance + 1,
    });
  });
});
