import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../../../test/harness.ts';
import { opensslVerifyToken } from '../../../test/openssl.ts';
import { freePort } from '../../../test/processes.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { recordEvent } from '../emails/events.ts';
import { presentStampValidation } from './evidence.presenter.ts';
import { checkEvidence, validateStamp } from './evidence.service.ts';
import { startEvidenceWorkers } from './stamp.worker.ts';
import { type BuiltinTsa, loadBuiltinTsa } from './tsa/builtin-tsa.ts';

/** An outside TSA (TSA_URL): another installation's built-in TSA, behind a plain HTTP server. */
let outside: BuiltinTsa;
let outsideDir: string;
let port: number;
let server: http.Server | null = null;
let t: TestApp;
/** Requests the outside TSA has received, and whether it refuses every second one (HTTP 503). */
let requests = 0;
let refuseEverySecond = false;

function startOutsideTsa(): Promise<void> {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    requests++;
    if (refuseEverySecond && requests % 2 === 0) {
      res.writeHead(503).end();
      return;
    }
    const answer = await outside.respond(new Uint8Array(Buffer.concat(chunks)));
    res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(Buffer.from(answer));
  });
  return new Promise((r) => server?.listen(port, '127.0.0.1', () => r()));
}

// The outside TSA's address and certificate exist first: the app reads them from this object when useTestApp's hook makes it.
const env: Record<string, string> = {};
beforeAll(async () => {
  outsideDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-outside-tsa-'));
  outside = await loadBuiltinTsa(outsideDir);
  port = await freePort();
  Object.assign(env, { TSA_URL: `http://127.0.0.1:${port}/tsa`, TSA_CA_FILE: path.join(outsideDir, 'tsa', 'tsa.pem') });
});
afterAll(async () => {
  await new Promise((r) => (server ? server.close(r) : r(null)));
  await fs.rm(outsideDir, { recursive: true, force: true });
});
const app = useTestApp(env, { startQueue: true, startWorkers: false });
beforeAll(async () => {
  t = app.t;
  await startEvidenceWorkers(t.ctx, { retryDelay: 1, retryDelayMax: 2, pollingIntervalSeconds: 0.5 });
});

const countOf = async (table: 'email_carimbos' | 'email_eventos') =>
  Number(
    (
      await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const stampCount = () => countOf('email_carimbos');
const eventCount = () => countOf('email_eventos');

/** A send to two recipients (two messages, their 'processed' events queued for stamps in one job); answers their codes. */
async function sendToTwo(names: [string, string], subject: string): Promise<number[]> {
  const token = await t.login('usuario@demo.local');
  const res = await t.send(token, {
    destinataires: names.map((name) => ({ to: `${name.toLowerCase()}@cliente.test`, nameTo: name })),
    nameFrom: 'Cobranca Demo',
    subject,
    content: '<p>Prezados</p>',
  });
  expect(res.statusCode).toBe(200);
  return (res.json().emails as { ema_uni_codigo: number }[]).map((e) => e.ema_uni_codigo);
}

describe('a TSA that is down', () => {
  it('leaves events unstamped, and every one is stamped once it is back', async () => {
    const [first] = await sendToTwo(['Ana', 'Bruno'], 'Notificação');
    await recordEvent(t.ctx.db, { cod_email: first as number, canal: 'email', tipo: 'read', ip: '177.71.207.1' }, t.ctx.boss);

    // Tries against the closed port (waited for, not slept on: a busy machine may take longer than
    // a few seconds to make one): still nothing stamped, nothing lost, the events are there.
    await waitFor(
      async () => ((await t.ctx.boss?.findJobs('evidence-stamp')) ?? []).filter((j) => j.retryCount > 0).length,
      (n) => n > 0,
      60_000,
    );
    expect(await eventCount()).toBe(3);
    expect(await stampCount()).toBe(0);

    await startOutsideTsa();
    await waitFor(stampCount, (n) => n === 3, 60_000);

    const caPem = await fs.readFile(path.join(outsideDir, 'tsa', 'tsa.pem'), 'utf8');
    const stamps = await t.ctx.db
      .selectFrom('email_carimbos as c')
      .innerJoin('email_eventos as e', 'e.evt_codigo', 'c.evt_codigo')
      .select(['c.car_token', 'c.car_tsa_url', 'c.car_tsa', 'e.evt_hash'])
      .execute();
    for (const s of stamps) {
      expect(s.car_tsa_url).toBe(`http://127.0.0.1:${port}/tsa`);
      expect((await opensslVerifyToken(new Uint8Array(s.car_token), s.evt_hash, caPem)).ok).toBe(true);
      const result = presentStampValidation(await validateStamp(t.ctx, new Uint8Array(s.car_token), s.evt_hash));
      // Trusted through TSA_CA_FILE; not this installation's own built-in TSA.
      expect(result).toMatchObject({ valido: true, tsaEmbutida: false });
    }
    const report = await checkEvidence(t.ctx, first as number);
    expect(report).toMatchObject({ isIntact: true, events: 2 });
    expect(report?.stamps.every((s) => s.isStampValid)).toBe(true);
  }, 120_000);
});

describe('a TSA that fails some requests of a batch', () => {
  it('stores the stamps it got, fails the job, and its retry asks only for the events still unstamped', async () => {
    const before = await stampCount();
    requests = 0;
    refuseEverySecond = true;
    try {
      // Their two 'processed' events are one stamp job, both asked for at once.
      const codes = await sendToTwo(['Carla', 'Davi'], 'Notificação em lote');
      const events = await t.ctx.db.selectFrom('email_eventos').select('evt_codigo').where('cod_email', 'in', codes).execute();
      const ids = events.map((e) => Number(e.evt_codigo));
      const [job] = (await t.ctx.boss?.findJobs('evidence-stamp', { data: { evt_codigos: ids } })) ?? [];
      expect(job).toBeDefined();

      await waitFor(stampCount, (n) => n === before + 2, 60_000);
      // The first try: one token granted (stored), one refused (the job failed); the retry: one request.
      expect(requests).toBe(3);
      const done = await waitFor(
        async () => (await t.ctx.boss?.findJobs('evidence-stamp', { id: job?.id }))?.[0],
        (j) => j?.state === 'completed',
        10_000,
      );
      expect(done?.retryCount).toBe(1);
      const stamped = await t.ctx.db.selectFrom('email_carimbos').select('evt_codigo').where('evt_codigo', 'in', ids).execute();
      expect(stamped.map((s) => Number(s.evt_codigo)).sort()).toEqual([...ids].sort());
    } finally {
      refuseEverySecond = false;
    }
  }, 120_000);
});
