import { CHANNELS, STATUS_TYPES } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { useSinkApp, useTestApp } from '../../test/harness.ts';
import { waitFor } from '../../test/smtp-sink.ts';

// GET /metrics, /healthz and /readyz on an app with its queue and workers, sending to a real SMTP
// sink (docs/operations.md). The drain's own test, with a real process and SIGTERM, is graceful-stop.test.ts.

const TOKEN = 'token-de-metricas-de-teste-0123456789';
const { app, sink } = useSinkApp({ startQueue: true, startWorkers: true }, { METRICS_TOKEN: TOKEN });

const scrape = (authorization?: string) =>
  app.t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** Every sample line of the text format: its name, its labels and its value. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k as string] = v as string;
      return { name: m[1] as string, labels, value: Number(m[3]) };
    });
}

const sampleSum = (text: string, name: string, labels: Record<string, string>) =>
  samples(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe('GET /metrics', () => {
  it('answers 401 without the bearer token or with another, and the text format with it', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(`Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`)).statusCode).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // The default process metrics.
    for (const name of [
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(ok.body).toContain(`\n${name}`);
    expect(ok.body).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });

  it('counts the sends by channel and status, the SMTP calls, the stamps and the queue, with no id, address or number in a label', async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    const token = await app.t.login('admin@demo.local');
    const res = await app.call('POST', '/emails/send', token, {
      destinataires: Array.from({ length: 5 }, (_, i) => ({
        to: `metricas${i}@cliente.test`,
        nameTo: `Cliente ${i}`,
        celular: '11987654321',
      })),
      nameFrom: 'Admin Demo',
      subject: 'Métricas',
      content: '<p>Olá</p>',
    });
    expect(res.statusCode).toBe(200);
    await waitFor(
      () => sink.messages.length,
      (n) => n >= 5,
    );
    // Some requests with ids and addresses in their paths: their route label is the template, or the one for no route.
    const { emails } = (await app.call('GET', '/emails/send?limit=5', token)).json() as {
      emails: { uuid?: string; ema_uni_id?: string }[];
    };
    expect(emails.length).toBeGreaterThan(0);
    await app.call('GET', '/emails/info/public/5b0c8f2e-2d7a-4c61-9a8e-3f4b6d1e7a90');
    await app.call('GET', '/usuarios/check-email?email=metricas0%40cliente.test');
    await app.t.app.inject({ method: 'GET', url: '/qualquer/metricas0@cliente.test/12345' });
    await app.call('GET', '/nao-existe/98765');

    const after = await waitFor(
      async () => (await scrape(`Bearer ${TOKEN}`)).body,
      (text) =>
        sampleSum(text, 'ar_messages_total', { channel: 'email', status: 'send' }) -
          sampleSum(before, 'ar_messages_total', { channel: 'email', status: 'send' }) >=
        5,
    );
    const moved = (name: string, labels: Record<string, string>) => sampleSum(after, name, labels) - sampleSum(before, name, labels);
    expect(moved('ar_messages_total', { channel: 'email', status: 'processed' })).toBe(5);
    expect(moved('ar_messages_total', { channel: 'email', status: 'send' })).toBe(5);
    expect(moved('ar_provider_request_duration_seconds_count', { provider: 'smtp', operation: 'message' })).toBe(5);
    expect(moved('http_request_duration_seconds_count', { method: 'POST', route: '/v2/emails/send', status_code: '200' })).toBe(1);
    expect(moved('http_request_duration_seconds_count', { method: 'GET', route: '/v2/emails/info/public/:uuid' })).toBe(1);
    expect(moved('http_request_duration_seconds_count', { method: 'GET', route: '(sem rota)', status_code: '404' })).toBe(2);
    // The events' stamps (the built-in TSA, in process).
    const stamped = await waitFor(
      async () => (await scrape(`Bearer ${TOKEN}`)).body,
      (text) => sampleSum(text, 'ar_timestamp_request_duration_seconds_count', { tsa: 'builtin' }) >= 10,
    );
    expect(sampleSum(stamped, 'ar_timestamp_failures_total', { tsa: 'builtin' })).toBe(0);
    // The queue, read at the scrape: every queue the product made, by state.
    const queue = samples(stamped).filter((s) => s.name === 'ar_queue_jobs');
    expect(queue.some((s) => s.labels.queue === 'email-send' && s.labels.state === 'ready')).toBe(true);
    expect(new Set(queue.map((s) => s.labels.state))).toEqual(new Set(['ready', 'deferred', 'active', 'failed']));

    // No label carries an id, an address, an e-mail or a phone number; channels and statuses are the product's own lists.
    const all = samples(stamped);
    const values = all.flatMap((s) => Object.values(s.labels));
    expect(values.filter((v) => /@|[0-9a-f]{8}-[0-9a-f]{4}-|\d{5,}|cliente/i.test(v))).toEqual([]);
    for (const s of all.filter((s) => s.labels.route)) expect(s.labels.route).not.toMatch(/\/\d+(\/|$)/);
    for (const s of all.filter((s) => s.name === 'ar_messages_total')) {
      expect(CHANNELS).toContain(s.labels.channel);
      expect(STATUS_TYPES).toContain(s.labels.status);
    }
    // The only labels of the product's own metrics.
    const allowed = new Set([
      'method',
      'route',
      'status_code',
      'channel',
      'status',
      'provider',
      'operation',
      'tsa',
      'queue',
      'state',
      'le',
    ]);
    for (const s of all.filter((s) => /^(ar_|http_)/.test(s.name))) for (const k of Object.keys(s.labels)) expect(allowed).toContain(k);
  });
});

describe('GET /healthz and GET /readyz', () => {
  it('healthz answers without the database; readyz names each check and answers 200', async () => {
    const live = await app.t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', checks: { processo: { status: 'ok', ms: 0 } } });
    const ready = await app.t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const body = ready.json() as { status: string; checks: Record<string, { status: string }> };
    expect(body.status).toBe('ok');
    expect(Object.keys(body.checks).sort()).toEqual(['banco', 'encerramento', 'fila', 'migracoes', 'tsa']);
    expect(Object.values(body.checks).every((c) => c.status === 'ok')).toBe(true);
    expect(ready.headers['cache-control']).toBe('no-store');
    // The CSP and the other headers of every answer are there too; the SPA fallback never answers these paths.
    expect(ready.headers['x-content-type-options']).toBe('nosniff');
  });

  it('readyz answers 503 naming the migration that is missing', async () => {
    await app.t.ctx.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '0041-documentos-validar' as never)
      .execute();
    try {
      const ready = await app.t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      const body = ready.json() as { falhas: string[]; checks: Record<string, { status: string; erro?: string }> };
      expect(body.falhas).toEqual(['migracoes']);
      expect(body.checks.migracoes?.erro).toContain('0041-documentos-validar');
    } finally {
      await app.t.ctx.db
        .insertInto('kysely_migration' as never)
        .values({ name: '0041-documentos-validar', timestamp: new Date().toISOString() } as never)
        .execute();
    }
  });

  it('while the process drains: readyz 503 naming it, healthz 200, any other request 503', async () => {
    app.t.ctx.lifecycle?.startDraining();
    const ready = await app.t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect((ready.json() as { falhas: string[] }).falhas).toEqual(['encerramento']);
    expect((await app.t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const refused = await app.call('GET', '/status-connectivity');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(refused.json()).toEqual({ message: 'O servidor está sendo reiniciado. Tente novamente em instantes.' });
  });
});

describe('without METRICS_TOKEN', () => {
  const plain = useTestApp();
  it('GET /metrics answers 404, as an unknown path, token or not', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await plain.t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Recurso não encontrado.' });
    }
  });

  it('readyz names the queue when this process has none', async () => {
    const ready = await plain.t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect((ready.json() as { falhas: string[] }).falhas).toEqual(['fila']);
  });
});
