import { PLAN_MSG } from '@ar/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../../test/harness.ts';
import { movementsOf } from '../credits/credits.queries.ts';

/** A manager's credit changes, the ledger, the plan list and activation. Plan source and reach: plans.test.ts. */
const app = useTestApp();
const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const who of ['admin', 'gerente', 'usuario', 'pos']) tokens[who] = await app.t.login(`${who}@demo.local`);
});

const get = (who: string, url: string) => app.t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const put = (who: string, url: string, payload: object) => app.t.app.inject({ method: 'PUT', url, payload, headers: bearer(tokens[who]) });

describe('PUT /plano: a manager adds or removes prepaid credits', () => {
  it('adds and removes with a ledger row each, never below zero', async () => {
    const summary = (await get('usuario', '/v2/plano-usuario')).json();
    const pla = summary.plano.pla_codigo;
    let res = await put('gerente', '/v2/plano', { pla_codigo: pla, pla_total_credito: 50 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: PLAN_MSG.creditsUpdated, creditos: { total: 1050 } });
    res = await put('gerente', '/v2/plano', { pla_codigo: pla, pla_total_credito: -2000, motivo: 'teste' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PLAN_MSG.belowZero(1050));
    res = await put('admin', '/v2/plano', { pla_codigo: pla, pla_total_credito: -1050, motivo: 'Estorno comercial' });
    expect(res.json().creditos.total).toBe(0);
    const ledger = await movementsOf(app.t.ctx.db, pla);
    expect(ledger.slice(0, 2).map((m) => [m.mov_tipo, m.mov_creditos, m.mov_saldo_apos, m.mov_motivo])).toEqual([
      ['ajuste', -1050, 0, 'Estorno comercial'],
      ['ajuste', 50, 1050, 'Créditos adicionados pelo gerente'],
    ]);
    const sum = ledger.reduce((s, m) => s + m.mov_creditos, 0);
    expect(sum).toBe(0);
    await put('admin', '/v2/plano', { pla_codigo: pla, pla_total_credito: 1000 });
  });

  it('lists the ledger with who, when, why and the total after; another tenant gets 404', async () => {
    const pla = (await get('usuario', '/v2/plano-usuario')).json().plano.pla_codigo;
    const res = await get('usuario', `/v2/planos/${pla}/movimentos`);
    expect(res.statusCode).toBe(200);
    const { movimentos, pagination } = res.json();
    expect(pagination).toMatchObject({ offset: 0, limit: 10 });
    expect(movimentos[0]).toMatchObject({
      mov_tipo: 'ajuste',
      mov_creditos: 1000,
      mov_saldo_apos: 1000,
      autor: { nome: 'Administrador Demo' },
    });
    expect(movimentos.at(-1)).toMatchObject({ mov_tipo: 'compra', mov_creditos: 1000, autor: null });
    expect(movimentos[0].mov_data).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await get('pos', `/v2/planos/${pla}/movimentos`)).statusCode).toBe(404);
    expect((await get('usuario', `/v2/planos/${pla}/movimentos?column=mov_data`)).statusCode).toBe(400);
  });

  it("a user reads its own plan's movements, read-only: a manager's adjustment with who and why; no one else's", async () => {
    const own = (await get('usuario', '/v2/plano-usuario')).json().plano.pla_codigo;
    const managers = (await get('gerente', '/v2/plano-usuario')).json().plano.pla_codigo;
    expect((await put('gerente', '/v2/plano', { pla_codigo: own, pla_total_credito: 50, motivo: 'Bônus do gerente' })).statusCode).toBe(
      200,
    );
    const mine = await get('usuario', `/v2/planos/${own}/movimentos`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().movimentos[0]).toMatchObject({
      mov_tipo: 'ajuste',
      mov_creditos: 50,
      mov_motivo: 'Bônus do gerente',
      autor: { nome: 'Gerente Demo' },
    });
    // Each row is the actor's plan's: another user's plan, even its own manager's, answers 404.
    expect((await get('usuario', `/v2/planos/${managers}/movimentos`)).statusCode).toBe(404);
    // Reading is all: a user changes no credits, not even its own.
    expect((await put('usuario', '/v2/plano', { pla_codigo: own, pla_total_credito: 10 })).statusCode).not.toBe(200);
    expect((await put('gerente', '/v2/plano', { pla_codigo: own, pla_total_credito: -50, motivo: 'Desfeito' })).statusCode).toBe(200);
  });

  it('refuses bad input with a Portuguese message and changes nothing', async () => {
    const pla = (await get('usuario', '/v2/plano-usuario')).json().plano.pla_codigo;
    for (const payload of [
      { pla_codigo: pla, pla_total_credito: 0 },
      { pla_codigo: pla },
      { pla_codigo: pla, pla_total_credito: 'abc' },
      { pla_codigo: pla, pla_total_credito: 1.5 },
    ]) {
      const res = await put('admin', '/v2/plano', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PLAN_MSG.amountRequired);
    }
    expect((await put('admin', '/v2/plano', { pla_codigo: pla, pla_total_credito: 2_000_000 })).json().message).toBe(
      PLAN_MSG.amountTooLarge,
    );
    const tooBigId = await put('admin', '/v2/plano', { pla_codigo: 99_999_999_999, pla_total_credito: 1 });
    expect(tooBigId.statusCode).toBe(400);
    expect(tooBigId.json().message).toBe('Plano inválido.');
    expect((await get('admin', '/v2/plano?codigo=99999999999&tipo=1')).statusCode).toBe(400);
    expect((await get('admin', '/v2/planos?limit=abc')).statusCode).toBe(400);
    expect((await get('usuario', '/v2/plano')).json().total).toBe(1000);
  });

  it('a user cannot change credits; a manager not its own plan; a postpaid plan has no credits to add', async () => {
    const own = (await get('usuario', '/v2/plano-usuario')).json().plano.pla_codigo;
    expect((await put('usuario', '/v2/plano', { pla_codigo: own, pla_total_credito: 10 })).statusCode).toBe(403);
    const gerentePlan = (await get('gerente', '/v2/plano-usuario')).json().plano.pla_codigo;
    expect((await put('gerente', '/v2/plano', { pla_codigo: gerentePlan, pla_total_credito: 10 })).statusCode).toBe(403);
    const posPlan = (await get('pos', '/v2/plano-usuario')).json().plano.pla_codigo;
    const res = await put('admin', '/v2/plano', { pla_codigo: posPlan, pla_total_credito: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PLAN_MSG.postpaidAdjust);
    expect((await put('admin', '/v2/plano', { pla_codigo: 99999999, pla_total_credito: 10 })).statusCode).toBe(404);
  });
});

describe('plan list and activation', () => {
  it('lists 25 a page with the pagination object and sorts by an allowed column only', async () => {
    const res = await get('admin', '/v2/planos');
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination).toMatchObject({ offset: 0, limit: 25 });
    const byName = await get('admin', '/v2/planos?column=nome&order=DESC');
    const names = byName.json().planos.map((p: { usuario: { nome: string } }) => p.usuario.nome);
    expect(names).toEqual([...names].sort((a: string, b: string) => b.localeCompare(a, 'pt-BR')));
    expect((await get('admin', '/v2/planos?column=usu_senha')).statusCode).toBe(400);
    const search = await get('admin', '/v2/planos?searchTerm=Pós');
    expect(search.json().planos.map((p: { usuario: { nome: string } }) => p.usuario.nome)).toEqual(['Demo Pós-pago']);
  });

  it('toggles active and inactive; a user may not', async () => {
    const pla = (await get('usuario', '/v2/plano-usuario')).json().plano.pla_codigo;
    expect((await put('usuario', `/v2/planos/${pla}/status`, { pla_ativo: 0 })).statusCode).toBe(403);
    let res = await put('gerente', `/v2/planos/${pla}/status`, { pla_ativo: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: PLAN_MSG.deactivated, plano: { pla_ativo: 0 } });
    expect((await get('usuario', '/v2/plano')).json().ativo).toBe(false);
    expect((await put('gerente', `/v2/planos/${pla}/status`, { pla_ativo: 7 })).statusCode).toBe(400);
    res = await put('gerente', `/v2/planos/${pla}/status`, { pla_ativo: 1 });
    expect(res.json().message).toBe(PLAN_MSG.activated);
    expect((await put('gerente', '/v2/planos/abc/status', { pla_ativo: 1 })).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    for (const url of ['/v2/plano', '/v2/plano-usuario', '/v2/planos', '/v2/historico-plano/1']) {
      expect((await app.t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
