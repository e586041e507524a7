import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

let loader: string | null = null;

/** tsx's loader, by its file: the thread loads the TypeScript sources as the server does, whatever the working folder. */
export function tsxLoader(): string {
  if (loader) return loader;
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve('tsx/package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8')) as { exports: Record<string, unknown> };
  const entry = pkg.exports['.'];
  if (typeof entry !== 'string') throw new Error('tsx: no loader entry');
  loader = pathToFileURL(path.join(path.dirname(pkgPath), entry)).href;
  return loader;
}

/**
 * A worker thread running one of the server's TypeScript modules (the report's file, the batch
 * file's line builder). tsx is loaded into it by name, so it starts the same under `npm start`
 * (whose --import tsx a worker would inherit), under the test runner (which has no tsx in its
 * flags) and on every Node the project supports (engines >= 22.12, before Node strips types itself).
 */
export function typeScriptWorker(module: URL, options: Omit<WorkerOptions, 'execArgv'> = {}): Worker {
  return new Worker(module, { ...options, execArgv: ['--import', tsxLoader()] });
}
