// Shared pieces of the benchmarks: starting the product, signing in, load with autocannon.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { compiledServerMain } from '../scripts/build-server.mjs';
import { serverNodeFlags } from '../scripts/server-flags.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A database of its own for the benchmark: created once and kept between runs to save the seeding,
 * or with `fresh`, dropped and created again each run.
 */
export async function benchDatabase(name, { fresh = false } = {}) {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  if (fresh) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } else {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  }
  await admin.end();
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The product as `npm start` runs it (the compiled server), on the given database and port; resolves once it answers. */
export async function startProduct(env) {
  // BENCH_SERVER_NODE_FLAGS: node flags for the server only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const flags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  // SIMULATORS: the benches run the demo mode (its mailbox and simulators) on PostgreSQL too.
  const serverEnv = { ...process.env, LOG_LEVEL: 'warn', INBOUND_SMTP_PORT: '0', LOGIN_DELAY_MS: '0', SIMULATORS: 'true', ...env };
  const child = spawn(process.execPath, [...serverNodeFlags(serverEnv), ...flags, compiledServerMain()], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/v2/status-connectivity`)).ok) {
        return { url, child, stop: () => stop(child), peakRssMb: () => peakRssMb(child.pid), cpuSeconds: () => cpuSeconds(child.pid) };
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the product did not start');
}

/**
 * The highest resident set size (MB) the process has had since it started (VmHWM of Linux's
 * /proc/<pid>/status): the server's peak memory, start-up and the load so far included.
 */
export function peakRssMb(pid) {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null; // Not Linux: no figure.
  }
}

/**
 * CPU seconds (user and system, all threads) the process has used so far, from Linux's
 * /proc/<pid>/stat; null elsewhere. With `command` instead of a pid: the sum over every process
 * whose command line contains it (e.g. "postgres"). Less noisy than rates on a shared machine.
 */
export function cpuSeconds(pidOrCommand) {
  const read = (pid) => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks (USER_HZ 100)
  };
  try {
    if (typeof pidOrCommand === 'number') return read(pidOrCommand);
    let total = 0;
    for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(pidOrCommand)) total += read(pid);
      } catch {}
    }
    return total;
  } catch {
    return null; // Not Linux: no figure.
  }
}

function stop(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

export async function signIn(url, username, password = 'Demo@2026!') {
  const res = await fetch(`${url}/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return (await res.json()).token;
}

/**
 * Requests/s and latency percentiles (ms) of `connections` clients for `seconds`. autocannon's
 * histogram has p90 and p97.5 but no p95, so every response time is kept and p95 read from them.
 */
export async function load({ url, headers = {}, connections = 10, seconds = 10, nextPath, method, body }) {
  const times = [];
  // nextPath: a different path (e.g. query string) for every request, instead of the same url.
  const requests = nextPath ? [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }] : undefined;
  // method and body: a POST with a JSON body (the dashboard's calls).
  const post =
    body === undefined
      ? {}
      : { method: method ?? 'POST', body: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } };
  const instance = autocannon({ url, headers, connections, duration: seconds, requests, ...post });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? null;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: at(0.95),
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    total: result.requests.total,
  };
}

export const fmt = (n, d = 1) => Number(n).toFixed(d);

/**
 * The benches' SMTP sink: accepts everything, notes when each recipient's message was accepted (ms, this process's
 * clock), counts bytes and messages; `hold` makes every MAIL FROM wait until `release`.
 */
export async function startSmtpSink() {
  const accepted = new Map();
  let bytes = 0;
  let count = 0;
  let last = 0;
  // While held, every MAIL FROM waits for the release: the senders' messages stay queued.
  let held = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (held) held.push(callback);
      else callback();
    },
    onData(stream, session, callback) {
      let size = 0;
      stream.on('data', (c) => {
        size += c.length;
      });
      stream.on('end', () => {
        const now = performance.now();
        for (const r of session.envelope.rcptTo) accepted.set(r.address.toLowerCase(), now);
        last = now;
        bytes += size;
        count++;
        callback(null, `Ok: queued as B${count}`);
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.server.address().port,
    accepted,
    counters: () => ({ bytes, count }),
    lastAt: () => last,
    hold: () => {
      held = [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const callback of waiting) callback();
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Waits until every address (or key) is in `sink.accepted`; answers when the last one was accepted. */
export async function waitForAll(sink, addresses, timeoutMs = 300_000) {
  const started = performance.now();
  while (addresses.some((a) => !sink.accepted.has(a))) {
    if (performance.now() - started > timeoutMs) {
      const missing = addresses.filter((a) => !sink.accepted.has(a)).length;
      throw new Error(`${missing} of ${addresses.length} messages never reached the sink`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return Math.max(...addresses.map((a) => sink.accepted.get(a)));
}

/** Waits until the server is idle (under 5% of a core over half a second): the previous measure's stamps done. */
export async function settle(app, timeoutMs = 60_000) {
  const started = performance.now();
  let last = app.cpuSeconds();
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const now = app.cpuSeconds();
    if (now === null || now - last < 0.025 || performance.now() - started > timeoutMs) return;
    last = now;
  }
}

/** A signed-in caller of the product's API at `url`: JSON in and out, a failed call throws with its answer. */
export function apiCaller(url, token) {
  return async (method, path, body) => {
    const res = await fetch(`${url}/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}
