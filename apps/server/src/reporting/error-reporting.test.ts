import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSentry } from '../../test/fake-sentry.ts';
import { bearer, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { waitFor } from '../../test/smtp-sink.ts';
import { startErrorReporting, stopErrorReporting } from './error-reporting.ts';

/**
 * Error reporting (docs/error-reporting.md) against a stand-in for Sentry's ingest speaking its
 * envelope protocol: a route's unexpected failure and a job's arrive with where they happened and
 * the request id, and without the user's token, password or any e-mail address.
 */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

describe('error reporting to a Sentry-compatible ingest', () => {
  let ingest: Awaited<ReturnType<typeof startFakeSentry>>;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    ingest = await startFakeSentry();
    t = await createTestApp({ SENTRY_DSN: ingest.dsn, SENTRY_ENVIRONMENT: 'teste' }, { startQueue: true });
    expect(await startErrorReporting(t.config)).toBe(true);
    token = await t.login('usuario@demo.local');
  }, 60_000);

  afterAll(async () => {
    await stopErrorReporting();
    await t?.close();
    await ingest?.close();
  });

  it('reports a route that fails (a table renamed under it) with the route, the request id and the user, nothing secret', async () => {
    const { usu_codigo } = await t.ctx.db
      .selectFrom('usuarios')
      .select('usu_codigo')
      .where('usu_login', '=', 'usuario@demo.local')
      .executeTakeFirstOrThrow();
    await sql`ALTER TABLE etiquetas RENAME TO etiquetas_renomeada`.execute(t.ctx.db);
    let res: Awaited<ReturnType<TestApp['app']['inject']>>;
    try {
      // A search term with an address: the report names the route's pattern, never the URL.
      res = await t.app.inject({
        method: 'GET',
        url: '/v2/etiquetas?searchTerm=ana%40cliente.test',
        headers: { ...bearer(token), cookie: `ar_sessao=${token}` },
      });
    } finally {
      await sql`ALTER TABLE etiquetas_renomeada RENAME TO etiquetas`.execute(t.ctx.db);
    }
    expect(res.statusCode).toBe(500);
    const { requestId } = res.json() as { requestId: string };
    const [event] = await waitFor(
      () => ingest.events().filter((e) => (e.tags as Record<string, string>)?.request_id === requestId),
      (list) => list.length > 0,
    );
    expect(event).toMatchObject({
      level: 'error',
      environment: 'teste',
      release: expect.stringMatching(/^ar-online@\d+\.\d+\.\d+/),
      tags: { where: 'rota', route: 'GET /v2/etiquetas', request_id: requestId, 'http.status_code': '500', 'user.level': '1' },
      user: { id: String(usu_codigo) },
    });
    const exception = (event?.exception as { values: { type: string; value: string }[] } | undefined)?.values.at(-1);
    expect(exception?.value).toMatch(/etiquetas/);
    const raw = ingest.envelopes.map((e) => e.raw).join('\n');
    expect(raw).not.toContain(token);
    expect(raw).not.toContain(DEMO_PASSWORD);
    expect(raw).not.toMatch(EMAIL);
    expect(ingest.envelopes[0]?.key).toBe('chavepublica');
  });

  it('does not report an expected answer (404, 400)', async () => {
    const before = ingest.events().length;
    expect((await t.app.inject({ method: 'GET', url: '/v2/etiquetas/999999', headers: bearer(token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/v2/etiquetas', headers: bearer(token), payload: {} })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/v2/login', payload: { username: 'usuario@demo.local', password: 'errada' } }))
        .statusCode,
    ).toBe(401);
    await new Promise((r) => setTimeout(r, 300));
    expect(ingest.events().length).toBe(before);
  });

  it('reports a queue job that throws, with the queue and the job id', async () => {
    const boss = t.ctx.boss;
    if (!boss) throw new Error('the queue is not running');
    await boss.createQueue('teste-relato-de-erro', { retryLimit: 0 });
    await boss.work('teste-relato-de-erro', { pollingIntervalSeconds: 0.5 }, async () => {
      throw new Error('o destinatário ana@cliente.test recusou');
    });
    const jobId = await boss.send('teste-relato-de-erro', { cod_email: 1 });
    const [event] = await waitFor(
      () => ingest.events().filter((e) => (e.tags as Record<string, string>)?.queue === 'teste-relato-de-erro'),
      (list) => list.length > 0,
    );
    expect(event).toMatchObject({ tags: { where: 'fila', job_id: jobId } });
    const exception = (event?.exception as { values: { value: string }[] } | undefined)?.values.at(-1);
    expect(exception?.value).toBe('o destinatário [e-mail] recusou');
  }, 30_000);
});
