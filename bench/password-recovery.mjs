// Password recovery answers in the same time whether the address exists or not (an attacker must
// not learn which e-mails have an account). forced-password.test.ts checks why it holds (the
// request only queues a job, for any address; nothing is sent in it); the time itself is measured
// here, not by a timed test: BENCH_ROUNDS alternating requests for a known address (the four demo
// users in turn, at most 5 each: past the per-address limit a request does less work) and a new
// unknown one, each from its own client address (TRUST_PROXY, X-Forwarded-For: past 20 an hour
// from one address the answer is 429), p50 and p95 of each and the difference of the medians. On the embedded PGlite by default;
// BENCH_DATABASE_URL set: a PostgreSQL database of its own (ar_bench_password_recovery).
// Run with `npm run bench -- password-recovery` (BENCH_ROUNDS, BENCH_PORT).
import { benchDatabase, fmt, startProduct } from './lib.mjs';

const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? 20), 20);
const KNOWN = ['usuario@demo.local', 'gerente@demo.local', 'admin@demo.local', 'pos@demo.local'];
let client = 0;
const PORT = process.env.BENCH_PORT ?? '3734';
const onPostgres = !!process.env.BENCH_DATABASE_URL;
const product = await startProduct({
  ...(onPostgres ? { DATABASE_URL: await benchDatabase('ar_bench_password_recovery', { fresh: true }) } : {}),
  PORT,
  SEED_DEMO: 'true',
  TRUST_PROXY: 'true',
  DATA_DIR: `/tmp/ar-bench-password-recovery-${process.pid}`,
});

async function ask(email) {
  const t0 = performance.now();
  const res = await fetch(`${product.url}/v2/usuarios/password-recovery`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${++client % 250}` },
    body: JSON.stringify({ emailUserRecovery: email }),
  });
  await res.text();
  if (!res.ok) throw new Error(`recovery: ${res.status}`);
  return performance.now() - t0;
}

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)];

try {
  await ask('aquecimento@exemplo.test');
  const known = [];
  const unknown = [];
  for (let i = 0; i < ROUNDS; i++) {
    known.push(await ask(KNOWN[i % KNOWN.length]));
    unknown.push(await ask(`ninguem${i}@exemplo.test`));
  }
  console.log(`\npassword recovery, ${ROUNDS} requests each, ${onPostgres ? 'PostgreSQL' : 'PGlite'}`);
  console.log('address | p50 ms | p95 ms');
  console.log(`known | ${fmt(quantile(known, 0.5))} | ${fmt(quantile(known, 0.95))}`);
  console.log(`unknown | ${fmt(quantile(unknown, 0.5))} | ${fmt(quantile(unknown, 0.95))}`);
  console.log(
    `difference of the medians: ${fmt(Math.abs(quantile(known, 0.5) - quantile(unknown, 0.5)))} ms (the test's old limit: 750 ms)`,
  );
} finally {
  await product.stop();
}
