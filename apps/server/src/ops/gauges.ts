import client from 'prom-client';
import { registry } from './metrics.ts';

// Gauges read when Prometheus scrapes, from the database: the same in every process of one
// installation, so the cluster's sum takes one process's value ('max'), not N times it.

/** What the queue gauge reads: each queue's counts (pg-boss's getQueues(), kept by its monitor every 10 s). */
export type QueueCounts = () => Promise<
  { name: string; readyCount: number; deferredCount: number; activeCount: number; failedCount: number }[]
>;

let queueCounts: QueueCounts | null = null;

/**
 * The process's queue, read at each scrape (runtime.ts); null: this process has none (the gauge is
 * empty). Answers the function that stops reading it (at the runtime's close), unless another took its place.
 */
export function watchQueue(counts: QueueCounts | null): () => void {
  queueCounts = counts;
  return () => {
    if (queueCounts === counts) queueCounts = null;
  };
}

export const QUEUE_STATES = ['ready', 'deferred', 'active', 'failed'] as const;

export const queueJobs = new client.Gauge({
  name: 'ar_queue_jobs',
  help: 'Tarefas na fila (pg-boss), por fila e estado: ready (a fazer já), deferred (agendadas), active, failed (retidas)',
  labelNames: ['queue', 'state'] as const,
  aggregator: 'max',
  registers: [registry],
  async collect() {
    this.reset();
    if (!queueCounts) return;
    // A queue that cannot be read leaves the gauge empty for this scrape; /readyz names it (fila).
    const queues = await queueCounts().catch(() => []);
    for (const q of queues) {
      this.set({ queue: q.name, state: 'ready' }, q.readyCount);
      this.set({ queue: q.name, state: 'deferred' }, q.deferredCount);
      this.set({ queue: q.name, state: 'active' }, q.activeCount);
      this.set({ queue: q.name, state: 'failed' }, q.failedCount);
    }
  },
});

type Maybe<T> = T | Promise<T>;

/**
 * Where the backup and evidence-audit gauges read from (docs/backups.md): the scheduled backups and
 * the nightly audit record their runs; these answer the last ones. Registered once at start by the
 * code that runs them; until then the two gauges have no value.
 */
export interface OperationsSources {
  /** When the last backup that succeeded finished; null: none yet. */
  lastBackupSuccess(): Maybe<Date | null>;
  /** The last evidence audit that ran to its end: when it finished and how many breaks it found; null: none yet. */
  lastEvidenceAudit(): Maybe<{ finishedAt: Date; breaks: number } | null>;
}

let sources: Partial<OperationsSources> = {};

/** Feeds the backup and audit gauges (called by the backup and audit code at start; a later call replaces an earlier one's sources). */
export function registerOperationsSources(next: Partial<OperationsSources>): void {
  sources = { ...sources, ...next };
}

export const backupLastSuccess = new client.Gauge({
  name: 'ar_backup_last_success_timestamp_seconds',
  help: 'Quando terminou o último backup bem-sucedido (segundos Unix); 0: nenhum ainda',
  aggregator: 'max',
  registers: [registry],
  async collect() {
    this.reset();
    if (!sources.lastBackupSuccess) return;
    const at = await sources.lastBackupSuccess();
    this.set(at ? at.getTime() / 1000 : 0);
  },
});

export const evidenceAuditBreaks = new client.Gauge({
  name: 'ar_evidence_audit_breaks',
  help: 'Quebras encontradas pela última auditoria das evidências (0: todas as cadeias e carimbos conferem)',
  aggregator: 'max',
  registers: [registry],
  async collect() {
    this.reset();
    const audit = await sources.lastEvidenceAudit?.();
    if (audit) this.set(audit.breaks);
  },
});

export const evidenceAuditLastRun = new client.Gauge({
  name: 'ar_evidence_audit_last_run_timestamp_seconds',
  help: 'Quando terminou a última auditoria das evidências (segundos Unix); 0: nenhuma ainda',
  aggregator: 'max',
  registers: [registry],
  async collect() {
    this.reset();
    if (!sources.lastEvidenceAudit) return;
    const audit = await sources.lastEvidenceAudit();
    this.set(audit ? audit.finishedAt.getTime() / 1000 : 0);
  },
});
