import { INTEGRATION_MSG } from '@ar/core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';

/**
 * Idempotency-Key on the creating POSTs (docs/integrations.md), Stripe's semantics: the same key and
 * body replay the first answer and create nothing; another body is 422; a key still running is
 * 409; several requests at once create one message.
 */
const email = (to: string) => ({
  destinataires: [{ to, nameTo: 'Ana' }],
  nameFrom: 'Cobranca Demo',
  subject: 'Notificação',
  content: '<p>Prezada Ana, segue a notificação.</p>',
});

describe('Idempotency-Key', () => {
  const t = useTestApp({}, { startQueue: true, startWorkers: false });
  let token = '';
  const count = async (to: string) =>
    (await t.ctx.db.selectFrom('emails').select(sql<number>`count(*)::int`.as('n')).where('ema_uni_to', '=', to).executeTakeFirstOrThrow())
      .n;
  const send = (key: string | undefined, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/v2/emails/send',
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as never,
    });

  it('replays the first answer for the same key and body, creating nothing more', async () => {
    token = (await t.call('POST', '/integracoes/chaves', await t.as('usuario@demo.local'), { nome: 'ERP' })).json().token;
    const first = await send('pedido-1', email('um@cliente.test'));
    expect(first.statusCode).toBe(200);
    const again = await send('pedido-1', email('um@cliente.test'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count('um@cliente.test')).toBe(1);
    // The same fields in another order are the same request.
    const { content, ...rest } = email('um@cliente.test');
    expect((await send('pedido-1', { content, ...rest })).statusCode).toBe(200);
    expect(await count('um@cliente.test')).toBe(1);
    // Without a key every request creates.
    await send(undefined, email('um@cliente.test'));
    expect(await count('um@cliente.test')).toBe(2);
  });

  it('answers 422 for the same key with another body, and changes nothing', async () => {
    await send('pedido-2', email('dois@cliente.test'));
    const other = await send('pedido-2', email('outro@cliente.test'));
    expect([other.statusCode, other.json().message]).toEqual([422, INTEGRATION_MSG.idempotencyMismatch]);
    expect(await count('outro@cliente.test')).toBe(0);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const user = await t.ctx.db
      .selectFrom('usuarios')
      .select('usu_codigo')
      .where('usu_login', '=', 'usuario@demo.local')
      .executeTakeFirstOrThrow();
    const body = email('tres@cliente.test');
    // A claim another process holds: the row without an answer yet. Its fingerprint is the request's,
    // learnt from a finished request with another key.
    await send('medir', body);
    const { idm_hash, idm_rota } = await t.ctx.db
      .selectFrom('idempotencia')
      .select(['idm_hash', 'idm_rota'])
      .where('idm_chave', '=', 'medir')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('idempotencia')
      .values({ cod_usu: user.usu_codigo, idm_chave: 'pedido-3', idm_rota, idm_hash, idm_expira: sql<Date>`now() + interval '1 day'` })
      .execute();
    const running = await send('pedido-3', body);
    expect([running.statusCode, running.json().message]).toEqual([409, INTEGRATION_MSG.idempotencyRunning]);
    expect(await count('tres@cliente.test')).toBe(1);
  });

  it('creates one message when the same request arrives several times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => send('pedido-4', email('quatro@cliente.test'))));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    const bodies = new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.body));
    expect(bodies.size).toBe(1);
    expect(await count('quatro@cliente.test')).toBe(1);
  });

  it('stores no answer to a bad input; another user has keys of its own; a key too long is refused', async () => {
    const bad = await send('pedido-5', { ...email('cinco@cliente.test'), subject: '' });
    expect(bad.statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom('idempotencia').select('idm_chave').where('idm_chave', '=', 'pedido-5').execute()).toEqual([]);
    const gerente = await t.as('gerente@demo.local');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/emails/send',
      headers: { ...gerente, 'idempotency-key': 'pedido-1' },
      payload: email('seis@cliente.test'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    const tooLong = await send('x'.repeat(256), email('sete@cliente.test'));
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, INTEGRATION_MSG.idempotencyKeyInvalid]);
  });

  it('covers the bulk proof too: the same request answers the same proof, made once; a refusal is replayed as well', async () => {
    const day = (offset: number) => new Date(Date.now() - 3 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    const headers = { authorization: `Bearer ${token}`, 'idempotency-key': 'lote-semana' };
    const body = { startDate: day(-7), finalDate: day(0) };
    const proofs = async () =>
      (await t.ctx.db.selectFrom('comprovantes').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    const before = await proofs();
    const first = await t.app.inject({ method: 'POST', url: '/v2/reports/proofs', headers, payload: body });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/v2/reports/proofs', headers, payload: body });
    expect(again.json()).toEqual(first.json());
    expect(await proofs()).toBe(before + 1);
    const other = await t.app.inject({ method: 'POST', url: '/v2/reports/proofs', headers, payload: { ...body, startDate: day(-6) } });
    expect([other.statusCode, other.json().message]).toEqual([422, INTEGRATION_MSG.idempotencyMismatch]);
    // The service's own refusal (no message in the period) is the stored answer of its key.
    const empty = { startDate: '2020-01-01', finalDate: '2020-01-31' };
    const none = { authorization: `Bearer ${token}`, 'idempotency-key': 'lote-vazio' };
    const refused = await t.app.inject({ method: 'POST', url: '/v2/reports/proofs', headers: none, payload: empty });
    expect(refused.statusCode).toBe(422);
    const replayed = await t.app.inject({ method: 'POST', url: '/v2/reports/proofs', headers: none, payload: empty });
    expect([replayed.statusCode, replayed.json(), replayed.headers['idempotent-replayed']]).toEqual([422, refused.json(), 'true']);
  });

  it('is described in the OpenAPI document, with the rate limit and the mensagem.status webhook', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v2/docs' })).json();
    const send = doc.paths['/v2/emails/send'].post;
    expect(send.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    expect(Object.keys(send.responses)).toEqual(expect.arrayContaining(['409', '422', '429']));
    expect(Object.keys(send.responses['429'].headers)).toEqual(
      expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
    );
    expect(doc.paths['/v2/emails/send'].get.parameters).not.toContainEqual(expect.objectContaining({ name: 'Idempotency-Key' }));
    const hook = doc.webhooks['mensagem.status'].post;
    expect(hook.parameters.map((p: { name: string }) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    const schema = hook.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties.data.properties)).toEqual(
      expect.arrayContaining(['protocolo', 'codigo', 'identificacao', 'canal', 'destinatario', 'status', 'ocorridoEm', 'evento']),
    );
    expect(doc.paths['/v2/integracoes/chaves'].post).toBeDefined();
  });
});
