import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort, installationEnv, useCleanups } from '../../test/processes.ts';
import { waitFor } from '../../test/smtp-sink.ts';

// `npm run start:cluster -- 2` (scripts/start.mjs): the two processes share the port, so a scrape
// reaches one of them; it answers the sum of both, collected by the supervisor (docs/operations.md,
// "Several processes"). PostgreSQL only: PGlite is one process by construction.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const cleanup = useCleanups();
const TOKEN = 'token-do-cluster-0123456789';

describe.skipIf(!process.env.TEST_DATABASE_URL)('GET /metrics under start:cluster', () => {
  it('answers the sum of every process, whichever one the scrape reaches', async () => {
    // A built interface stands in (the server serves it as is): nothing to build.
    const web = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-web-'));
    cleanup(() => fs.rm(web, { recursive: true, force: true }));
    await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><title>AR Online</title>');
    const port = await freePort();
    const env = {
      ...(await installationEnv(cleanup, 'metricas')),
      PORT: String(port),
      INBOUND_SMTP_PORT: '0',
      LOG_LEVEL: 'warn',
      SMTP_URL: 'smtp://127.0.0.1:9',
      METRICS_TOKEN: TOKEN,
      AR_WEB_DIST: web,
    };
    const supervisor = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), '--processes', '2'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    supervisor.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise((resolve) => supervisor.once('exit', resolve));
    cleanup(async () => {
      if (supervisor.exitCode === null && supervisor.signalCode === null) supervisor.kill('SIGTERM');
      await exited;
    });
    await waitFor(
      () => output,
      (text) => text.includes('2 processos do AR Online prontos'),
      240_000,
    );
    const base = `http://127.0.0.1:${port}`;
    // Each request is a connection of its own: node:cluster hands them to the processes in turn.
    for (let i = 0; i < 8; i++)
      expect((await fetch(`${base}/v2/status-connectivity`, { headers: { connection: 'close' } })).status).toBe(200);
    const scrape = async () => {
      const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}`, connection: 'close' } });
      expect(res.status).toBe(200);
      return res.text();
    };
    const count = (text: string) =>
      Number(
        /^http_request_duration_seconds_count\{method="GET",route="\/v2\/status-connectivity",status_code="200"\} (\d+)$/m.exec(text)?.[1],
      );
    // Whichever process answers, the count is both processes': all 8 (and more scrapes change nothing).
    for (let i = 0; i < 4; i++) expect(count(await scrape())).toBe(8);
    // The queue's gauge is read from the database by both: taken once, not doubled.
    const text = await scrape();
    expect(text).toMatch(/^ar_queue_jobs\{queue="email-send",state="ready"\} 0$/m);
    expect((await fetch(`${base}/metrics`, { headers: { connection: 'close' } })).status).toBe(401);
  }, 300_000);
});
