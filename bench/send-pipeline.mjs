// Send pipeline budget (DESIGN §7): "queued to accepted by a local SMTP sink, with time stamps", at
// least half the rate of bare pooled nodemailer sending the same number of messages to the same
// sink. `npm run bench -- send-pipeline`. Two measures, each on both sides:
// - queued → accepted (the budget's): the sink holds every MAIL FROM while the N messages are
//   queued (POST /v2/emails/send, or sendMail called), then lets them all go; the rate is N over
//   the time from that release to the last acceptance, the time stamps signed meanwhile.
// - end to end: the POSTs and the deliveries at once, from the first POST to the last acceptance
//   (the API's own cost has its budget too: the batch file's "validated and queued").
// Prints messages/s and the latency from the hand-over (the POST sent, sendMail called, or the
// release) to the sink's acceptance.
// The product runs on PostgreSQL (BENCH_DATABASE_URL, a database of its own dropped and created
// again each run; BENCH_SEND_PG=0 leaves it out) and on the embedded PGlite (BENCH_SEND_PGLITE=0 leaves it out). Also printed: on
// PostgreSQL, when every event of each measure (a 'processed' and a 'send' per message) had its
// time stamp, and on PGlite when the last of a measure's tokens was signed (read from its data folder
// once the server has gone idle and stopped); and the server's peak RSS.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { benchDatabase, cpuSeconds, fmt, settle, signIn, startProduct, startSmtpSink, waitForAll } from './lib.mjs';
import { smsLine } from './support/sms-line.mjs';
import { readPgliteStamps, waitForStamps } from './support/stamps.mjs';

const N = Number(process.env.BENCH_SEND_MESSAGES ?? 500);
const PER_REQUEST = 10; // the compose screen's maximum of recipients
const CLIENTS = 5; // concurrent POSTs
const WARM_UP = 200; // messages before the measured ones, in the product and in each bare run
const PORT = Number(process.env.BENCH_SEND_PORT ?? 3810);
const DB_NAME = process.env.BENCH_SEND_DB ?? 'ar_bench_send'; // another name lets two runs share one PostgreSQL

function summary(handedOver, sink, addresses) {
  const latencies = addresses.map((a) => sink.accepted.get(a) - handedOver.get(a)).sort((x, y) => x - y);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
  const first = Math.min(...addresses.map((a) => handedOver.get(a)));
  const last = Math.max(...addresses.map((a) => sink.accepted.get(a)));
  return { rate: (addresses.length * 1000) / (last - first), p50: at(0.5), p97_5: at(0.975), seconds: (last - first) / 1000 };
}

/** N messages through the product: POST /v2/emails/send, 10 recipients each, CLIENTS at a time. */
async function product(label, env, sink) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-bench-send-'));
  const app = await startProduct({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_FROM: 'AR Online <nao-responda@bench.test>',
    ...env,
  });
  let stopped = false;
  try {
    // A postpaid user: the send is charged to the plan's usage, never refused for credits.
    const token = await signIn(app.url, 'pos@demo.local');
    const send = (destinataires) =>
      fetch(`${app.url}/v2/emails/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          destinataires,
          nameFrom: 'Cobranca Bench',
          subject: 'Notificação extrajudicial',
          content: `<p>Prezado(a), segue a notificação referente ao <a href="https://www.exemplo.test/contrato">contrato</a>.</p>${'<p>Texto da notificação com validade jurídica.</p>'.repeat(20)}`,
        }),
      });
    // Warm-up, not measured, as for bare nodemailer: 200 messages (20 sends of 10) delivered and,
    // on PostgreSQL, stamped, so that the connections are open and the JIT has compiled the paths
    // (with a single message, the server's first seconds of the run also paid for compiling).
    const warmAddresses = [];
    for (let i = 0; i < WARM_UP; i += PER_REQUEST) {
      const batch = Array.from({ length: PER_REQUEST }, (_, k) => ({ to: `aquece${i + k}-${label}@bench.test`, nameTo: 'Aquece' }));
      const warm = await send(batch);
      if (!warm.ok) throw new Error(`warm-up send: ${warm.status} ${await warm.text()}`);
      warmAddresses.push(...batch.map((r) => r.to));
    }
    await waitForAll(sink, warmAddresses);
    if (env.DATABASE_URL) await waitForStamps(env.DATABASE_URL, performance.now(), `aquece%-${label}@bench.test`, 2 * WARM_UP);

    // The two measures, one after the other on the same server; each counts its own messages' stamps.
    const measure = async (prefix, drain) => {
      await settle(app);
      const batches = [];
      for (let i = 0; i < N; i += PER_REQUEST) {
        batches.push(
          Array.from({ length: Math.min(PER_REQUEST, N - i) }, (_, k) => ({
            to: `${prefix}${i + k}-${label}@bench.test`,
            nameTo: `Pessoa ${i + k}`,
          })),
        );
      }
      const handedOver = new Map();
      let next = 0;
      const client = async () => {
        while (next < batches.length) {
          const batch = batches[next++];
          const t0 = performance.now();
          for (const r of batch) handedOver.set(r.to, t0);
          const res = await send(batch);
          if (!res.ok) throw new Error(`send: ${res.status} ${await res.text()}`);
        }
      };
      const sunk = sink.counters();
      if (drain) sink.hold();
      let cpuBefore = cpuNow(app, env);
      const postsStarted = performance.now();
      try {
        await Promise.all(Array.from({ length: CLIENTS }, client));
      } finally {
        if (drain) sink.release();
      }
      const queuedSeconds = (performance.now() - postsStarted) / 1000;
      const since = drain ? performance.now() : postsStarted;
      // The same instant by the wall clock, which the time stamps' genTime is read against on PGlite.
      const sinceEpochMs = Date.now() - (performance.now() - since);
      if (drain) {
        for (const to of handedOver.keys()) handedOver.set(to, since);
        cpuBefore = cpuNow(app, env);
      }
      const addresses = [...handedOver.keys()];
      await waitForAll(sink, addresses);
      const cpuSends = cpuPerMessage(cpuBefore, app, env, addresses.length);
      const after = sink.counters();
      const result = {
        ...summary(handedOver, sink, addresses),
        prefix,
        sinceEpochMs,
        queuedSeconds,
        averageSize: (after.bytes - sunk.bytes) / (after.count - sunk.count),
      };
      // Stamps may lag behind the sends; they must all complete. PostgreSQL is asked from outside
      // as they are stored; PGlite (one connection inside the server) once the server has stopped.
      if (env.DATABASE_URL) {
        Object.assign(result, await waitForStamps(env.DATABASE_URL, since, `${prefix}%-${label}@bench.test`, 2 * N));
        result.cpuStamped = cpuPerMessage(cpuBefore, app, env, addresses.length);
      }
      result.cpu = cpuSends;
      return result;
    };
    const endToEnd = await measure('p', false);
    const drained = await measure('q', true);
    if (env.DATABASE_URL) return { endToEnd, drained, peakRssMb: app.peakRssMb() };
    // PGlite: the server signs the rest of the stamps, goes idle and stops; its data folder then
    // tells when each measure's last token was signed.
    await settle(app);
    const peakRssMb = app.peakRssMb();
    await app.stop();
    stopped = true;
    await readPgliteStamps(path.join(dataDir, 'db'), label, [endToEnd, drained], N);
    return { endToEnd, drained, peakRssMb };
  } finally {
    if (!stopped) await app.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const cpuNow = (app, env) => ({
  server: app.cpuSeconds(),
  postgres: env.DATABASE_URL ? cpuSeconds('postgres') : null,
  bench: process.cpuUsage(),
});

/**
 * CPU milliseconds per message since `before`: the server (all its threads), PostgreSQL's processes
 * (on PostgreSQL; on PGlite it is inside the server) and this process (the sink and the clients).
 */
function cpuPerMessage(before, app, env, messages) {
  const per = (now, then) => (now === null || then === null ? null : ((now - then) * 1000) / messages);
  const bench = process.cpuUsage(before.bench);
  return {
    server: per(app.cpuSeconds(), before.server),
    postgres: env.DATABASE_URL ? per(cpuSeconds('postgres'), before.postgres) : null,
    bench: (bench.user + bench.system) / 1000 / messages,
  };
}

/** The same N messages with bare pooled nodemailer (the product's transport settings), all handed over at once. */
let bareRuns = 0;
async function bareNodemailer(sink, size) {
  const run = ++bareRuns;
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: sink.port, secure: false, pool: true, maxConnections: 5 });
  const html = `<p>${'x'.repeat(Math.max(0, Math.round(size) - 600))}</p>`;
  try {
    // Warm-up, not measured: the connections, and enough messages for the JIT to have compiled
    // nodemailer's paths (with one message only, the later bare runs of the same process were up to
    // half again as fast as the first).
    await Promise.all(
      Array.from({ length: WARM_UP }, (_, i) =>
        transport.sendMail({
          from: 'nao-responda@bench.test',
          to: `aquece-bare${run}-${i}@bench.test`,
          subject: 'Aquece',
          html,
          text: 'Texto',
        }),
      ),
    );
    const measure = async (prefix, drain) => {
      const handedOver = new Map();
      if (drain) sink.hold();
      let cpuBefore = process.cpuUsage();
      const sends = [];
      for (let i = 0; i < N; i++) {
        const to = `${prefix}${i}-${run}@bench.test`;
        handedOver.set(to, performance.now());
        sends.push(transport.sendMail({ from: 'nao-responda@bench.test', to, subject: 'Notificação extrajudicial', html, text: 'Texto' }));
      }
      if (drain) {
        // Every message handed over and the pool's connections waiting on MAIL FROM: let them go.
        await new Promise((r) => setTimeout(r, 200));
        const since = performance.now();
        for (const to of handedOver.keys()) handedOver.set(to, since);
        cpuBefore = process.cpuUsage();
        sink.release();
      }
      await Promise.all(sends);
      const addresses = [...handedOver.keys()];
      await waitForAll(sink, addresses);
      const cpu = process.cpuUsage(cpuBefore);
      return { ...summary(handedOver, sink, addresses), cpu: { bench: (cpu.user + cpu.system) / 1000 / N } };
    };
    return { endToEnd: await measure('b', false), drained: await measure('c', true) };
  } finally {
    transport.close();
  }
}

const sink = await startSmtpSink();
try {
  // Bare nodemailer runs before and after each product run, and each product run is compared with
  // the mean of the two around it: on a shared 2-core machine the bare rate alone moves by a
  // quarter between minutes. Its messages are the size of the product's (the first product run's
  // average, or 5.4 KB before any).
  let productSize = 5.4 * 1024;
  const products = [];
  if (process.env.BENCH_SEND_PG !== '0')
    products.push(['product, PostgreSQL', 'pg', async () => ({ DATABASE_URL: await benchDatabase(DB_NAME, { fresh: true }) })]);
  if (process.env.BENCH_SEND_PGLITE !== '0') products.push(['product, PGlite (embedded)', 'pglite', async () => ({})]);
  const bareSize = () => productSize;
  const bares = [await bareNodemailer(sink, bareSize())];
  const rows = { drained: [], endToEnd: [] };
  for (const [name, label, env] of products) {
    const result = await product(label, await env(), sink);
    productSize = result.endToEnd.averageSize;
    bares.push(await bareNodemailer(sink, bareSize()));
    const around = bares.slice(-2);
    for (const m of ['drained', 'endToEnd']) {
      rows[m].push([name, { ...result[m], peakRssMb: result.peakRssMb, bareRate: (around[0][m].rate + around[1][m].rate) / 2 }]);
    }
  }
  for (const m of ['drained', 'endToEnd']) {
    for (const [i, bare] of bares.entries()) rows[m].push([`bare pooled nodemailer, run ${i + 1}`, { ...bare[m], bareRate: bare[m].rate }]);
  }

  console.log(
    `\nsend pipeline: ${N} messages (product: ${PER_REQUEST} recipients per POST, ${CLIENTS} clients), average message ${fmt(productSize / 1024)} KB; latency in ms from hand-over to the sink's acceptance; each product run's ratio is to the mean of the bare runs just before and after it`,
  );
  const opt = (v, d) => (v === undefined || v === null ? '-' : fmt(v, d));
  const titles = {
    drained: 'queued → accepted (the budget): all N queued while the sink holds MAIL FROM, then released; times and CPU from the release',
    endToEnd: 'end to end: POSTs and deliveries at once; times and CPU from the first POST',
  };
  for (const m of ['drained', 'endToEnd']) {
    console.log(`\n${titles[m]}`);
    console.log(
      'pipeline | messages/s | p50 | p97.5 | ratio to bare nodemailer | all queued after (s) | last accepted after (s) | all stamped after (s) | ratio counting to the last stamp | CPU ms a message: server (stamps included) | PostgreSQL (stamps included) | bench process (sink, clients) | server peak RSS (MB)',
    );
    for (const [name, r] of rows[m]) {
      console.log(
        `${name} | ${fmt(r.rate)} | ${fmt(r.p50, 0)} | ${fmt(r.p97_5, 0)} | ${fmt(r.rate / r.bareRate, 2)}x | ${opt(r.queuedSeconds, 2)} | ${fmt(r.seconds, 2)} | ${opt(r.stampedSeconds, 2)} | ${r.stampedSeconds ? `${fmt(N / r.stampedSeconds / r.bareRate, 2)}x` : '-'} | ${opt(r.cpu?.server, 2)}${r.cpuStamped ? ` (${fmt(r.cpuStamped.server, 2)})` : ''} | ${opt(r.cpu?.postgres, 2)}${r.cpuStamped ? ` (${fmt(r.cpuStamped.postgres, 2)})` : ''} | ${opt(r.cpu?.bench, 2)} | ${opt(r.peakRssMb, 0)}`,
      );
      if (r.events !== undefined) console.log(`  ${name}: ${r.events} events, ${r.stamps} stamped`);
    }
  }
  if (process.env.BENCH_SEND_SMS !== '0') {
    const sms = await smsLine({ N, PER_REQUEST, CLIENTS, WARM_UP, PORT });
    console.log(
      `\nAR-SMS end to end (PGlite): ${N} SMS-only recipients, ${PER_REQUEST} per POST, ${CLIENTS} clients, from the first POST to the fake Twilio's acceptance of the last`,
    );
    console.log('pipeline | messages/s | ratio to bare pooled fetch to the same fake | server peak RSS (MB)');
    console.log(`product, PGlite (embedded) | ${fmt(sms.product)} | ${fmt(sms.product / sms.bare, 2)}x | ${opt(sms.peakRssMb, 0)}`);
    console.log(`bare pooled fetch, mean of 2 runs | ${fmt(sms.bare)} | 1.00x | -`);
  }
} finally {
  await sink.close();
}
