import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { THREAD_BUNDLES, threadBundle, typeScriptWorker } from './typescript-worker.ts';

const lineBuilder = new URL('../modules/remessas/line-builder.thread.ts', import.meta.url);

/** Waits for a thread's { ready: true }; rejects when it fails or ends first. */
const ready = (worker: Worker) =>
  new Promise<void>((resolve, reject) => {
    worker.on('message', (m) => (m as { ready?: boolean }).ready && resolve());
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`thread ended (${code}) before it was ready`)));
  });

describe('a TypeScript module run in a thread', () => {
  it('is bundled into JavaScript once per process: the server modules and @ar/core inside, the packages left to Node', async () => {
    const bundle = await threadBundle(lineBuilder);
    expect(bundle).not.toBeNull();
    const file = fileURLToPath(bundle as URL);
    expect(file).toBe(`${THREAD_BUNDLES}/line-builder.thread.mjs`);
    const code = fs.readFileSync(file, 'utf8');
    // No TypeScript left to load: neither the server's .ts modules nor @ar/core's sources.
    expect(code).not.toMatch(/from\s+["'][^"']+\.ts["']/);
    expect(code).not.toMatch(/from\s+["']@ar\/core["']/);
    // A package is imported by name, found by Node from apps/server as from the sources.
    expect(code).toMatch(/from\s+["']sanitize-html["']/);
    expect(await threadBundle(lineBuilder)).toBe(bundle);
    // No temporary file left behind.
    expect(fs.readdirSync(THREAD_BUNDLES).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('starts from the bundle without the TypeScript loader and answers ready', async () => {
    const worker = await typeScriptWorker(lineBuilder);
    try {
      await ready(worker);
    } finally {
      await worker.terminate();
    }
    // The bundle alone, in a thread without any flag, starts too: nothing in it needs tsx.
    const plain = new Worker(fileURLToPath((await threadBundle(lineBuilder)) as URL), { execArgv: [] });
    try {
      await ready(plain);
    } finally {
      await plain.terminate();
    }
  });
});
