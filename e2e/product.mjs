// The product as a new user starts it, on a throwaway data folder, for the browser journeys.
// With TEST_DATABASE_URL set, it runs on PostgreSQL (a fresh database of its own) instead of PGlite.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

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

/** Starts the server; `ready` resolves once it answers /v2/status-connectivity. */
export function startServer(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  const url = `http://localhost:${env.PORT}`;
  const ready = (async () => {
    const start = Date.now();
    while (Date.now() - start < 120_000) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/v2/status-connectivity`)).ok) return url;
      } catch {
        // not listening yet
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
