import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll } from 'vitest';
import { waitFor } from './smtp-sink.ts';

// Server processes as `npm start` runs them (apps/server/src/main.ts), for the tests that kill one
// or run several on one database (send.crash.test.ts, cluster.test.ts).

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
