// The compiled server (docs/compiled-server.md): apps/server/src as JavaScript in apps/server/dist,
// what `npm start` runs (tsx stays for development, the tests and the command-line scripts).
//
// - One esbuild build with code splitting: main.mjs and the threads' modules (the batch file's line
//   builder, the report's file) as entry points, the server's modules and @ar/core (TypeScript
//   sources) inside, every other package left to Node as a bare import. A module imported with
//   `import()` stays in a chunk of its own, loaded at its first use as under tsx (the start-up
//   imports test reads the build's metafile to hold that).
// - Every output file is in the one folder, so each source's `import.meta.url` is written as its
//   own source's address relative to that folder: the files a module finds beside it (the web's
//   build, the institutions, the migrations' child process, the composer's thread, the SDK) resolve
//   as from src, wherever the checkout lies.
// - `AR_COMPILED_SERVER` is defined (the build's folder, from threads/): typescript-worker.ts then
//   runs the threads' modules built here instead of bundling them at run time.
//
// `node scripts/build-server.mjs [outdir]`; `isServerBuildStale()` is scripts/start.mjs's question.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_SRC = path.join(root, 'apps/server/src');
export const SERVER_DIST = path.join(root, 'apps/server/dist');
const CORE_SRC = path.join(root, 'packages/core/src');

/** The entry points: the server, and the modules its threads run (typeScriptWorker's modules). */
const ENTRIES = ['main.ts', 'modules/remessas/line-builder.thread.ts', 'modules/reports/report-file.worker.ts'];

/** The newest modification time under `dir` (ms). */
export function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** True when apps/server/dist/main.mjs is missing or older than a source of the server or of @ar/core. */
export function isServerBuildStale(outdir = SERVER_DIST) {
  const main = path.join(outdir, 'main.mjs');
  if (!fs.existsSync(main)) return true;
  const built = fs.statSync(main).mtimeMs;
  return [SERVER_SRC, CORE_SRC, fileURLToPath(import.meta.url)].some(
    (p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs) > built,
  );
}

/** How long a file of an earlier build stays beside the new one (a server started from it may still load its chunks). */
const EARLIER_BUILD_KEPT_MS = 24 * 3_600_000;

/**
 * Builds the server into `outdir`; returns esbuild's metafile. Each file is written under a
 * temporary name and renamed, the entry points last: a server starting meanwhile reads either the
 * earlier build or the new one whole. The earlier build's chunks stay a day (their names carry
 * their content's hash): a server still running from it loads a feature's chunk at its first use.
 */
export async function buildServer(outdir = SERVER_DIST) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: ENTRIES.map((e) => path.join(SERVER_SRC, e)),
    outdir,
    outbase: SERVER_SRC,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Linked source maps, read only under NODE_OPTIONS=--enable-source-maps (a stack trace then names
    // the TypeScript lines; without the flag the output keeps every function's own name).
    sourcemap: 'linked',
    // The build's folder as threads/typescript-worker.ts finds it from its source.
    define: { AR_COMPILED_SERVER: JSON.stringify(`${path.relative(path.join(SERVER_SRC, 'threads'), outdir).split(path.sep).join('/')}/`) },
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'ar-server',
        setup(build) {
          // A bare import is a package: Node loads it at run time, except the workspace's own (@ar/*),
          // whose sources are TypeScript and come into the build.
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@ar/') ? undefined : { path: args.path, external: true }));
          // Each module's import.meta.url is its source's, found from the output folder.
          build.onLoad({ filter: /\.ts$/ }, async (args) => {
            const text = await fs.promises.readFile(args.path, 'utf8');
            if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
            const relative = path.relative(outdir, args.path).split(path.sep).join('/');
            return {
              contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
              loader: 'ts',
            };
          });
        },
      },
    ],
  });
  fs.mkdirSync(outdir, { recursive: true });
  const isEntry = (file) => ENTRIES.some((e) => path.basename(file.path).startsWith(path.basename(e).replace(/\.ts$/, '.mjs')));
  const files = [...result.outputFiles].sort((a, b) => Number(isEntry(a)) - Number(isEntry(b)));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  const made = new Set(files.map((f) => path.basename(f.path)));
  for (const name of fs.readdirSync(outdir)) {
    const full = path.join(outdir, name);
    if (!made.has(name) && Date.now() - fs.statSync(full).mtimeMs > EARLIER_BUILD_KEPT_MS) fs.rmSync(full, { force: true });
  }
  return result.metafile;
}

/**
 * apps/server/dist/main.mjs, built first when stale, in a child process (this script): for the
 * callers that start a server without awaiting (the browser journeys' startServer, the benches), so a
 * journey or a bench run without `npm run build` runs the sources it has.
 */
export function compiledServerMain() {
  if (isServerBuildStale()) {
    const built = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`build-server exited with ${built.status}`);
  }
  return path.join(SERVER_DIST, 'main.mjs');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = process.argv[2] ? path.resolve(process.argv[2]) : SERVER_DIST;
  const t0 = performance.now();
  await buildServer(outdir);
  console.log(`Servidor compilado em ${path.relative(root, outdir) || '.'} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}
