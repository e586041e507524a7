// The evidence audit (npm run verify-evidence, docs/backups.md) over 1,000,000 events on PostgreSQL:
// events a second and the audit's peak memory, which must stay flat (it walks pages of messages).
// BENCH_AUDIT_EVENTS (default 1,000,000), 5 events a message, a time stamp of the built-in TSA on
// every BENCH_AUDIT_STAMP_EVERY-th event (default 10: making and checking a token costs far more
// than an event, so the two rates are printed apart). The seeded database (ar_bench_audit) and its
// data folder (the TSA's key) are kept between runs. BENCH_AUDIT_DB names the database (default
// ar_bench_audit), BENCH_PORT the port the product starts on to make its schema (default 3690).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { benchDatabase, fmt, peakRssMb, root, startProduct } from './lib.mjs';

const EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);
const STAMP_EVERY = Number(process.env.BENCH_AUDIT_STAMP_EVERY ?? 10);
const PER_MESSAGE = 5;
const DB = process.env.BENCH_AUDIT_DB ?? 'ar_bench_audit';
const dataDir = path.join(root, '.bench-data', DB === 'ar_bench_audit' ? 'audit' : DB);

const url = await benchDatabase(DB);
const count = async () => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const n = await c.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'email_eventos'");
  const events = n.rows[0].n ? (await c.query('SELECT count(*)::int AS n FROM email_eventos')).rows[0].n : 0;
  await c.end();
  return events;
};
if ((await count()) < EVENTS) {
  console.log(`seeding ${EVENTS} events (kept for the next runs)...`);
  await benchDatabase(DB, { fresh: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  // The product's own start: migrations, demo users, the built-in TSA's key in the data folder.
  const product = await startProduct({ DATABASE_URL: url, DATA_DIR: dataDir, PORT: process.env.BENCH_PORT ?? '3690', SEED_DEMO: 'true' });
  await product.stop();
  const seed = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'bench/verify-evidence-seed.ts'),
      url,
      dataDir,
      String(EVENTS),
      String(PER_MESSAGE),
      String(STAMP_EVERY),
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (seed.status !== 0) process.exit(1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/scripts/verify-evidence.ts')], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, SEED_DEMO: 'false' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
child.stdout.on('data', (c) => {
  out += c;
});
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, peakRssMb(child.pid) ?? 0);
}, 250);
const code = await new Promise((resolve) => child.on('exit', resolve));
clearInterval(sampler);
const summary = out.trim().split('\n').at(-1) ?? '';
console.log(summary);
const m = /(\d+) mensagens, (\d+) eventos, (\d+) carimbos.*\(([\d.]+) s\)/.exec(summary);
if (!m || code !== 0) {
  console.log(`the audit exited ${code}`);
  process.exit(1);
}
const [events, tokens, seconds] = [Number(m[2]), Number(m[3]), Number(m[4])];
console.log(
  `verify-evidence: ${events} events (${tokens} time stamps) in ${fmt(seconds)} s: ${fmt(events / seconds, 0)} events/s, ` +
    `${fmt(tokens / seconds, 0)} stamps/s; peak RSS ${fmt(peak, 0)} MB (shared 2-core machine: figures are noisy)`,
);
