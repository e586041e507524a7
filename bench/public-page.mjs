// Public message page budget (DESIGN §7): GET /v2/emails/info/public/{uuid}, the API the
// recipient's page calls, p95 under 20 ms. One message with a realistic history (processed, send,
// then opens, reads, clicks and an acceptance from a few places: 15 events, every one stamped) is
// read by 10 concurrent clients. Prints requests/s, p50/p95/p97.5 and the server's peak RSS, on
// PostgreSQL (a database of its own, dropped and created again each run) and on the embedded
// PGlite, and the server's CPU per request (less noisy on a busy machine); `npm run bench -- public-page`.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchDatabase, fmt, load, signIn, startProduct } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const PORT = Number(process.env.BENCH_PORT ?? 3910);
const DB_NAME = 'ar_bench_public';
const EVENTS = 15;

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
// Public addresses (forwarded from 127.0.0.1, which TRUST_PROXY trusts), so the events get places from DB-IP.
// One IPv6 visitor: the first one loads the IPv6 geolocation file too (docs/performance.md).
const PLACES = ['200.147.67.142', '177.71.128.21', '2001:4860:4860::8888', '187.45.200.10'];

async function waitFor(what, check, timeoutMs = 120_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A sent message and the visits that make its history; answers its uuid. */
async function messageWithHistory(url) {
  const token = await signIn(url, 'pos@demo.local');
  const res = await fetch(`${url}/v2/emails/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      destinataires: [{ to: 'destinatario@bench.test', nameTo: 'Maria Destinatária' }],
      nameFrom: 'Cobranca Bench',
      subject: 'Notificação extrajudicial',
      content: `<p>Prezada, segue a notificação referente ao <a href="https://www.exemplo.test/contrato">contrato</a>.</p>${'<p>Texto da notificação com validade jurídica.</p>'.repeat(20)}`,
    }),
  });
  if (!res.ok) throw new Error(`send: ${res.status} ${await res.text()}`);
  const { emails } = await res.json();
  const uuid = emails[0].ema_uni_id;
  const info = `${url}/v2/emails/info/public/${uuid}`;
  const detail = async () => (await fetch(info)).json();
  // The worker sends it (captured locally without SMTP_URL): the 'send' event.
  await waitFor('the send', async () => (await detail()).emailResultSendStatus === 'sucesso');
  // A browser less than 5 s after the delivery is taken for a scanner (docs/reads.md): a person comes later.
  await new Promise((r) => setTimeout(r, 5500));
  const visit = (p, ip, ua) => fetch(`${url}/v2${p}`, { headers: { 'x-forwarded-for': ip, 'user-agent': ua } });
  // A realistic history: the image proxy, opens and reads from two devices, a click, an acceptance.
  const visits = [
    [
      `/emails/info/public/${uuid}/track-email/pixel.gif`,
      PLACES[0],
      'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
    ],
    [`/emails/info/public/${uuid}/track-email/pixel.gif`, PLACES[0], BROWSER],
    [`/emails/info/public/${uuid}/track-email/pagina`, PLACES[0], BROWSER],
    [`/emails/info/public/${uuid}/track-email/pixel.gif`, PLACES[1], PHONE],
    [`/emails/info/public/${uuid}/track-email/pagina`, PLACES[1], PHONE],
    [`/emails/info/public/${uuid}/track-email/pagina`, PLACES[2], 'curl/8.5.0'],
    [`/emails/info/public/${uuid}/track-email/pixel.gif`, PLACES[3], BROWSER],
    [`/emails/info/public/${uuid}/track-email/pagina`, PLACES[3], BROWSER],
    [`/emails/info/public/${uuid}/track-email/pagina`, PLACES[1], PHONE],
    [`/emails/info/public/${uuid}/track-email/pixel.gif`, PLACES[1], PHONE],
    [`/emails/info/public/${uuid}/track-email/pagina`, PLACES[0], BROWSER],
  ];
  for (const [p, ip, ua] of visits) {
    const r = await visit(p, ip, ua);
    if (!r.ok) throw new Error(`${p}: ${r.status}`);
  }
  // The tracked link, as the recipient got it (the local outbox keeps the message, with its links).
  // The outbox shows a signed-in user its tenant's mail: the sender's session, as the web's session cookie (ar_sessao).
  const dev = { headers: { cookie: `ar_sessao=${token}` } };
  const outbox = await (await fetch(`${url}/dev/mailbox`, dev)).text();
  // The bench's own message (the demo data's messages are sent by the same worker around it).
  const last = /<tr><td>(\d+)<\/td><td>[^<]*destinatario@bench\.test/.exec(outbox)?.[1];
  if (!last) throw new Error("the bench's message is not in the local outbox");
  const linkId = /track-link-externo\/([0-9a-f-]{36})/.exec(await (await fetch(`${url}/dev/mailbox/${last}`, dev)).text())?.[1];
  if (!linkId) throw new Error('no tracked link in the message');
  const click = await visit(`/emails/info/public/track-conteudo-link-externo/${linkId}`, PLACES[0], BROWSER);
  if (!click.ok) throw new Error(`click: ${click.status}`);
  const accepted = await visit(`/emails/info/public/${uuid}/track-accept-email/aceite`, PLACES[0], BROWSER);
  if (!accepted.ok) throw new Error(`accept: ${accepted.status}`);
  return uuid;
}

async function run(label, env) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-bench-public-'));
  // The visits come from 127.0.0.1 with the visitor's address in X-Forwarded-For, as from a proxy.
  const app = await startProduct({ PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: 'true', TRUST_PROXY: '127.0.0.1', ...env });
  try {
    const uuid = await messageWithHistory(app.url);
    const info = `${app.url}/v2/emails/info/public/${uuid}`;
    // Every event stamped before measuring: the page then shows the full certificates.
    await waitFor(
      'the stamps',
      async () => {
        const d = await (await fetch(info)).json();
        return !!d.detalhesEnvioEntrega?.carimbo && !!d.detalhesLeitura?.carimbo && !!d.detalhesAceite?.carimbo;
      },
      60_000,
    );
    if (env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        await waitFor('every stamp', async () => {
          const { rows } = await client.query(
            `SELECT count(*)::int AS events, count(c.car_codigo)::int AS stamps
               FROM email_eventos e JOIN emails m ON m.ema_uni_codigo = e.cod_email
               LEFT JOIN email_carimbos c ON c.evt_codigo = e.evt_codigo WHERE m.ema_uni_id = $1`,
            [uuid],
          );
          if (rows[0].events < EVENTS) throw new Error(`only ${rows[0].events} events recorded, ${EVENTS} expected`);
          return rows[0].stamps === rows[0].events;
        });
      } finally {
        await client.end();
      }
    }
    const size = (await (await fetch(info)).text()).length;
    // Warm-up, not measured.
    await load({ url: info, connections: CONNECTIONS, seconds: 2 });
    // The server's CPU per request besides the latency: on a shared, busy machine the latency
    // measures the queue for the cores as much as the handler; the CPU the handler took does not.
    const cpuBefore = app.cpuSeconds();
    const r = await load({ url: info, connections: CONNECTIONS, seconds: SECONDS });
    const cpu = cpuBefore === null ? null : app.cpuSeconds() - cpuBefore;
    return { label, ...r, size, peakRssMb: app.peakRssMb(), cpuMsPerRequest: cpu === null ? null : (cpu * 1000) / r.total };
  } finally {
    await app.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const rows = [];
if (process.env.BENCH_PUBLIC_POSTGRES !== '0')
  rows.push(await run('PostgreSQL', { DATABASE_URL: await benchDatabase(DB_NAME, { fresh: true }) }));
if (process.env.BENCH_PUBLIC_PGLITE !== '0') rows.push(await run('PGlite (embedded)', {}));
console.log(
  `\npublic page API: GET /v2/emails/info/public/{uuid}, a message with ${EVENTS} stamped events, ${CONNECTIONS} clients, ${SECONDS} s (ms)`,
);
console.log('database | requests/s | p50 | p95 | p97.5 | p99 | answer (KB) | server peak RSS (MB) | server CPU (ms/request)');
for (const r of rows) {
  console.log(
    `${r.label} | ${fmt(r.rps)} | ${fmt(r.p50, 0)} | ${fmt(r.p95, 0)} | ${fmt(r.p97_5, 0)} | ${fmt(r.p99, 0)} | ${fmt(r.size / 1024)} | ${r.peakRssMb === null ? '-' : fmt(r.peakRssMb, 0)} | ${r.cpuMsPerRequest === null ? '-' : fmt(r.cpuMsPerRequest, 2)}`,
  );
}
