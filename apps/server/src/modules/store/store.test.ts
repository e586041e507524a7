import { PLAN_MSG } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../../test/harness.ts';
import { movementsOf } from '../credits/credits.queries.ts';
import { creditsPerUnit } from './store.order.ts';
import { signWebhook } from './store.signature.ts';

const SECRET = 'segredo-de-teste-da-loja';
const app = useTestApp({ STORE_WEBHOOK_SECRET: SECRET });

function order(over: Record<string, unknown> = {}) {
  return {
    id: 5001,
    number: '5001',
    status: 'completed',
    currency: 'BRL',
    total: '180.00',
    customer_id: 0,
    payment_method: 'boleto',
    payment_method_title: 'Boleto bancário',
    date_created: '2026-11-20T10:00:00',
    date_completed: '2026-11-20T11:00:00',
    date_paid: '2026-11-20T11:00:00',
    billing: { email: 'USUARIO@demo.local', first_name: 'Usu', address_1: 'Rua X' },
    line_items: [
      { name: 'Pacote 100 créditos AR', quantity: 2, price: 90, sku: 'AR-100', meta_data: [] },
      { name: 'Crédito avulso', quantity: 3, price: 1, meta_data: [] },
    ],
    meta_data: [
      { key: '_boleto_url', value: 'https://loja.example/boleto/5001' },
      { key: '_obj', value: { a: 1 } },
    ],
    ...over,
  };
}

function deliver(body: unknown, opts: { secret?: string; signature?: string; topic?: string } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return app.t.app.inject({
    method: 'POST',
    url: '/v2/loja/webhook',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-wc-webhook-topic': opts.topic ?? 'order.updated',
      'x-wc-webhook-resource': 'order',
      'x-wc-webhook-signature': opts.signature ?? signWebhook(raw, opts.secret ?? SECRET),
    },
  });
}

async function usuarioPlan() {
  const token = await app.t.login('usuario@demo.local');
  const res = await app.t.app.inject({ method: 'GET', url: '/v2/plano-usuario', headers: bearer(token) });
  return { token, pla_codigo: res.json().plano.pla_codigo as number, total: res.json().creditos.total as number };
}

describe('POST /v2/loja/webhook', () => {
  it('a bad or missing signature answers 401 and changes nothing', async () => {
    const before = await usuarioPlan();
    for (const res of [
      await deliver(order(), { secret: 'outro-segredo' }),
      await deliver(order(), { signature: '' }),
      await deliver(order(), { signature: 'x'.repeat(44) }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(PLAN_MSG.badSignature);
    }
    // Signed over other bytes than those sent (the body was re-serialised on the way).
    const raw = JSON.stringify(order());
    const res = await app.t.app.inject({
      method: 'POST',
      url: '/v2/loja/webhook',
      payload: JSON.stringify(order(), null, 2),
      headers: { 'content-type': 'application/json', 'x-wc-webhook-signature': signWebhook(raw, SECRET) },
    });
    expect(res.statusCode).toBe(401);
    expect((await usuarioPlan()).total).toBe(before.total);
    expect(await app.t.ctx.db.selectFrom('log_creditos').select('log_codigo').where('log_pedido_id', '=', 5001).execute()).toHaveLength(0);
  });

  it('answers the ping WooCommerce sends when the webhook is saved', async () => {
    const res = await app.t.app.inject({
      method: 'POST',
      url: '/v2/loja/webhook',
      payload: 'webhook_id=12',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-wc-webhook-signature': signWebhook('webhook_id=12', SECRET) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, ping: true });
    const docs = await app.t.app.inject({ method: 'GET', url: '/v2/docs' });
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining(['/v2/loja/webhook', '/v2/planos', '/v2/planos/{id}/status', '/v2/plano', '/v2/historico-plano/{id}']),
    );
  });

  it('a pending order is kept in the history without credits; completion adds them once', async () => {
    const before = await usuarioPlan();
    let res = await deliver(order({ status: 'on-hold', date_completed: null, date_paid: null }), { topic: 'order.created' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ creditos: 0, matched: true });
    expect((await usuarioPlan()).total).toBe(before.total);

    // The completion delivered three times at once (WooCommerce retries): credited exactly once.
    const racing = await Promise.all([deliver(order()), deliver(order()), deliver(order())]);
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(racing.map((r) => r.json().creditos).sort()).toEqual([0, 0, 203]);
    res = await deliver(order());
    expect(res.json()).toMatchObject({ ok: true, creditos: 0 });
    const after = await usuarioPlan();
    expect(after.total).toBe(before.total + 203);
    const ledger = await movementsOf(app.t.ctx.db, after.pla_codigo);
    expect(ledger[0]).toMatchObject({ mov_tipo: 'compra', mov_creditos: 203, mov_saldo_apos: after.total, mov_referencia: 'pedido:5001' });
    expect(ledger.filter((m) => m.mov_referencia === 'pedido:5001')).toHaveLength(1);

    const history = await app.t.app.inject({ method: 'GET', url: `/v2/historico-plano/${after.pla_codigo}`, headers: bearer(after.token) });
    expect(history.statusCode).toBe(200);
    const { historico, pagination } = history.json();
    expect(pagination).toMatchObject({ offset: 0, limit: 10, rowCount: 3 });
    expect(historico[0]).toMatchObject({
      log_quantidade: 203,
      log_creditos: {
        status: 'completed',
        number: '5001',
        payment_method: 'boleto',
        payment_method_title: 'Boleto bancário',
        line_items: [
          { name: 'Pacote 100 créditos AR', price: 90, quantity: 2 },
          { name: 'Crédito avulso', price: 1, quantity: 3 },
        ],
        meta_data: [{ key: '_boleto_url', value: 'https://loja.example/boleto/5001' }],
      },
    });
    expect(historico[0].log_creditado_em).toBeTruthy();
    expect(JSON.stringify(historico[0])).not.toContain('Rua X');
    // Newest first: the demo orders come after.
    expect(historico.map((h: { log_codigo: number }) => h.log_codigo)).toEqual(
      [...historico.map((h: { log_codigo: number }) => h.log_codigo)].sort((a, b) => b - a),
    );
    // Searched by order number or by a product's name (a 500 before: jsonb compared with ILIKE).
    for (const term of ['5001', 'pacote 100']) {
      const found = await app.t.app.inject({
        method: 'GET',
        url: `/v2/historico-plano/${after.pla_codigo}?searchTerm=${encodeURIComponent(term)}`,
        headers: bearer(after.token),
      });
      expect(found.statusCode).toBe(200);
      expect(found.json().historico.map((h: { log_creditos: { number: string } }) => h.log_creditos.number)).toEqual(['5001']);
    }
  });

  it('matches the customer by usu_wooc_id first, and links it when matched by e-mail', async () => {
    const gerente = await app.t.ctx.db
      .selectFrom('usuarios')
      .select(['usu_codigo', 'usu_wooc_id'])
      .where('usu_login', '=', 'gerente@demo.local')
      .executeTakeFirstOrThrow();
    expect(gerente.usu_wooc_id).toBeNull();
    await deliver(order({ id: 6001, number: '6001', customer_id: 77, billing: { email: 'gerente@demo.local' } }));
    const linked = await app.t.ctx.db
      .selectFrom('usuarios')
      .select('usu_wooc_id')
      .where('usu_codigo', '=', gerente.usu_codigo)
      .executeTakeFirstOrThrow();
    expect(linked.usu_wooc_id).toBe(77);
    const res = await deliver(order({ id: 6002, number: '6002', customer_id: 77, billing: { email: 'outro@nao.existe' } }));
    expect(res.json()).toMatchObject({ matched: true, creditos: 203 });
    const log = await app.t.ctx.db.selectFrom('log_creditos').select('cod_usu').where('log_pedido_id', '=', 6002).executeTakeFirstOrThrow();
    expect(log.cod_usu).toBe(gerente.usu_codigo);
  });

  it('an unknown customer or a postpaid one: the order is kept, no credits anywhere', async () => {
    let res = await deliver(order({ id: 7001, billing: { email: 'ninguem@loja.local' } }));
    expect(res.json()).toMatchObject({ matched: false, creditos: 0 });
    res = await deliver(order({ id: 7002, billing: { email: 'pos@demo.local' } }));
    expect(res.json()).toMatchObject({ matched: true, creditos: 0 });
  });

  it('a signed body that is not an order answers 400 and changes nothing', async () => {
    const huge = order({ id: 8001, line_items: [{ name: 'Pacote 1.000.000 créditos', quantity: 100000, price: 1 }] });
    const bigCustomer = order({ id: 8002, customer_id: 99_999_999_999 });
    for (const body of ['{"id":', { id: 'x', status: 'completed' }, { status: 'completed' }, huge, bigCustomer]) {
      const res = await deliver(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Pedido inválido.');
    }
    const res = await deliver({ id: 5001 }, { topic: 'order.deleted' });
    expect(res.json()).toMatchObject({ ok: true, ignored: true });
  });
});

describe('credits of a line item', () => {
  it('reads a creditos meta field, else the number before "créditos", else one per unit', () => {
    const item = (name: string, meta: { key: string; value: unknown }[] = []) => ({ name, quantity: 1, price: 1, meta_data: meta });
    expect(creditsPerUnit(item('Pacote', [{ key: 'creditos', value: '500' }]))).toBe(500);
    expect(creditsPerUnit(item('Pacote 1.000 créditos AR'))).toBe(1000);
    expect(creditsPerUnit(item('Plano 50 creditos'))).toBe(50);
    expect(creditsPerUnit(item('Crédito avulso'))).toBe(1);
  });
});
