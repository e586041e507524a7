// Recipients import: 5,000 rows in one POST /v2/leads/import, the figure leads.test.ts used to
// assert with a wall clock (under 15 s), measured here instead (DESIGN §7: budgets are measured by
// bench/, not by timed tests). Prints the import's time for each of BENCH_RUNS runs (a new user's
// empty registry each time, so every run inserts 5,000 rows) and the median. On the embedded PGlite
// by default; BENCH_DATABASE_URL set: a PostgreSQL database of its own (ar_bench_leads_import).
// Run with `npm run bench -- leads-import` (BENCH_ROWS, BENCH_RUNS, BENCH_PORT).
import { benchDatabase, fmt, signIn, startProduct } from './lib.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = process.env.BENCH_PORT ?? '3733';
const onPostgres = !!process.env.BENCH_DATABASE_URL;
const product = await startProduct({
  ...(onPostgres ? { DATABASE_URL: await benchDatabase('ar_bench_leads_import', { fresh: true }) } : {}),
  PORT,
  SEED_DEMO: 'true',
  DATA_DIR: `/tmp/ar-bench-leads-import-${process.pid}`,
});

try {
  const users = ['usuario@demo.local', 'gerente@demo.local', 'admin@demo.local', 'pos@demo.local'];
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const token = await signIn(product.url, users[run % users.length]);
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      lea_nome: `Pessoa ${run}-${i}`,
      lea_email: `p${run}-${i}@exemplo.test`,
      lea_cidade: 'Recife',
    }));
    const t0 = performance.now();
    const res = await fetch(`${product.url}/v2/leads/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(rows),
    });
    const ms = performance.now() - t0;
    if (res.status !== 201) throw new Error(`import: ${res.status} ${await res.text()}`);
    const { count } = await res.json();
    if (count !== ROWS) throw new Error(`imported ${count} of ${ROWS}`);
    times.push(ms);
    console.log(`  run ${run + 1}: ${fmt(ms / 1000, 2)} s`);
  }
  times.sort((a, b) => a - b);
  console.log(`\nrecipients import of ${ROWS.toLocaleString('pt-BR')} rows, ${onPostgres ? 'PostgreSQL' : 'PGlite'}`);
  console.log('median s | worst s | server peak RSS MB');
  console.log(`${fmt(times[Math.floor(times.length / 2)] / 1000, 2)} | ${fmt(times.at(-1) / 1000, 2)} | ${fmt(product.peakRssMb())}`);
  console.log('budget: under 15 s');
} finally {
  await product.stop();
}
