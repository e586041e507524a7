// The embedded product's footprint (issue 41): `npm run bench -- footprint`. On PGlite, as `npm start`
// runs it (scripts/start.mjs, the web already built):
// - first start: a new data folder, from the spawn to /v2/status-connectivity answering;
// - second start: the same folder again, the same measure (BENCH_FOOTPRINT_STARTS times, default 3;
//   budget < 3 s);
// - mixed load, on the last of those servers: 600 e-mails (10 per POST), 300 SMS and 300 WhatsApp
//   (one per recipient, 10 per POST) and a 3,000-row batch file, all at once, until the SMTP sink
//   and the fake providers (Twilio's Messages.json, Meta's Graph) have accepted every message; the
//   server's peak RSS (VmHWM, its start included; budget < 400 MB) and its RSS once done.
// Ports: BENCH_FOOTPRINT_PORT (default 3863).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiCaller, fmt, peakRssMb, root, signIn, startSmtpSink, waitForAll } from './lib.mjs';
import { mobiles, providerEnv, startFakeProviders } from './support/fake-providers.mjs';

const PORT = Number(process.env.BENCH_FOOTPRINT_PORT ?? 3863);
const STARTS = Number(process.env.BENCH_FOOTPRINT_STARTS ?? 3);
const EMAILS = 600;
const SMS = 300;
const WHATSAPP = 300;
const ROWS = 3000;
/** The stop of the last product started: called again at the end, whatever happened (a no-op once stopped). */
let running = async () => {};

/** `npm start` (scripts/start.mjs) on `env`; resolves with the ms until /v2/status-connectivity answered. */
async function startNpm(env) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', INBOUND_SMTP_PORT: '0', LOGIN_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  running = stop;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    if (performance.now() - t0 > 300_000) {
      child.kill('SIGKILL');
      throw new Error('npm start did not answer in 300 s');
    }
    try {
      if ((await fetch(`${url}/v2/status-connectivity`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = performance.now() - t0;
  // The server is start.mjs's child: its pid for VmHWM.
  const serverPid = Number(fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
  return { url, ms, serverPid, stop };
}

const csv = (n) =>
  `ID;ASSUNTO;NOME_DESTINATARIO;EMAIL_DESTINATARIO;MODELO\r\n${Array.from(
    { length: n },
    (_, i) => `f-${i};Notificação *|ID|*;Pessoa ${i};lote${i}@bench.test;Bench`,
  ).join('\r\n')}\r\n`;
const BODY = `<p>Prezado(a) *|NOME|*, segue a notificação referente ao contrato *|ID|*.</p>${'<p>Texto da notificação com validade jurídica.</p>'.repeat(20)}`;
async function mixedLoad(app, sink, fake) {
  const token = await signIn(app.url, 'pos@demo.local');
  const call = apiCaller(app.url, token);
  await call('POST', '/modelos', { mod_name: 'Bench', mod_subject: 'Notificação', mod_content: BODY });
  const send = (destinataires) =>
    call('POST', '/emails/send', { destinataires, nameFrom: 'Cobranca Bench', subject: 'Notificação', content: BODY });
  const groups = (items, size) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
  const emails = Array.from({ length: EMAILS }, (_, i) => `mix${i}@bench.test`);
  const sms = mobiles(1, SMS);
  const wa = mobiles(2, WHATSAPP);
  const posts = [
    ...groups(emails, 10).map((g) => g.map((to) => ({ to, nameTo: 'Pessoa' }))),
    ...groups(sms, 10).map((g) => g.map((m) => ({ to: '', nameTo: 'Pessoa', sms: { name: 'Pessoa', mobile: m.typed } }))),
    ...groups(wa, 10).map((g) => g.map((m) => ({ to: '', nameTo: 'Pessoa', whatsapp: { name: 'Pessoa', mobile: m.typed } }))),
  ];
  const t0 = performance.now();
  const upload = call('POST', '/remessas/upload', {
    contentBase64: `data:text/csv;base64,${Buffer.from(csv(ROWS)).toString('base64')}`,
    fileName: 'misto.csv',
  });
  let next = 0;
  await Promise.all([
    upload,
    ...Array.from({ length: 5 }, async () => {
      while (next < posts.length) await send(posts[next++]);
    }),
  ]);
  const lastMail = await waitForAll(sink, [...emails, ...Array.from({ length: ROWS }, (_, i) => `lote${i}@bench.test`)], 900_000);
  const lastPhone = await waitForAll(
    fake,
    [...sms, ...wa].map((m) => m.e164),
    900_000,
  );
  return (Math.max(lastMail, lastPhone) - t0) / 1000;
}

const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-bench-footprint-'));
const sink = await startSmtpSink();
const fake = await startFakeProviders();
const env = {
  PORT: String(PORT),
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
  MAIL_FROM: 'AR Online <nao-responda@bench.test>',
  ...providerEnv(fake.url),
};
let ok = true;
try {
  const first = await startNpm(env);
  // The demo history is made after listen: let it finish before the folder is opened again.
  await new Promise((r) => setTimeout(r, 15_000));
  await first.stop();
  const seconds = [];
  let app = null;
  for (let i = 0; i < STARTS; i++) {
    app = await startNpm(env);
    seconds.push(app.ms / 1000);
    if (i < STARTS - 1) await app.stop();
  }
  const idlePeak = peakRssMb(app.serverPid);
  const took = await mixedLoad(app, sink, fake);
  const peak = peakRssMb(app.serverPid);
  const after = rssMb(app.serverPid);
  await app.stop();
  const startOk = Math.max(...seconds) < 3;
  const peakOk = peak < 400;
  ok = startOk && peakOk;
  console.log(
    `footprint, PGlite (cores: ${os.cpus().length}, load ${os
      .loadavg()
      .map((l) => fmt(l))
      .join(' ')})`,
  );
  console.log(`first start (new data folder) to /v2/status-connectivity: ${fmt(first.ms / 1000, 2)} s`);
  console.log(
    `second start (same folder), ${STARTS} runs: ${seconds.map((s) => fmt(s, 2)).join(', ')} s (budget < 3 s: ${startOk ? 'ok' : 'OVER'})`,
  );
  console.log(
    `mixed load (${EMAILS} e-mails, ${SMS} SMS, ${WHATSAPP} WhatsApp, a ${ROWS}-row batch) all accepted in ${fmt(took, 1)} s; ` +
      `server peak RSS ${fmt(peak, 0)} MB (budget < 400 MB: ${peakOk ? 'ok' : 'OVER'}; ${fmt(idlePeak, 0)} MB before the load), ${fmt(after, 0)} MB at its end`,
  );
} finally {
  await running();
  await sink.close();
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
}
process.exit(ok ? 0 : 1);
