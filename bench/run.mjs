// npm run bench -- <name>: runs bench/<name>.mjs (all of them without a name).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const all = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && !['run.mjs', 'lib.mjs'].includes(f))
  .map((f) => f.replace(/\.mjs$/, ''));
let failed = 0;
for (const name of wanted.length ? wanted : all) {
  console.log(`\n== bench ${name} ==`);
  const r = spawnSync(process.execPath, [path.join(here, `${name}.mjs`)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
