import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, expect } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { startSmtpSink, waitFor } from './smtp-sink.ts';

// Server processes as `npm start` runs them (apps/server/src/main.ts), for the tests that kill one
// or stop one or run several on one database (send.crash.test.ts, graceful-stop.test.ts, cluster.test.ts).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Cleanups run after the file's tests, last registered first. */
export function useCleanups(): (cleanup: () => Promise<unknown>) => void {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });
  return (cleanup) => cleanups.push(cleanup);
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A data folder of its own and, with TEST_DATABASE_URL, a PostgreSQL database of its own (dropped
 * afterwards): the environment of a fresh installation.
 */
export async function installationEnv(cleanup: (fn: () => Promise<unknown>) => void, prefix: string): Promise<Record<string, string>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `ar-${prefix}-`));
  cleanup(() => fs.rm(dataDir, { recursive: true, force: true }));
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { DATA_DIR: dataDir };
  const name = `ar_t_${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanup(async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
}

/**
 * Starts a server process on `env` (PORT included) and answers once it serves HTTP, or, with
 * `ready: 'message'` (a ROLE=worker process serves none), once it says it is ready (main.ts).
 */
export async function startServer(
  cleanup: (fn: () => Promise<unknown>) => void,
  env: Record<string, string>,
  opts: { ready?: 'http' | 'message' } = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let said = false;
  child.on('message', (m: { ar?: string }) => {
    if (m?.ar === 'ready') said = true;
  });
  cleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (opts.ready === 'message') return said;
      return fetch(`${url}/v2/status-connectivity`).then(
        (r) => r.ok,
        () => false,
      );
    },
    (ok) => ok,
    // A fresh installation migrates and seeds first: seconds on an idle machine, much more on a loaded one.
    240_000,
  );
  return { child, url };
}

/** Kills a server process with SIGKILL (a crash) and waits for it to be gone. */
export async function crash(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

type Cleanup = (fn: () => Promise<unknown>) => void;
export type ServerProcess = Awaited<ReturnType<typeof startServer>>;

/**
 * A fresh installation's environment (demo data seeded, no inbound SMTP, quiet logs) sending to a
 * real SMTP sink of its own; the caller adds PORT and its own settings.
 */
export async function installationOnSink(cleanup: Cleanup, prefix: string, sinkOptions?: Parameters<typeof startSmtpSink>[0]) {
  const sink = await startSmtpSink(sinkOptions);
  cleanup(() => sink.close());
  const env: Record<string, string> = {
    ...(await installationEnv(cleanup, prefix)),
    SEED_DEMO: 'true',
    LOGIN_DELAY_MS: '0',
    INBOUND_SMTP_PORT: '0',
    LOG_LEVEL: 'warn',
    SMTP_URL: sink.url,
    MAIL_FROM: 'AR Online <nao-responda@ar.test>',
    PUBLIC_URL: 'http://localhost:3999',
  };
  return { sink, env };
}

/** A call to a server process's API (`/v2` + url), JSON in and out. */
export async function callServer(server: ServerProcess, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}/v2${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** Signs a demo account in on a server process (DEMO_PASSWORD) and answers its token. */
export async function signInTo(server: ServerProcess, username: string): Promise<string> {
  const res = await callServer(server, 'POST', '/login', undefined, { username, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return res.json.token;
}

/** The s-th send of ten e-mails (`{prefix}{s*10+k}@cliente.test`) through a server process, accepted. */
export async function sendTen(server: ServerProcess, token: string, prefix: string, s: number): Promise<void> {
  const res = await callServer(server, 'POST', '/emails/send', token, {
    destinataires: Array.from({ length: 10 }, (_, k) => ({ to: `${prefix}${s * 10 + k}@cliente.test`, nameTo: `Cliente ${s * 10 + k}` })),
    nameFrom: 'Cobrança',
    subject: 'Notificação',
    content: '<p>Prezado(a), segue a notificação.</p>',
  });
  expect(res.status).toBe(200);
}
