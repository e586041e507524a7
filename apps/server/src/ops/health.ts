import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { migrations } from '../db/migrations/index.ts';
import { EMAIL_SEND_QUEUE } from '../modules/emails/send.worker.ts';
import { evidenceTsa } from '../modules/evidence/evidence.service.ts';
import { requestStamp } from '../modules/evidence/tsa/tsa-client.ts';
import { pingDatabase } from '../modules/status/status.queries.ts';
import { recordedMigrations } from './health.queries.ts';
import type { Lifecycle } from './lifecycle.ts';
import { lastTimestamp } from './metrics.ts';

// GET /healthz and GET /readyz (docs/operations.md, "Health"): outside /v2, no session, answered
// while the process drains. /v2/status-connectivity stays as the spec has it.

/** How long one readiness check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 3_000;
/**
 * How long a time-stamp outcome answers for the TSA: a real stamp of this process within it is the
 * check; without one, /readyz asks the TSA for a stamp over a fixed hash, at most this often (an
 * accredited ACT may charge per stamp: 12 an hour per idle process, none while stamps flow).
 */
export const TSA_CHECK_TTL_MS = 5 * 60_000;
const PROBE_HASH = createHash('sha256').update('AR Online: verificação de prontidão da TSA').digest('hex');

export interface CheckResult {
  status: 'ok' | 'falha';
  ms: number;
  /** What failed, in words (never a secret: the message of the error). */
  erro?: string;
}

export interface HealthOptions {
  lifecycle: Lifecycle;
  /** The PostgreSQL schema of the product's tables (tests isolate each file in one); unset: public. */
  schema?: string;
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: sem resposta em ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function timed(what: string, check: () => Promise<void>): Promise<CheckResult> {
  const started = performance.now();
  try {
    await withTimeout(check(), what);
    return { status: 'ok', ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'falha', ms: Math.round(performance.now() - started), erro: error instanceof Error ? error.message : String(error) };
  }
}

let tsaProbe: Promise<void> | null = null;

/** The TSA answers: this process's last stamp within TSA_CHECK_TTL_MS, or one probe stamp now (shared by concurrent checks). */
async function checkTsa(ctx: AppContext): Promise<void> {
  const last = lastTimestamp;
  if (last && Date.now() - last.at < TSA_CHECK_TTL_MS) {
    if (last.error) throw new Error(`último carimbo falhou: ${last.error}`);
    return;
  }
  tsaProbe ??= (async () => {
    const tsa = await evidenceTsa(ctx.config);
    await requestStamp(PROBE_HASH, { url: ctx.config.tsaUrl, builtin: tsa.builtin });
  })().finally(() => {
    tsaProbe = null;
  });
  await tsaProbe;
}

/** Every migration the code knows has run (a process of an older version, or a migration still running, is not ready). */
async function checkMigrations(ctx: AppContext, schema?: string): Promise<void> {
  const done = await recordedMigrations(ctx.db, schema);
  const pending = Object.keys(migrations).filter((name) => !done.has(name));
  if (pending.length) throw new Error(`${pending.length} migração(ões) pendente(s): ${pending.slice(0, 3).join(', ')}`);
}

export async function readiness(ctx: AppContext, opts: HealthOptions): Promise<Record<string, CheckResult>> {
  const checks: Record<string, CheckResult> = {};
  // First and without waiting: a draining process says so at once (the load balancer stops sending).
  checks.encerramento = opts.lifecycle.draining
    ? { status: 'falha', ms: 0, erro: 'processo em encerramento (SIGTERM)' }
    : { status: 'ok', ms: 0 };
  const [database, migrationLevel, queue, tsa] = await Promise.all([
    timed('banco de dados', () => pingDatabase(ctx.db)),
    timed('migrações', () => checkMigrations(ctx, opts.schema)),
    timed('fila', async () => {
      if (!ctx.boss) throw new Error('fila não iniciada neste processo');
      await ctx.boss.getQueues([EMAIL_SEND_QUEUE]);
    }),
    timed('TSA', () => checkTsa(ctx)),
  ]);
  Object.assign(checks, { banco: database, migracoes: migrationLevel, fila: queue, tsa });
  return checks;
}

export function healthRoutes(app: FastifyInstance, ctx: Omit<AppContext, 'log'>, opts: HealthOptions): void {
  const full = ctx as AppContext;
  // The process answers: no database call, so a slow database never gets a live process restarted.
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok', checks: { processo: { status: 'ok', ms: 0 } } };
  });
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const checks = await readiness(full, opts);
    const failing = Object.entries(checks)
      .filter(([, c]) => c.status === 'falha')
      .map(([name]) => name);
    if (failing.length) return reply.status(503).send({ status: 'falha', falhas: failing, checks });
    return { status: 'ok', checks };
  });
}
