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
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, fmt, signIn, startProduct, startSmtpSink, waitForAll } from './lib.mjs';

const N = Number(process.env.BENCH_PHONE_MESSAGES ?? 500);
const ROUNDS = Number(process.env.BENCH_PHONE_ROUNDS ?? 2);
const PER_REQUEST = 10;
const CLIENTS = 5;
const WARM_UP = 200;
const PORT = Number(process.env.BENCH_PHONE_PORT ?? 3811);
const DB_NAME = process.env.BENCH_PHONE_DB ?? 'ar_bench_phone';

const TWILIO_SID = `AC${'0'.repeat(32)}`;
const TWILIO_TOKEN = 'bench-twilio-token';
const GRAPH_TOKEN = 'bench-graph-token';
const PHONE_NUMBER_ID = '100200300400500';

/** One HTTP server for both fakes: Twilio's Messages.json and Graph's /messages; `accepted` by E.164 number. */
async function startFakeProviders() {
  const accepted = new Map();
  let n = 0;
  const twilioAuth = `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = (status, json) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && req.url === `/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`) {
        if (req.headers.authorization !== twilioAuth) return answer(401, { code: 20003, message: 'Authenticate' });
        const form = new URLSearchParams(body);
        if (!form.get('To') || !form.get('Body')) return answer(400, { code: 21604, message: 'A To and a Body are required' });
        accepted.set(form.get('To'), performance.now());
        return answer(201, { sid: `SM${String(++n).padStart(32, '0')}`, status: 'queued', to: form.get('To') });
      }
      if (req.method === 'POST' && req.url === `/v21.0/${PHONE_NUMBER_ID}/messages`) {
        if (req.headers.authorization !== `Bearer ${GRAPH_TOKEN}`) return answer(401, { error: { code: 190, message: 'Invalid OAuth' } });
        let msg;
        try {
          msg = JSON.parse(body);
        } catch {
          return answer(400, { error: { code: 100, message: 'Invalid parameter' } });
        }
        if (msg.messaging_product !== 'whatsapp' || !msg.to || msg.type !== 'template' || !msg.template?.name)
          return answer(400, { error: { code: 100, message: 'Invalid parameter' } });
        accepted.set(`+${msg.to}`, performance.now());
        return answer(200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: msg.to, wa_id: msg.to }],
          messages: [{ id: `wamid.HBgN${String(++n).padStart(24, '0')}` }],
        });
      }
      answer(404, { message: 'not found' });
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, accepted, close: () => new Promise((r) => server.close(r)) };
}

/** Distinct valid mobiles of São Paulo (DDD 11), as typed and as the providers get them. */
const mobiles = (prefix, count) =>
  Array.from({ length: count }, (_, i) => {
    const digits = `119${String(prefix * 100_000 + i).padStart(8, '0')}`;
    return { typed: `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`, key: `+55${digits}` };
  });

/** Recipients of one channel only, and the key their acceptance is noted under (address or E.164). */
function recipients(channel, prefix, count) {
  if (channel === 'email')
    return Array.from({ length: count }, (_, i) => {
      const to = `m${prefix}-${i}@bench.test`;
      return { key: to, body: { to, nameTo: `Pessoa ${i}` } };
    });
  return mobiles(prefix, count).map((m) => ({
    key: m.key,
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
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    TWILIO_FROM: '+15005550006',
    TWILIO_API_URL: fakes.url,
    WHATSAPP_PROVIDER: 'meta',
    WHATSAPP_API_URL: `${fakes.url}/v21.0`,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    WHATSAPP_TOKEN: GRAPH_TOKEN,
    WHATSAPP_APP_SECRET: 'bench-app-secret',
    WHATSAPP_VERIFY_TOKEN: 'bench-verify',
    WHATSAPP_TEMPLATE: 'aviso_ar',
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
    let prefix = 0;
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

/** Waits until the server is idle (under 5% of a core over half a second): the last measure's stamps done. */
async function settle(app, timeoutMs = 60_000) {
  const started = performance.now();
  let last = app.cpuSeconds();
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const now = app.cpuSeconds();
    if (now === null || now - last < 0.025 || performance.now() - started > timeoutMs) return;
    last = now;
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
