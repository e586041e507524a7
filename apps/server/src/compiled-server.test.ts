import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/build-server.mjs';
import { freePort } from '../test/processes.ts';
import { buildApiDocument, SDK_DOCUMENT_ENV } from './scripts/api-document.ts';

/**
 * The compiled server (scripts/build-server.mjs, docs/compiled-server.md) is what `npm start` runs:
 * started from a build of the sources, on a new embedded database, it serves the same OpenAPI
 * document as the TypeScript server's routes (every route, body, answer and message of the API).
 */
const outdir = fs.mkdtempSync(fileURLToPath(new URL('../.test-build-', import.meta.url)));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-compiled-'));
let server: ChildProcess | null = null;

beforeAll(async () => {
  await buildServer(outdir);
}, 60_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('serves the same OpenAPI document as the TypeScript server', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...SDK_DOCUMENT_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      INBOUND_SMTP_PORT: '0',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    delete env.SMTP_URL;
    delete env.NODE_OPTIONS;
    const output: string[] = [];
    server = spawn(process.execPath, [path.join(outdir, 'main.mjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.on('data', (d) => output.push(String(d)));
    server.stderr?.on('data', (d) => output.push(String(d)));
    let served: unknown = null;
    for (let i = 0; i < 600 && served === null; i++) {
      if (server.exitCode !== null) throw new Error(`the compiled server exited (${server.exitCode}):\n${output.join('')}`);
      const res = await fetch(`http://127.0.0.1:${port}/v2/docs`).catch(() => null);
      if (res?.ok) served = await res.json();
      else await new Promise((r) => setTimeout(r, 200));
    }
    expect(served, output.join('')).not.toBeNull();
    expect(served).toEqual(await buildApiDocument());
  }, 150_000);

  it('has an entry point for every module a thread runs, and the line builder answers from it', async () => {
    // The modules handed to typeScriptWorker in the sources: under the compiled server each runs
    // the build's file of the same name (threads/typescript-worker.ts), never bundled at run time.
    const sources = fs.readdirSync(fileURLToPath(new URL('.', import.meta.url)), { recursive: true, encoding: 'utf8' });
    const threadModules = sources
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) => [
        ...fs.readFileSync(fileURLToPath(new URL(f, import.meta.url)), 'utf8').matchAll(/typeScriptWorker\(new URL\('\.\/([^']+)\.ts'/g),
      ])
      .map((m) => m[1] as string);
    expect(threadModules.sort()).toEqual(['line-builder.thread', 'report-file.worker']);
    for (const name of threadModules) expect(fs.existsSync(path.join(outdir, `${name}.mjs`)), name).toBe(true);

    // The line builder's file, started as the compiled server starts it: ready, then an answer.
    const worker = new Worker(pathToFileURL(path.join(outdir, 'line-builder.thread.mjs')), { execArgv: [] });
    try {
      const messages: unknown[] = [];
      const next = () =>
        new Promise((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
        });
      messages.push(await next());
      worker.postMessage({
        id: 1,
        header: ['EMAIL_DESTINATARIO'],
        customFields: [],
        publicUrl: 'http://localhost:3000',
        templates: [],
        lines: [{ lin_numero: 1, cells: ['a@b.test'], template: 0 }],
      });
      messages.push(await next());
      expect(messages).toEqual([{ ready: true }, { id: 1, error: 'line 1: no template 0' }]);
    } finally {
      await worker.terminate();
    }
  });
});
