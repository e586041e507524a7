import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
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
    // @sentry/node only with SENTRY_DSN (reporting/error-reporting.ts), never on a start without it.
    const heavy = loaded.filter((s) => /^(pdfkit|fontkit|exceljs|archiver|date-holidays|moment|@aws-sdk\/|@sentry\/)/.test(s));
    expect(heavy).toEqual([]);
  }, 60_000);
});
