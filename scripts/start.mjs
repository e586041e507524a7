// npm start: build whatever is missing (the web, the compiled server), then start the product on its configuration
// (embedded defaults when no variable is set).
//
// npm run start:cluster -- N (this script with `--processes N`): N server processes on one PostgreSQL
// (DATABASE_URL), sharing the HTTP and inbound SMTP ports through node:cluster (docs/scale.md). The
// first one migrates and seeds; the others start once it is ready. A process that dies is started again.
//
// Stopping: SIGINT/SIGTERM sent to this process (or to `npm start`, whose script `exec`s it) go to the
// child that is running — the build or the server — and this process exits with that child. If the
// process that started this one goes away (a wrapper that died without passing the signal on), the
// server is stopped too: a stopped `npm start` never leaves a server holding the port.
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, isServerBuildStale, newestMtime, SERVER_DIST } from './build-server.mjs';
import { unsupportedNodeMessage } from './node-version.mjs';
import { serverNodeFlags } from './server-flags.mjs';

// Before anything else: on an older Node the product started and then failed on its first report.
const unsupported = unsupportedNodeMessage();
if (unsupported) {
  console.error(unsupported);
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The compiled server (scripts/build-server.mjs, docs/compiled-server.md), built below when a source changed.
const serverMain = path.join(SERVER_DIST, 'main.mjs');

const processesArg = process.argv.indexOf('--processes');
const processes = processesArg === -1 ? 1 : Number(process.argv[processesArg + 1]);
if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
  console.error('Uso: npm run start:cluster -- N   (N de 1 a 64 processos)');
  process.exit(1);
}
if (processes > 1 && !process.env.DATABASE_URL) {
  console.error('Vários processos exigem DATABASE_URL (PostgreSQL): o banco embarcado roda em um só processo.');
  process.exit(1);
}
// AR_WEB_DIST names an interface built elsewhere (the server serves it as is): nothing to build here.
const prebuilt = Boolean(process.env.AR_WEB_DIST);
const webIndex = path.join(root, 'apps/web/dist/index.html');

/** The child running now (the build, then the server) and the signal that asked us to stop. */
let child = null;
let stopping = null;
function stop(signal) {
  if (stopping) return;
  stopping = signal;
  if (processes > 1 && Object.keys(cluster.workers ?? {}).length > 0) {
    for (const worker of Object.values(cluster.workers)) worker?.process.kill(signal);
    return;
  }
  if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
  else process.exit(1);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 500).unref();

/**
 * Runs a child to its end; resolves with its exit code (1 when a signal ended it). The build runs in
 * its own process group (npm → sh → vite) so that a stop reaches all of it.
 */
function run(command, args, group = false) {
  child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env, detached: group });
  if (group) {
    const pid = child.pid;
    child.kill = (signal) => {
      try {
        process.kill(-pid, signal);
        return true;
      } catch {
        return false;
      }
    };
  }
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const sources = ['apps/web/src', 'packages/core/src', 'apps/web/index.html'].map((p) => path.join(root, p));
const stale =
  !prebuilt &&
  (!fs.existsSync(webIndex) ||
    Math.max(...sources.map((s) => (fs.statSync(s).isDirectory() ? newestMtime(s) : fs.statSync(s).mtimeMs))) >
      fs.statSync(webIndex).mtimeMs);
if (stale) {
  console.log('Construindo a interface web...');
  const status = await run('npm', ['run', 'build', '-w', '@ar/web'], true);
  if (status !== 0 || stopping) process.exit(status || 1);
}

// The server's JavaScript, when a source of it (or of @ar/core) is newer than its build: ~0.5 s.
if (isServerBuildStale()) {
  console.log('Compilando o servidor...');
  try {
    await buildServer();
  } catch (error) {
    console.error(error?.message ?? error);
    process.exit(1);
  }
  if (stopping) process.exit(1);
}

if (processes === 1) process.exit(await run(process.execPath, [...serverNodeFlags(process.env), serverMain]));

/**
 * GET /metrics under the cluster (apps/server/src/ops/cluster-metrics.ts): the process a scrape
 * reached asks here; prom-client's AggregatorRegistry collects every process's metrics and sums them.
 */
let aggregator = null;
async function answerMetrics(worker, id) {
  try {
    if (!aggregator) {
      const { default: client } = await import('prom-client');
      aggregator = new client.AggregatorRegistry();
    }
    worker.send({ ar: 'metrics-answer', id, text: await aggregator.clusterMetrics() });
  } catch (error) {
    if (worker.isConnected()) worker.send({ ar: 'metrics-answer', id, error: String(error?.message ?? error) });
  }
}

/** Starts server process `index` (0 seeds and migrates first) and answers when it is ready. */
function fork(index) {
  const worker = cluster.fork(index === 0 ? {} : { SEED_DEMO: 'false' });
  worker.on('message', (m) => m?.ar === 'metrics' && void answerMetrics(worker, m.id));
  worker.on('exit', (code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers).length === 0) process.exit(0);
      return;
    }
    console.error(`processo ${index + 1} de ${processes} terminou (${signal ?? code}); iniciando de novo`);
    setTimeout(() => fork(index), 1_000);
  });
  return new Promise((resolve) => worker.on('message', (m) => m?.ar === 'ready' && resolve()));
}
cluster.setupPrimary({ exec: serverMain, execArgv: serverNodeFlags(process.env) });
await fork(0);
for (let i = 1; i < processes && !stopping; i++) await fork(i);
console.log(`${processes} processos do AR Online prontos`);
