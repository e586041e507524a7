// The product as a new user starts it, on a throwaway data folder, for the browser journeys.
// With TEST_DATABASE_URL set, it runs on PostgreSQL (a fresh database of its own) instead of PGlite.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { compiledServerMain } from '../scripts/build-server.mjs';
import { serverNodeFlags } from '../scripts/server-flags.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The environment of a fresh installation on `port`; `extra` adds or overrides variables. */
export async function productEnv(port, extra = {}) {
  const dataDir = path.join(root, `.e2e-data/${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOGIN_DELAY_MS: '0',
    CHECK_RESPONSES: 'true',
    INBOUND_SMTP_PORT: '0',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  };
  delete env.SMTP_URL;
  delete env.DATABASE_URL;
  if (process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ar_e2e_${port} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ar_e2e_${port}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/ar_e2e_${port}`;
    env.DATABASE_URL = url.toString();
    // The demo mode on PostgreSQL: its simulators and local mailbox are what the journeys drive.
    env.SIMULATORS = 'true';
  }
  return { ...env, ...extra };
}

/** The first administrator of a new installation: a temporary password to be changed at sign-in. */
export function createFirstAdmin(env) {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'apps/server/src/scripts/create-admin.ts'),
      '--email',
      'primeiro.admin@e2e.local',
      '--name',
      'Primeiro Admin',
      '--password',
      'Temporaria@2026',
    ],
    { cwd: root, stdio: 'inherit', env },
  );
  if (result.status !== 0) throw new Error(`create-admin exited with ${result.status}`);
}

/**
 * Waits until the demo history of a first start is made (apps/server/src/seed/history.ts: the
 * administrator's reply is its last step), so that no journey sees a demo account's counts,
 * statuses or credits move under it. Nothing to wait for without SEED_DEMO or with SMTP_URL (no
 * history then), nor when the demo administrator cannot sign in with the demo password.
 */
export async function demoHistoryMade(url, env = { SEED_DEMO: 'true' }, timeoutMs = 180_000) {
  if (env.SEED_DEMO !== 'true' || env.SMTP_URL) return;
  const login = await fetch(`${url}/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.local', password: 'Demo@2026!' }),
  });
  if (!login.ok) return;
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const res = await fetch(`${url}/v2/emails/received`, { headers });
    if (res.ok && (await res.json()).emailsData.length > 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the demo history was not made within ${timeoutMs / 1000} s`);
}

/** Starts the server; `ready` resolves once it answers /v2/status-connectivity and its demo history is made. */
export function startServer(env) {
  // The compiled server, as `npm start` runs it (scripts/build-server.mjs; `npm run build` made it).
  const child = spawn(process.execPath, [...serverNodeFlags(env), compiledServerMain()], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  const url = `http://localhost:${env.PORT}`;
  const ready = (async () => {
    const start = Date.now();
    while (Date.now() - start < 120_000) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      let up = false;
      try {
        up = (await fetch(`${url}/v2/status-connectivity`)).ok;
      } catch {
        // not listening yet
      }
      if (up) {
        await demoHistoryMade(url, env);
        return url;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the server did not start within 120 s');
  })();
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(undefined);
      child.once('exit', () => resolve(undefined));
      child.kill('SIGTERM');
    });
  return { child, url, ready, stop };
}
