import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTEGRATION_MSG } from '@ar/core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notFoundForOthers, useTestApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/smtp-sink.ts';

/**
 * Outgoing webhooks (docs/integrations.md): a send's status events reach the endpoint signed as
 * Standard Webhooks says (checked by the `standardwebhooks` library itself), a refused delivery is
 * tried again with the same webhook-id and both attempts are in the log, and only the owner
 * reaches its endpoints.
 */
interface Received {
  headers: Record<string, string>;
  body: string;
}

/** An HTTP receiver on loopback: answers each POST with the next status of `answers` (the last one repeats). */
async function startReceiver(answers: number[]) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.statusCode = answers[Math.min(received.length - 1, answers.length - 1)] ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ar-online`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const EMAIL = {
  destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana' }],
  nameFrom: 'Cobranca Demo',
  subject: 'Notificação',
  content: '<p>Prezada Ana, segue a notificação.</p>',
  identificacao: 'Contrato 42',
};

describe('outgoing webhooks', () => {
  const t = useTestApp({}, { startQueue: true });
  const as = t.signIns({ ana: 'usuario@demo.local', gerente: 'gerente@demo.local' });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    // The first delivery is refused; every later one accepted.
    receiver = await startReceiver([500, 200]);
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('posts every status of a send, signed so that standardwebhooks verifies it, and retries a refusal with the same webhook-id', async () => {
    const created = await t.call('POST', '/integracoes/webhooks', as.ana, { url: receiver.url });
    expect(created.statusCode).toBe(201);
    const hook = created.json();
    expect(hook.segredo).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(hook).toMatchObject({ url: receiver.url, eventos: ['mensagem.status'], ativo: true });
    expect((await t.call('GET', '/integracoes/webhooks', as.ana)).body).not.toContain(hook.segredo);

    const { token } = (await t.call('POST', '/integracoes/chaves', as.ana, { nome: 'ERP' })).json();
    const sent = await t.send(token, EMAIL);
    expect(sent.statusCode).toBe(200);
    const { ema_uni_codigo: codigo, ema_uni_id: protocolo } = sent.json().emails[0];

    // processed and send, the first of them refused once and tried again 5 s later.
    await waitFor(
      () => receiver.received,
      (r) => r.length >= 3,
      30_000,
    );
    const verifier = new Webhook(hook.segredo);
    const payloads = receiver.received.map((r) => ({ id: r.headers['webhook-id'], payload: verifier.verify(r.body, r.headers) as never }));
    const first = payloads[0] as { id: string; payload: { data: Record<string, unknown> } };
    const retried = payloads.slice(1).filter((p) => p.id === first.id);
    expect(retried).toHaveLength(1);
    expect(retried[0]?.payload).toEqual(first.payload);
    const statuses = new Set(payloads.map((p) => (p.payload as { data: { status: string } }).data.status));
    expect(statuses).toEqual(new Set(['processed', 'send']));

    const event = await t.ctx.db
      .selectFrom('email_eventos')
      .select(['evt_seq', 'evt_hash', 'evt_data'])
      .where('cod_email', '=', codigo)
      .where('evt_tipo', '=', 'send')
      .executeTakeFirstOrThrow();
    const sendPayload = payloads.find((p) => (p.payload as { data: { status: string } }).data.status === 'send')?.payload;
    expect(sendPayload).toEqual({
      type: 'mensagem.status',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        protocolo,
        codigo,
        identificacao: 'Contrato 42',
        canal: 'email',
        destinatario: 'ana@cliente.test',
        status: 'send',
        ocorridoEm: new Date(event.evt_data).toISOString(),
        evento: { sequencia: event.evt_seq, hash: event.evt_hash },
      },
    });
    // A tampered body fails the library's check.
    expect(() => verifier.verify(receiver.received[0]?.body.replace('email', 'sms') ?? '', receiver.received[0]?.headers ?? {})).toThrow();

    // The log: the refused delivery has both attempts, with its status, duration and next try.
    // The receiver has the retry; its record commits just after the answer.
    const log = await waitFor(
      async () => (await t.call('GET', `/integracoes/webhooks/${hook.id}/entregas`, as.ana)).json(),
      (l) => l.entregas.length === 2 && l.entregas.every((e: { situacao: string }) => e.situacao === 'entregue'),
    );
    expect(log.pagination.rowCount).toBe(2);
    const twice = log.entregas.find((e: { webhookId: string }) => e.webhookId === first.id);
    expect(twice.situacao).toBe('entregue');
    expect(twice.tentativas.map((a: { status: number }) => a.status)).toEqual([500, 200]);
    expect(twice.tentativas[0].proximaTentativa).not.toBeNull();
    const gap = Date.parse(twice.tentativas[0].proximaTentativa) - Date.parse(twice.tentativas[0].em);
    expect(gap).toBe(5000);
    expect(twice.tentativas[1].proximaTentativa).toBeNull();
    expect(twice.tentativas.every((a: { duracaoMs: number }) => a.duracaoMs >= 0)).toBe(true);

    // A resend goes again with the same webhook-id.
    const before = receiver.received.length;
    const resent = await t.call('POST', `/integracoes/webhooks/${hook.id}/entregas/${twice.id}/reenviar`, as.ana);
    expect([resent.statusCode, resent.json().message]).toEqual([200, INTEGRATION_MSG.webhookResent]);
    await waitFor(
      () => receiver.received.length,
      (n) => n > before,
    );
    expect(receiver.received.at(-1)?.headers['webhook-id']).toBe(first.id);
  }, 60_000);

  it("reaches only its owner's endpoints and their deliveries", async () => {
    const hook = (await t.call('POST', '/integracoes/webhooks', as.ana, { url: receiver.url })).json();
    const leaks = await notFoundForOthers(t, as.gerente, [
      ['GET', `/integracoes/webhooks/${hook.id}/entregas`],
      ['POST', `/integracoes/webhooks/${hook.id}/entregas/1/reenviar`],
      ['DELETE', `/integracoes/webhooks/${hook.id}`],
    ]);
    expect(leaks).toEqual([]);
    expect((await t.call('GET', '/integracoes/webhooks', as.gerente)).json().webhooks).toEqual([]);
    expect((await t.call('DELETE', `/integracoes/webhooks/${hook.id}`, as.ana)).statusCode).toBe(200);
  });

  it('refuses an event it does not know and a URL that is not http(s)', async () => {
    const ftp = await t.call('POST', '/integracoes/webhooks', as.ana, { url: 'ftp://exemplo.com.br/x' });
    expect([ftp.statusCode, ftp.json().message]).toEqual([400, INTEGRATION_MSG.webhookUrlInvalid]);
    const event = await t.call('POST', '/integracoes/webhooks', as.ana, { url: receiver.url, eventos: ['mensagem.apagada'] });
    expect([event.statusCode, event.json().message]).toEqual([400, INTEGRATION_MSG.webhookEventInvalid]);
  });
});
