// AR-SMS and AR-WhatsApp end to end against AR-Email end to end, on the same server in the same run
// (issue 41): `npm run bench -- phone-send`. One server per database (PostgreSQL, then PGlite) with
// all three channels pointed at fakes in this process that speak the providers' own protocols:
// - e-mail: the benches' SMTP sink (bench/lib.mjs);
// - SMS: a fake Twilio (POST /2010-04-01/Accounts/{sid}/Messages.json, HTTP Basic, form body,
//   answered 201 with a sid), through the product's real Twilio adapter;
// - WhatsApp: a fake Graph API (POST /{version}/{phone-number-id}/messages, Bearer token, a template
//   message as JSON, answered 200 with messages[0].id, a wamid), through the real Meta adapter.
// Each measure: N recipients of one channel only, 10 per POST /v2/emails/send, 5 clients at a time,
// from the first POST to the provider's (or the sink's) acceptance of the last message. The three
// channels alternate, ROUNDS times (BENCH_PHONE_ROUNDS), after a warm-up of each; every phone rate
// is printed with its ratio to the mean e-mail rate of the same server. BENCH_PHONE_PG=0 /
// BENCH_PHONE_PGLITE=0 leave a database out; BENCH_PHONE_MESSAGES sets N (500).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, fmt, settle, signIn, startProduct, startSmtpSink, waitForAll } from './lib.mjs';
import { mobiles, providerEnv, startFakeProviders } from './support/fake-providers.mjs';

const N = Number(process.env.BENCH_PHONE_MESSAGES ?? 500);
const ROUNDS = Number(process.env.BENCH_PHONE_ROUNDS ?? 2);
const PER_REQUEST = 10;
const CLIENTS = 5;
const WARM_UP = 200;
const PORT = Number(process.env.BENCH_PHONE_PORT ?? 3811);
const DB_NAME = process.env.BENCH_PHONE_DB ?? 'ar_bench_phone';

/** Recipients of one channel only, and the key their acceptance is noted under (address or E.164). */
/** Each measure's recipients are new to the SMTP sink and the fakes, which both servers share. */
let prefix = 0;

function recipients(channel, prefix, count) {
  if (channel === 'email')
    return Array.from({ length: count }, (_, i) => {
      const to = `m${prefix}-${i}@bench.test`;
      return { key: to, body: { to, nameTo: `Pessoa ${i}` } };
    });
  return mobiles(prefix, count).map((m) => ({
    key: m.e164,
    body: { to: '', nameTo: 'Pessoa', [channel]: { name: 'Pessoa', mobile: m.typed } },
  }));
}

async function measureServer(label, env, sink, fakes) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-bench-phone-'));
  const app = await startProduct({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_FROM: 'AR Online <nao-responda@bench.test>',
    ...providerEnv(fakes.url),
    ...env,
  });
  try {
    const token = await signIn(app.url, 'pos@demo.local');
    const send = async (batch) => {
      const res = await fetch(`${app.url}/v2/emails/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          destinataires: batch.map((r) => r.body),
          nameFrom: 'Cobranca Bench',
          subject: 'Notificação extrajudicial',
          content: `<p>Prezado(a), segue a notificação referente ao <a href="https://www.exemplo.test/contrato">contrato</a>.</p>${'<p>Texto da notificação com validade jurídica.</p>'.repeat(20)}`,
        }),
      });
      if (!res.ok) throw new Error(`send: ${res.status} ${await res.text()}`);
    };
    const run = async (channel, count) => {
      const all = recipients(channel, ++prefix, count);
      const batches = [];
      for (let i = 0; i < all.length; i += PER_REQUEST) batches.push(all.slice(i, i + PER_REQUEST));
      let next = 0;
      const cpuBefore = app.cpuSeconds();
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < batches.length) await send(batches[next++]);
        }),
      );
      const last = await waitForAll(
        channel === 'email' ? sink : fakes,
        all.map((r) => r.key),
      );
      return {
        rate: count / ((last - started) / 1000),
        serverMs: ((app.cpuSeconds() - cpuBefore) * 1000) / count,
      };
    };
    for (const channel of ['email', 'sms', 'whatsapp']) await run(channel, WARM_UP);
    const results = { email: [], sms: [], whatsapp: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const channel of ['email', 'sms', 'whatsapp']) {
        await settle(app);
        results[channel].push(await run(channel, N));
      }
    }
    return { label, results, peakRssMb: app.peakRssMb() };
  } finally {
    await app.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const sink = await startSmtpSink();
const fakes = await startFakeProviders();
try {
  const servers = [];
  if (process.env.BENCH_PHONE_PG !== '0')
    servers.push(['PostgreSQL', async () => ({ DATABASE_URL: await benchDatabase(DB_NAME, { fresh: true }) })]);
  if (process.env.BENCH_PHONE_PGLITE !== '0') servers.push(['PGlite (embedded)', async () => ({})]);
  const outcomes = [];
  for (const [label, env] of servers) outcomes.push(await measureServer(label, await env(), sink, fakes));
  console.log(
    `\nphone channels end to end: ${N} single-channel recipients a measure, ${PER_REQUEST} per POST, ${CLIENTS} clients, ${ROUNDS} rounds of e-mail, SMS, WhatsApp alternated on one server; from the first POST to the acceptance of the last (SMTP sink, fake Twilio, fake Graph API); ratio to the mean e-mail rate of the same server`,
  );
  console.log(
    'database | channel | messages/s per round | mean | ratio to e-mail (per round) | server CPU ms a message (all its threads; PostgreSQL not counted: it may serve other databases)',
  );
  for (const { label, results, peakRssMb } of outcomes) {
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const emailMean = mean(results.email.map((r) => r.rate));
    for (const channel of ['email', 'sms', 'whatsapp']) {
      const rs = results[channel];
      console.log(
        `${label} | ${channel} | ${rs.map((r) => fmt(r.rate)).join(', ')} | ${fmt(mean(rs.map((r) => r.rate)))} | ${rs.map((r, i) => `${fmt(r.rate / results.email[i].rate, 2)}x`).join(', ')} (mean ${fmt(mean(rs.map((r) => r.rate)) / emailMean, 2)}x) | ${fmt(mean(rs.map((r) => r.serverMs)), 2)}`,
      );
    }
    console.log(`${label}: server peak RSS ${fmt(peakRssMb, 0)} MB`);
  }
} finally {
  await sink.close();
  await fakes.close();
}
