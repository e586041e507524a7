import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parser } from '@prometheus-io/lezer-promql';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import './gauges.ts';
import { registry } from './metrics.ts';

// What ships for the operator's monitoring (docs/operations.md): the alert rules and the Grafana
// dashboard. Each expression is parsed by Prometheus's own PromQL grammar (the one its web UI uses),
// and each metric it reads is one this product serves; the container files name what the docs say.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The PromQL's syntax errors (none: []) and the metric names it selects. */
function promql(expr: string): { errors: string[]; metrics: string[] } {
  const errors: string[] = [];
  const metrics: string[] = [];
  parser.parse(expr).iterate({
    enter(node) {
      if (node.type.isError) errors.push(`at ${node.from}: ${expr.slice(Math.max(0, node.from - 20), node.to + 20)}`);
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector') metrics.push(expr.slice(node.from, node.to));
    },
  });
  return { errors, metrics };
}

/** Every series name the product serves: each metric's own, with a histogram's _bucket, _sum and _count; and Prometheus's `up`. */
async function servedNames(): Promise<Set<string>> {
  const names = new Set(['up']);
  for (const m of await registry.getMetricsAsJSON()) {
    names.add(m.name);
    if (String(m.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${m.name}${suffix}`);
  }
  return names;
}

function expectValid(expr: string, served: Set<string>) {
  const { errors, metrics } = promql(expr);
  expect(errors, expr).toEqual([]);
  expect(metrics.length, expr).toBeGreaterThan(0);
  expect(
    metrics.filter((m) => !served.has(m)),
    expr,
  ).toEqual([]);
}

describe('the Prometheus alert rules (docs/prometheus-alerts.yaml)', () => {
  const file = parseYaml(read('docs/prometheus-alerts.yaml')) as {
    groups: { name: string; rules: { alert: string; expr: string; for?: string; labels: { severity: string } }[] }[];
  };
  const rules = file.groups.flatMap((g) => g.rules);

  it('are a rules file whose every expression parses and reads metrics the product serves', async () => {
    const served = await servedNames();
    expect(rules.length).toBeGreaterThan(5);
    for (const rule of rules) {
      expect(rule.alert).toMatch(/^ArOnline[A-Za-z]+$/);
      expect(['warning', 'critical']).toContain(rule.labels.severity);
      if (rule.for) expect(rule.for).toMatch(/^\d+[smh]$/);
      expectValid(rule.expr, served);
    }
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
  });

  it('alert on what the operations guide names: backlog, provider failures, TSA, backups, the evidence audit', () => {
    const alerts = rules.map((r) => r.alert);
    for (const name of [
      'ArOnlineQueueBacklogGrowing',
      'ArOnlineProviderFailureRate',
      'ArOnlineTimestampFailing',
      'ArOnlineNoRecentBackup',
      'ArOnlineEvidenceAuditBroken',
    ])
      expect(alerts).toContain(name);
    expect(rules.find((r) => r.alert === 'ArOnlineNoRecentBackup')?.expr).toContain('26 * 3600');
  });

  // Prometheus's own checker, where it is installed (Debian's package prometheus): the rules file as Prometheus loads it.
  const promtool = (() => {
    try {
      execFileSync('promtool', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  it.skipIf(!promtool)('promtool check rules accepts the file', () => {
    const out = execFileSync('promtool', ['check', 'rules', path.join(root, 'docs/prometheus-alerts.yaml')]).toString();
    expect(out).toContain(`SUCCESS: ${rules.length} rules found`);
  });

  it('the grammar is not a rubber stamp: a broken expression and an unknown metric are caught', async () => {
    expect(promql('sum(rate(ar_messages_total[5m]) >').errors).not.toEqual([]);
    expect((await servedNames()).has('ar_mensagens_total')).toBe(false);
  });
});

describe('the Grafana dashboard (docs/grafana-dashboard.json)', () => {
  it('is a dashboard whose every panel query parses and reads metrics the product serves', async () => {
    const dashboard = JSON.parse(read('docs/grafana-dashboard.json')) as {
      uid: string;
      panels: { type: string; title: string; targets?: { expr: string }[] }[];
    };
    const served = await servedNames();
    const queries = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr.replaceAll('$job', 'ar-online')));
    expect(queries.length).toBeGreaterThan(10);
    for (const expr of queries) expectValid(expr, served);
    const selected = new Set(queries.flatMap((q) => promql(q).metrics));
    for (const name of ['ar_messages_total', 'ar_queue_jobs', 'ar_backup_last_success_timestamp_seconds', 'ar_evidence_audit_breaks'])
      expect(selected).toContain(name);
  });
});

describe('the container files', () => {
  it('Dockerfile: Node 22 in two stages, npm ci and the build, a non-root user, DATA_DIR a volume, HEALTHCHECK on /healthz', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile.match(/^FROM node:22\S*/gm)?.length).toBe(2);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/DATA_DIR=\/data/);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
  });

  it('compose.yaml: PostgreSQL with its volume, the product as ROLE=web and ROLE=worker on it, the optional store and SMTP catcher', () => {
    const compose = parseYaml(read('compose.yaml'), { merge: true }) as {
      services: Record<string, { image?: string; environment?: Record<string, string>; volumes?: string[]; profiles?: string[] }>;
      volumes: Record<string, unknown>;
    };
    const { postgres, web, worker, minio, mailpit } = compose.services;
    expect(postgres?.image).toMatch(/^postgres:/);
    expect(postgres?.volumes).toContain('pg-data:/var/lib/postgresql/data');
    expect(web?.environment?.ROLE).toBe('web');
    expect(worker?.environment?.ROLE).toBe('worker');
    for (const product of [web, worker]) {
      expect(product?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/ar:.*@postgres:5432\/ar$/);
      expect(product?.volumes).toContain('ar-data:/data');
    }
    expect(minio?.profiles).toEqual(['s3']);
    expect(mailpit?.profiles).toEqual(['mail']);
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['pg-data', 'ar-data']));
  });
});
