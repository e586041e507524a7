import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

/** Where the threads' JavaScript is written: apps/server/.threads (not versioned). */
export const THREAD_BUNDLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.threads');

/**
 * Under the compiled server only (scripts/build-server.mjs defines it): the build's folder, relative
 * to this source. The threads' modules are entry points of that build, so nothing is bundled at run time.
 */
declare const AR_COMPILED_SERVER: string | undefined;
const serverBuild = typeof AR_COMPILED_SERVER === 'string' ? new URL(AR_COMPILED_SERVER, import.meta.url) : null;

/** A thread module's JavaScript in the compiled server: its entry point, named as its source. */
function builtWithServer(build: URL, module: URL): URL {
  const name = path.basename(fileURLToPath(module)).replace(/\.ts$/, '');
  return new URL(`${name}.mjs`, build);
}

/** Each thread module's JavaScript, bundled once per process (null: it could not be, the thread loads TypeScript). */
const bundles = new Map<string, Promise<URL | null>>();

/**
 * The thread module as one JavaScript file: the module, the server's modules it imports and
 * @ar/core bundled by esbuild (the packages left to Node, found from apps/server as from the
 * sources), written to apps/server/.threads/<name>.mjs under a temporary name and renamed, so
 * processes starting together never read half a file. Made again by each process at its first
 * thread of that module: always from the sources it runs. Null when it cannot be made (esbuild
 * missing, a folder not writable): the thread then loads the TypeScript through tsx.
 */
export function threadBundle(module: URL): Promise<URL | null> {
  const key = module.href;
  let made = bundles.get(key);
  if (!made) {
    made = bundle(module).catch(() => null);
    bundles.set(key, made);
  }
  return made;
}

async function bundle(module: URL): Promise<URL> {
  const esbuild = await import('esbuild');
  const source = fileURLToPath(module);
  const name = path.basename(source).replace(/\.ts$/, '');
  await fs.promises.mkdir(THREAD_BUNDLES, { recursive: true });
  const out = path.join(THREAD_BUNDLES, `${name}.mjs`);
  const temporary = `${out}.${process.pid}.${Date.now()}.tmp`;
  await esbuild.build({
    entryPoints: [source],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'silent',
    plugins: [
      {
        name: 'packages-to-node',
        setup(build) {
          // A bare import is a package: Node loads it at run time, except the workspace's own
          // (@ar/*), whose sources are TypeScript and go into the bundle.
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@ar/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  await fs.promises.rename(temporary, out);
  return pathToFileURL(out);
}

/**
 * A worker thread running one of the server's TypeScript modules (the report's file, the batch
 * file's line builder). It runs the module's bundle (threadBundle): no TypeScript loader in the
 * thread, which took ~50 MB more resident memory per thread than the same code bundled
 * (docs/performance.md, the decision of 2026-12-07). Without a bundle, tsx is loaded into it by
 * name, so it starts the same under `npm start`, under the test runner (which has no tsx in its
 * flags) and on every Node the project supports (engines >= 22.12, before Node strips types itself).
 */
export async function typeScriptWorker(module: URL, options: Omit<WorkerOptions, 'execArgv'> = {}): Promise<Worker> {
  const compiled = serverBuild ? builtWithServer(serverBuild, module) : await threadBundle(module);
  // execArgv [] : not the process's own flags (`--import tsx` under npm start), nothing to transform.
  return compiled
    ? new Worker(compiled, { ...options, execArgv: [] })
    : new Worker(module, { ...options, execArgv: ['--import', tsxLoader()] });
}
