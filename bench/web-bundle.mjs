// Web budget (DESIGN §7): the JavaScript that /login loads, gzip, under 250 KB, every other screen
// lazy-loaded. Builds the web app with a manifest and follows the static imports of the entry and
// of the login screen's chunk, as the browser does.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { root } from './lib.mjs';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-web-bench-'));
const build = spawnSync('npx', ['vite', 'build', '--outDir', out, '--manifest', '--emptyOutDir'], {
  cwd: path.join(root, 'apps/web'),
  stdio: 'ignore',
});
if (build.status !== 0) throw new Error('vite build failed');
const manifest = JSON.parse(fs.readFileSync(path.join(out, '.vite/manifest.json'), 'utf8'));

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
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(out, file)), { level: 9 }).length;
const files = closure([entry, login]).map((k) => manifest[k].file);
const total = files.reduce((s, f) => s + gz(f), 0);
const allJs = Object.values(manifest)
  .filter((m) => m.file.endsWith('.js'))
  .reduce((s, m) => s + gz(m.file), 0);

console.log(
  `/login loads ${files.length} JavaScript files: ${(total / 1024).toFixed(1)} KB gzip (budget 250 KB, ${((total / (250 * 1024)) * 100).toFixed(0)}% of it)`,
);
console.log(
  `all screens together: ${(allJs / 1024).toFixed(1)} KB gzip in ${Object.values(manifest).filter((m) => m.file.endsWith('.js')).length} files`,
);
fs.rmSync(out, { recursive: true, force: true });
