import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/build-server.mjs';
import { tsxLoader } from './threads/typescript-worker.ts';

/**
 * What a server process loads before its first request (docs/performance.md, "Server memory"):
 * every module's source and code stay in the heap for the process's life, so the libraries of
 * features a process may never use are imported where they are used. The modules main.ts imports
 * are loaded in a fresh Node, as `npm start` loads them (tsx), and every package they reach is listed.
 */
const LOADER = `
import { registerHooks } from 'node:module';
const seen = new Set();
registerHooks({ resolve(specifier, context, next) { if (/^[@a-z]/.test(specifier) && !specifier.startsWith('node:')) seen.add(specifier); return next(specifier, context); } });
for (const m of process.argv.slice(1)) await import(m);
process.stdout.write(JSON.stringify([...seen]));
process.exit(0);
`;

/** The feature libraries a start must not load (see above); @sentry/node only with SENTRY_DSN (reporting/error-reporting.ts). */
const HEAVY = /^(pdfkit|fontkit|exceljs|archiver|date-holidays|moment|@aws-sdk\/|@sentry\/)/;

/**
 * The packages an output of the compiled server reaches through its static imports (`dynamic`:
 * through `import()` as well), from esbuild's metafile: the chunks a start loads, and theirs.
 */
function packagesReached(meta: Metafile, entry: string, dynamic = false): string[] {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const walk = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of meta.outputs[output]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' && !dynamic) continue;
      if (imported.external) {
        if (!imported.path.startsWith('node:')) packages.add(imported.path);
      } else walk(imported.path);
    }
  };
  walk(entry);
  return [...packages];
}

describe('what a server start loads', () => {
  it('leaves out the PDF, spreadsheet and holiday libraries until a feature asks for them', async () => {
    // main.ts's own imports, read from it: main.ts itself would start a server.
    const main = new URL('./main.ts', import.meta.url);
    const modules = [...fs.readFileSync(main, 'utf8').matchAll(/^import\s[^;]*?'(\.[^']+)';/gms)].map((m) =>
      fileURLToPath(new URL(m[1] as string, main)),
    );
    expect(modules.map((m) => m.slice(m.lastIndexOf('/src/')))).toEqual(expect.arrayContaining(['/src/heap.ts', '/src/runtime.ts']));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', tsxLoader(), '--input-type=module', '-e', LOADER, ...modules],
      { env: { ...process.env, NODE_OPTIONS: '' }, maxBuffer: 16 * 1024 * 1024 },
    );
    const loaded: string[] = JSON.parse(stdout);
    // The check sees the server's own imports (not an empty list from a loader that saw nothing).
    expect(loaded).toEqual(expect.arrayContaining(['fastify', 'pg-boss', 'nodemailer', '@ar/core']));
    expect(loaded.filter((s) => HEAVY.test(s))).toEqual([]);
  }, 60_000);

  it('the compiled server (npm start) reaches them only through import(), as the sources do', async () => {
    // Built beside apps/server/dist, so its bare imports resolve from apps/server as the real build's.
    const outdir = fs.mkdtempSync(fileURLToPath(new URL('../.test-build-', import.meta.url)));
    try {
      const meta = await buildServer(outdir);
      const main = Object.keys(meta.outputs).find((o) => o.endsWith('/main.mjs'));
      expect(main).toBeDefined();
      const loaded = packagesReached(meta, main as string);
      // @ar/core is inside the build (its sources are TypeScript); the packages are Node's to load.
      expect(loaded).toEqual(expect.arrayContaining(['fastify', 'pg-boss', 'nodemailer']));
      expect(loaded.filter((s) => s.startsWith('@ar/'))).toEqual([]);
      expect(loaded.filter((s) => HEAVY.test(s))).toEqual([]);
      // The walk can see them: a proof's first use loads pdfkit through its chunk.
      expect(packagesReached(meta, main as string, true)).toContain('pdfkit');
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  }, 60_000);
});
