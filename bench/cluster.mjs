// Several processes on one PostgreSQL (docs/scale.md): the same work with `npm run start:cluster -- 1`
// and `-- 2`, side by side in one run. `npm run bench -- cluster`. For each process count, on a
// database of its own created fresh:
// - send, end to end: BENCH_CLUSTER_MESSAGES (1,000) messages POSTed 10 recipients at a time by 5
//   clients, from the first POST to the last acceptance by a local SMTP sink (messages/s);
// - the sent list of those messages, 10 clients for 10 s: the first page with no search, and a
//   different search on every request (p50/p95 ms, requests/s).
// On a 2-core machine the second process has no core of its own: the figure is the cost (or gain)
// of coordination, not of more hardware.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, fmt, load, root, signIn, startSmtpSink } from './lib.mjs';

const N = Number(process.env.BENCH_CLUSTER_MESSAGES ?? 1000);
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 3830);
const PER_REQUEST = 10;
const CLIENTS = 5;

/** `npm run start:cluster -- processes` on the given database; resolves once every process is ready. */
async function startCluster(processes, env) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), '--processes', String(processes)], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', INBOUND_SMTP_PORT: '0', LOGIN_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  await new Promise((resolve, reject) => {
    let out = '';
    child.on('exit', (code) => reject(new Error(`start:cluster exited with ${code}`)));
    // Several processes: the supervisor says when the last is ready. One: it serves HTTP.
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('processos do AR Online prontos')) resolve();
    });
    if (processes === 1) {
      const poll = () =>
        fetch(`${url}/v2/status-connectivity`).then(
          (r) => (r.ok ? resolve() : setTimeout(poll, 200)),
          () => setTimeout(poll, 200),
        );
      poll();
    }
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function run(processes) {
  const sink = await startSmtpSink();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-bench-cluster-'));
  const databaseUrl = await benchDatabase(`ar_bench_cluster_${processes}`, { fresh: true });
  const app = await startCluster(processes, {
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_FROM: 'AR Online <nao-responda@bench.test>',
    // The built interface is not what is measured: any build the product finds will do.
    AR_WEB_DIST: process.env.AR_WEB_DIST ?? path.join(root, 'apps/web/dist'),
  });
  try {
    const token = await signIn(app.url, 'pos@demo.local');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const batches = Array.from({ length: Math.ceil(N / PER_REQUEST) }, (_, b) =>
      Array.from({ length: PER_REQUEST }, (_, k) => ({
        to: `pessoa${b * PER_REQUEST + k}@bench.test`,
        nameTo: `Pessoa ${b * PER_REQUEST + k}`,
      })),
    );
    let next = 0;
    const started = performance.now();
    const client = async () => {
      while (next < batches.length) {
        const res = await fetch(`${app.url}/v2/emails/send`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            destinataires: batches[next++],
            nameFrom: 'Cobranca Bench',
            subject: 'Notificação',
            content: '<p>Prezado(a), segue a notificação.</p>',
          }),
        });
        if (!res.ok) throw new Error(`send: ${res.status} ${await res.text()}`);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    while (sink.accepted.size < N) {
      if (performance.now() - started > 300_000) throw new Error(`${N - sink.accepted.size} messages never arrived`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const sendRate = (N * 1000) / (sink.lastAt() - started);
    await new Promise((r) => setTimeout(r, 3_000)); // the stamps of the last sends
    const list = await load({ url: `${app.url}/v2/emails/send?limit=25`, headers: { authorization: headers.authorization } });
    let term = 0;
    const search = await load({
      url: `${app.url}/v2/emails/send?limit=25`,
      headers: { authorization: headers.authorization },
      nextPath: () => `/v2/emails/send?limit=25&searchTerm=pessoa${(term++ % 900) + 100}`,
    });
    return { sendRate, list, search };
  } finally {
    await app.stop();
    sink.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const processes of [1, 2]) results.push([processes, await run(processes)]);
console.log(
  `\n${N} messages, PostgreSQL, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => fmt(l))
    .join(' ')}`,
);
console.log('processes | send end to end msg/s | list p50/p95 ms (req/s) | new search each request p50/p95 ms (req/s)');
for (const [processes, r] of results) {
  console.log(
    `${processes} | ${fmt(r.sendRate, 0)} | ${r.list.p50}/${fmt(r.list.p95, 0)} (${fmt(r.list.rps, 0)}) | ${r.search.p50}/${fmt(r.search.p95, 0)} (${fmt(r.search.rps, 0)})`,
  );
}
const [[, one], [, two]] = results;
console.log(
  `2 processes / 1: send ${fmt(two.sendRate / one.sendRate, 2)}x, list ${fmt(two.list.rps / one.list.rps, 2)}x, search ${fmt(two.search.rps / one.search.rps, 2)}x`,
);
