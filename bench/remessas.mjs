// Batch file budget (DESIGN §7, issue 19): a 5,000-row remessa validated and all its messages
// queued in under 3 s from the upload request; its messages accepted by a local SMTP sink at no less
// than 0.5x the compose pipeline's rate. `npm run bench -- remessas`. On PostgreSQL
// (BENCH_DATABASE_URL, a database of its own made again each run; BENCH_REMESSA_PG=0 leaves it out)
// and on the embedded PGlite (BENCH_REMESSA_PGLITE=0 leaves it out). Per database:
// - queued: POST /v2/remessas/upload of the file, then GET /v2/remessas every 100 ms until it is
//   PROCESSADO_COM_SUCESSO with every line a message: seconds from the request (budget < 3 s);
// - delivery: the sink holds every MAIL FROM while the file's messages are queued, then lets them go:
//   messages/s from the release to the last acceptance; the same for the same number of messages
//   sent by compose (POST /v2/emails/send, 10 recipients each, 5 at a time), held and released the
//   same way (bench/send-pipeline's "queued → accepted"); the ratio (budget ≥ 0.5x).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiCaller, benchDatabase, cpuSeconds, fmt, signIn, startProduct, startSmtpSink, waitForAll } from './lib.mjs';

const ROWS = Number(process.env.BENCH_REMESSA_ROWS ?? 5000);
const WARM_UP = 200;
const PORT = Number(process.env.BENCH_REMESSA_PORT ?? 3862);
const DB_NAME = process.env.BENCH_REMESSA_DB ?? 'ar_bench_remessas';
const BODY = `<p>Prezado(a) *|NOME|*, segue a notificação referente ao <a href="https://www.exemplo.test/contrato">contrato</a> *|ID|*.</p>${'<p>Texto da notificação com validade jurídica.</p>'.repeat(20)}`;

const csv = (prefix, n) =>
  `ID;ASSUNTO;NOME_DESTINATARIO;EMAIL_DESTINATARIO;MODELO\r\n${Array.from(
    { length: n },
    (_, i) => `${prefix}-${i};Notificação *|ID|*;Pessoa ${i};${prefix}${i}@bench.test;Bench`,
  ).join('\r\n')}\r\n`;

async function run(label, env, sink) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-bench-rem-'));
  const app = await startProduct({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_FROM: 'AR Online <nao-responda@bench.test>',
    ...env,
  });
  try {
    // Postpaid: counted as usage, never refused for credits.
    const token = await signIn(app.url, 'pos@demo.local');
    const call = apiCaller(app.url, token);
    await call('POST', '/modelos', { mod_name: 'Bench', mod_subject: 'Notificação', mod_content: BODY });
    const upload = (prefix, n) =>
      call('POST', '/remessas/upload', {
        contentBase64: `data:text/csv;base64,${Buffer.from(csv(prefix, n)).toString('base64')}`,
        fileName: `${prefix}.csv`,
      });
    const queued = async (rem_codigo, n) => {
      for (;;) {
        const { data } = await call('GET', `/remessas?tipo=sucesso&searchTerm=${rem_codigo}`);
        const r = data.find((x) => x.rem_codigo === rem_codigo);
        if (r?.rem_status_processamento === 'PROCESSADO_COM_SUCESSO' && r.progresso.enfileiradas === n) return performance.now();
        if (!r) throw new Error(`remessa ${rem_codigo} left the successes tab`);
        await new Promise((res) => setTimeout(res, 100));
      }
    };
    const addresses = (prefix, n) => Array.from({ length: n }, (_, i) => `${prefix}${i}@bench.test`);

    // Warm-up, not measured: a small file and a few compose sends, delivered.
    const warm = await upload(`aquece${label}`, WARM_UP);
    await queued(warm.rem_codigo, WARM_UP);
    await waitForAll(sink, addresses(`aquece${label}`, WARM_UP), 900_000);

    // 1. Validated and queued, from the request.
    sink.hold();
    const cpu0 = { server: app.cpuSeconds(), postgres: env.DATABASE_URL ? cpuSeconds('postgres') : null };
    const t0 = performance.now();
    const file = await upload(`r${label}`, ROWS);
    const requestMs = performance.now() - t0;
    const queuedMs = (await queued(file.rem_codigo, ROWS)) - t0;
    // CPU seconds of the server and of PostgreSQL's processes (all of the machine's) while the file was validated and queued.
    const queuedCpu = {
      server: app.cpuSeconds() - cpu0.server,
      postgres: env.DATABASE_URL ? cpuSeconds('postgres') - cpu0.postgres : null,
    };
    // 2. The file's messages: released and delivered.
    const released = performance.now();
    sink.release();
    const fileLast = await waitForAll(sink, addresses(`r${label}`, ROWS), 900_000);
    const fileRate = (ROWS * 1000) / (fileLast - released);

    // 3. The compose pipeline, the same number of messages, held and released the same way.
    sink.hold();
    const batches = [];
    for (let i = 0; i < ROWS; i += 10) {
      batches.push(
        Array.from({ length: Math.min(10, ROWS - i) }, (_, k) => ({ to: `c${label}${i + k}@bench.test`, nameTo: `Pessoa ${i + k}` })),
      );
    }
    let next = 0;
    const client = async () => {
      while (next < batches.length) {
        const destinataires = batches[next++];
        await call('POST', '/emails/send', { destinataires, nameFrom: 'Cobranca Bench', subject: 'Notificação', content: BODY });
      }
    };
    const ccpu0 = { server: app.cpuSeconds(), postgres: env.DATABASE_URL ? cpuSeconds('postgres') : null };
    const c0 = performance.now();
    await Promise.all(Array.from({ length: 5 }, client));
    const composeQueuedMs = performance.now() - c0;
    const composeQueuedCpu = {
      server: app.cpuSeconds() - ccpu0.server,
      postgres: env.DATABASE_URL ? cpuSeconds('postgres') - ccpu0.postgres : null,
    };
    const composeReleased = performance.now();
    sink.release();
    const composeLast = await waitForAll(sink, addresses(`c${label}`, ROWS), 900_000);
    const composeRate = (ROWS * 1000) / (composeLast - composeReleased);
    return { requestMs, queuedMs, queuedCpu, fileRate, composeRate, composeQueuedMs, composeQueuedCpu, peakRssMb: app.peakRssMb() };
  } finally {
    await app.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const sink = await startSmtpSink();
const results = [];
try {
  if (process.env.BENCH_REMESSA_PG !== '0') {
    const url = await benchDatabase(DB_NAME, { fresh: true });
    results.push(['PostgreSQL', await run('pg', { DATABASE_URL: url }, sink)]);
  }
  if (process.env.BENCH_REMESSA_PGLITE !== '0') results.push(['PGlite', await run('pgl', {}, sink)]);
} finally {
  await sink.close();
}

let ok = true;
console.log(
  `remessas: a file of ${ROWS} rows (cores: ${os.cpus().length}, load ${os
    .loadavg()
    .map((l) => fmt(l))
    .join(' ')})`,
);
for (const [db, r] of results) {
  const ratio = r.fileRate / r.composeRate;
  const queuedOk = r.queuedMs < 3000;
  const rateOk = ratio >= 0.5;
  ok &&= queuedOk && rateOk;
  console.log(
    `${db}: upload answered in ${fmt(r.requestMs, 0)} ms; validated and queued in ${fmt(r.queuedMs / 1000, 2)} s (budget < 3 s: ${queuedOk ? 'ok' : 'OVER'}); CPU s server ${fmt(r.queuedCpu.server, 2)}${r.queuedCpu.postgres === null ? '' : `, PostgreSQL ${fmt(r.queuedCpu.postgres, 2)}`}`,
  );
  const perMsg = (s) => fmt((s * 1000) / ROWS, 2);
  console.log(
    `${db}: CPU ms a message while queued: file server ${perMsg(r.queuedCpu.server)}${r.queuedCpu.postgres === null ? '' : ` + PostgreSQL ${perMsg(r.queuedCpu.postgres)}`}; compose server ${perMsg(r.composeQueuedCpu.server)}${r.composeQueuedCpu.postgres === null ? '' : ` + PostgreSQL ${perMsg(r.composeQueuedCpu.postgres)}`}`,
  );
  console.log(
    `${db}: delivered ${fmt(r.fileRate)} msg/s from the file vs ${fmt(r.composeRate)} msg/s by compose (queued by ${ROWS / 10} POSTs in ${fmt(r.composeQueuedMs / 1000, 2)} s) = ${fmt(ratio, 2)}x (budget ≥ 0.5x: ${rateOk ? 'ok' : 'UNDER'}); peak RSS ${fmt(r.peakRssMb, 0)} MB`,
  );
}
process.exit(ok ? 0 : 1);
