// npm test: every level of tests — unit and API (vitest: core, server, web components) and the
// browser journeys (Playwright on the built product) — then one closing line with the totals.
// With TEST_DATABASE_URL set, the server tests and the journeys run on that PostgreSQL.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;
const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(results, file), 'utf8'));
  } catch {
    return null;
  }
};

const onlyUnit = process.argv.includes('--unit');
fs.rmSync(path.join(results, 'unit.json'), { force: true });
fs.rmSync(path.join(results, `e2e-${process.env.E2E_PORT ?? '3100'}.json`), { force: true });

const unitStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json']);
let e2eStatus = 0;
if (!onlyUnit) {
  e2eStatus = run('npm', ['run', 'build']);
  if (e2eStatus === 0) e2eStatus = run('npx', ['playwright', 'test']);
}

const unit = read('unit.json');
const e2e = read(`e2e-${process.env.E2E_PORT ?? '3100'}.json`);
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed = (unit?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);
const skipped = (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);
const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `\nunit+api: ${unit?.numPassedTests ?? 0} passed, ${unit?.numFailedTests ?? 0} failed; browser: ${e2e?.stats?.expected ?? 0} passed, ${e2e?.stats?.unexpected ?? 0} failed (${db})`,
);
// The names of what failed come last, where a log cut to its tail still shows them.
const failedUnit = (unit?.testResults ?? []).flatMap((file) =>
  (file.assertionResults ?? [])
    .filter((t) => t.status === 'failed')
    .map((t) => {
      const why = String(t.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      return `${path.relative(root, file.name)} › ${t.fullName}${why ? ` — ${why}` : ''}`;
    }),
);
const failedE2e = [];
const walk = (suite) => {
  for (const spec of suite.specs ?? []) {
    if (spec.tests?.some((t) => t.status === 'unexpected')) failedE2e.push(`${spec.file}:${spec.line} › ${spec.title}`);
  }
  for (const child of suite.suites ?? []) walk(child);
};
for (const suite of e2e?.suites ?? []) walk(suite);
for (const name of [...failedUnit, ...failedE2e]) console.log(`failed: ${name}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
const broken = unitStatus !== 0 || e2eStatus !== 0 || failed > 0 || passed === 0;
process.exit(broken ? 1 : 0);
