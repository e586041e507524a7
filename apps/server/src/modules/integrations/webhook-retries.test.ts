import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTEGRATION_MSG, WEBHOOK_DISABLED_KIND } from '@ar/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { isPublicAddress, postJson } from './url-guard.ts';
import { attemptDelivery, RETRY_SCHEDULE_SECONDS } from './webhook-delivery.ts';

/**
 * The retry schedule on a clock of the test's own (Standard Webhooks' 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h, then failed), an endpoint failing for 5 days disabled and its owner told, and the
 * refusal of private addresses at registration and at connect time (docs/integrations.md).
 */
describe('webhook retries and disabling', () => {
  const t = useTestApp({}, { startQueue: true, startWorkers: false });
  let server: http.Server;
  let url = '';
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits++;
      req.resume();
      res.statusCode = 503;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function newDelivery(login: string, evt: number) {
    const user = await t.ctx.db.selectFrom('usuarios').select('usu_codigo').where('usu_login', '=', login).executeTakeFirstOrThrow();
    const hook = await t.ctx.db
      .insertInto('webhooks')
      .values({
        cod_usu: user.usu_codigo,
        whk_url: url,
        whk_eventos: ['mensagem.status'],
        whk_segredo: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      })
      .returning('whk_codigo')
      .executeTakeFirstOrThrow();
    const delivery = await t.ctx.db
      .insertInto('webhook_entregas')
      .values({
        cod_webhook: hook.whk_codigo,
        evt_codigo: evt,
        ent_msg_id: `msg_teste${evt}`,
        ent_tipo: 'mensagem.status',
        ent_corpo: '{"type":"mensagem.status"}',
      })
      .returning('ent_codigo')
      .executeTakeFirstOrThrow();
    return { webhook: hook.whk_codigo, delivery: String(delivery.ent_codigo) };
  }

  it('tries again after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then marks the delivery failed', async () => {
    const { delivery } = await newDelivery('usuario@demo.local', 900_001);
    let clock = new Date('2026-12-01T12:00:00Z');
    for (let i = 0; i < 8; i++) {
      await attemptDelivery(t.ctx, delivery, clock);
      const row = await t.ctx.db
        .selectFrom('webhook_entregas')
        .select(['ent_proxima'])
        .where('ent_codigo', '=', delivery)
        .executeTakeFirstOrThrow();
      if (row.ent_proxima) clock = new Date(row.ent_proxima);
    }
    const attempts = await t.ctx.db
      .selectFrom('webhook_tentativas')
      .select(['ten_data', 'ten_proxima', 'ten_status'])
      .where('cod_entrega', '=', Number(delivery))
      .orderBy('ten_codigo')
      .execute();
    expect(attempts.map((a) => a.ten_status)).toEqual(Array(8).fill(503));
    const waits = attempts.map((a) => (a.ten_proxima ? (new Date(a.ten_proxima).getTime() - new Date(a.ten_data).getTime()) / 1000 : null));
    expect(waits).toEqual([...RETRY_SCHEDULE_SECONDS, null]);
    expect(waits.slice(0, 7)).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    const row = await t.ctx.db
      .selectFrom('webhook_entregas')
      .select(['ent_situacao', 'ent_tentativas'])
      .where('ent_codigo', '=', delivery)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ ent_situacao: 'falhou', ent_tentativas: 8 });
    // A failed delivery is not tried again by a late job.
    const before = hits;
    await attemptDelivery(t.ctx, delivery, new Date(clock.getTime() + 3600_000));
    expect(hits).toBe(before);
  });

  it('disables an endpoint that has failed for 5 days and tells its owner', async () => {
    const { webhook, delivery } = await newDelivery('gerente@demo.local', 900_002);
    const start = new Date('2026-12-01T00:00:00Z');
    await attemptDelivery(t.ctx, delivery, start);
    await attemptDelivery(t.ctx, delivery, new Date(start.getTime() + 4 * 86_400_000));
    let hook = await t.ctx.db
      .selectFrom('webhooks')
      .select(['whk_ativo', 'whk_falhando_desde'])
      .where('whk_codigo', '=', webhook)
      .executeTakeFirstOrThrow();
    expect(hook.whk_ativo).toBe(true);
    expect(new Date(hook.whk_falhando_desde as Date).toISOString()).toBe(start.toISOString());
    await attemptDelivery(t.ctx, delivery, new Date(start.getTime() + 5 * 86_400_000));
    hook = await t.ctx.db
      .selectFrom('webhooks')
      .select(['whk_ativo', 'whk_falhando_desde'])
      .where('whk_codigo', '=', webhook)
      .executeTakeFirstOrThrow();
    expect(hook.whk_ativo).toBe(false);
    const mail = (await t.mailbox()).find((m) => m.cai_subject === INTEGRATION_MSG.webhookDisabledSubject);
    expect(mail?.cai_to).toBe('gerente@demo.local');
    expect(mail?.cai_text).toContain(url);
    const note = await t.ctx.db
      .selectFrom('notificacoes')
      .select(['not_tipo', 'not_texto'])
      .where('not_tipo', '=', WEBHOOK_DISABLED_KIND)
      .execute();
    expect(note).toEqual([{ not_tipo: WEBHOOK_DISABLED_KIND, not_texto: expect.stringContaining(url) }]);
    // A disabled endpoint gets nothing more.
    const before = hits;
    await t.ctx.db.updateTable('webhook_entregas').set({ ent_situacao: 'pendente' }).where('ent_codigo', '=', delivery).execute();
    await attemptDelivery(t.ctx, delivery, new Date(start.getTime() + 6 * 86_400_000));
    expect(hits).toBe(before);
  });
});

describe('webhook URLs on private addresses (WEBHOOK_ALLOW_PRIVATE=false)', () => {
  const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE: 'false' });
  const as = t.signIns({ ana: 'usuario@demo.local' });

  it('refuses loopback, private, link-local, metadata and mapped addresses with 422, creating nothing', async () => {
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://localhost/x',
      'http://10.1.2.3/x',
      'http://192.168.0.10/x',
      'http://172.16.0.1/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.100.100.200/',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://[fd00:ec2::254]/',
      'http://0.0.0.0/',
    ]) {
      const res = await t.call('POST', '/integracoes/webhooks', as.ana, { url });
      expect([url, res.statusCode, res.json().message]).toEqual([url, 422, INTEGRATION_MSG.webhookUrlPrivate]);
    }
    expect((await t.call('GET', '/integracoes/webhooks', as.ana)).json().webhooks).toEqual([]);
    expect(t.config.webhookAllowPrivate).toBe(false);
  });

  it('checks the address again when it connects: a name that now points to loopback is refused', async () => {
    const server = http.createServer((_req, res) => res.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      // 'localhost' stands for a public name rebound to 127.0.0.1 after the registration's check.
      const refused = await postJson(`http://localhost:${port}/`, {}, '{}', { timeoutMs: 2000, allowPrivate: false });
      expect(refused).toMatchObject({ status: null, error: 'endereço recusado (rede privada ou local)' });
      const allowed = await postJson(`http://localhost:${port}/`, {}, '{}', { timeoutMs: 2000, allowPrivate: true });
      expect(allowed.status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(['8.8.8.8', '200.147.67.142', '2001:4860:4860::8888'].every(isPublicAddress)).toBe(true);
  });
});
