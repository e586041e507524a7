// Web budget (DESIGN §7, issue 22): the JavaScript that /login loads, gzip, under 150 KB, every
// other screen lazy-loaded. Builds the web app with a manifest and measures it two ways:
// - the manifest: the static imports of the entry and of the login screen's chunk, followed as the
//   browser does;
// - the browser: the built app served from a small static server, /login opened in Chromium and
//   every script it requests counted (what the page really loads, dynamic imports included); then
//   what a first alert on the login (a submit with empty fields) adds.
// Sizes are each file gzipped at level 9, what a compressing server or CDN sends.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { root } from './lib.mjs';

const BUDGET_KB = 150;
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-web-bench-'));
const build = spawnSync('npx', ['vite', 'build', '--outDir', out, '--manifest', '--emptyOutDir'], {
  cwd: path.join(root, 'apps/web'),
  stdio: 'ignore',
});
if (build.status !== 0) throw new Error('vite build failed');
const manifest = JSON.parse(fs.readFileSync(path.join(out, '.vite/manifest.json'), 'utf8'));
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(out, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  for (const k of keys) visit(k);
  return [...seen];
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const login = Object.keys(manifest).find((k) => k.endsWith('features/auth/LoginPage.tsx'));
const files = closure([entry, login]).map((k) => manifest[k].file);
const total = files.reduce((s, f) => s + gz(f), 0);
const jsFiles = Object.values(manifest).filter((m) => m.file.endsWith('.js'));
const allJs = jsFiles.reduce((s, m) => s + gz(m.file), 0);

console.log(`manifest: /login's static imports: ${files.length} JavaScript files, ${kb(total)} gzip`);

// The browser: a static server for the built files (every unknown path answers index.html, as the
// product does); the API answers 404, so the login screen draws without a server behind it.
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname.startsWith('/v2/')) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"bench"}');
    return;
  }
  const file = path.join(out, path.normalize(url.pathname));
  const found = file.startsWith(out) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(out, 'index.html');
  const type = found.endsWith('.js')
    ? 'text/javascript'
    : found.endsWith('.css')
      ? 'text/css'
      : found.endsWith('.svg')
        ? 'image/svg+xml'
        : 'text/html';
  res.writeHead(200, { 'content-type': type }).end(fs.readFileSync(found));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.endsWith('.js')) scripts.add(p.slice(1));
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
  const atLoad = [...scripts];
  const loadTotal = atLoad.reduce((s, f) => s + gz(f), 0);
  console.log(
    `browser: /login loads ${atLoad.length} JavaScript files: ${kb(loadTotal)} gzip (budget ${BUDGET_KB} KB, ${((loadTotal / (BUDGET_KB * 1024)) * 100).toFixed(0)}% of it)`,
  );
  const largest = atLoad.map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]);
  console.log(
    `  largest: ${largest
      .slice(0, 4)
      .map(([f, s]) => `${path.basename(f)} ${kb(s)}`)
      .join(', ')}`,
  );

  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByTestId('alert-message').waitFor();
  await page.waitForLoadState('networkidle');
  const added = [...scripts].filter((f) => !atLoad.includes(f));
  console.log(`  a first alert on /login adds ${added.length} files: ${kb(added.reduce((s, f) => s + gz(f), 0))} gzip`);
} finally {
  await browser.close();
  server.close();
}

console.log(`all screens together: ${kb(allJs)} gzip in ${jsFiles.length} files`);
fs.rmSync(out, { recursive: true, force: true });
