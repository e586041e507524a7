import fs from 'node:fs/promises';
import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { reportMessage } from '../../reporting/error-reporting.ts';
import { runAudit } from './audit-run.ts';
import { recordAudit, recordBackup } from './backup.queries.ts';
import { createBackup } from './backup.ts';

/**
 * Scheduled backups and the nightly evidence audit (docs/backups.md), as pg-boss schedules: a
 * schedule queues one job per tick however many processes run, and one worker takes it. A backup
 * that fails or an audit that breaks is recorded, logged and reported like any other job's
 * failure (queue/boss.ts wraps every handler).
 */

export const BACKUP_QUEUE = 'backup-agendado';
export const AUDIT_QUEUE = 'auditoria-evidencias';
/** The nightly audit, in Brasília time: after the default backup (02:00), before the working day. */
export const AUDIT_SCHEDULE = '30 3 * * *';
const TZ = 'America/Sao_Paulo';
const FILE_PREFIX = 'ar-online-';
const FILE_SUFFIX = '.arbk';

export async function createBackupQueues(boss: PgBoss): Promise<void> {
  // No retry: the next tick is the next try, and a failure is reported at once. Hours allowed to run.
  await boss.createQueue(BACKUP_QUEUE, { retryLimit: 0, expireInSeconds: 6 * 3600 });
  await boss.createQueue(AUDIT_QUEUE, { retryLimit: 0, expireInSeconds: 6 * 3600 });
}

export async function startBackupWorkers(ctx: AppContext, database: Database): Promise<void> {
  const boss = ctx.boss;
  if (!boss) return;
  await createBackupQueues(boss);
  await boss.work(BACKUP_QUEUE, { batchSize: 1, pollingIntervalSeconds: 30 }, async () => {
    await scheduledBackup(ctx, database);
  });
  await boss.work(AUDIT_QUEUE, { batchSize: 1, pollingIntervalSeconds: 30 }, async () => {
    await nightlyAudit(ctx, database);
  });
  const { passphrase, schedule } = ctx.config.backup;
  if (passphrase) await boss.schedule(BACKUP_QUEUE, schedule, {}, { tz: TZ });
  else await boss.unschedule(BACKUP_QUEUE);
  await boss.schedule(AUDIT_QUEUE, AUDIT_SCHEDULE, {}, { tz: TZ });
}

/** One scheduled backup into BACKUP_DIR, then the oldest beyond BACKUP_KEEP removed. */
export async function scheduledBackup(ctx: AppContext, database: Database): Promise<void> {
  const { dir, keep, passphrase } = ctx.config.backup;
  const inicio = new Date();
  if (!passphrase) return;
  const target = path.join(dir, `${FILE_PREFIX}${inicio.toISOString().replace(/[:.]/g, '-')}${FILE_SUFFIX}`);
  try {
    const result = await createBackup({ config: ctx.config, target, passphrase, database });
    await recordBackup(ctx.db, { inicio, sucesso: true, arquivo: result.arquivo, tamanho: result.tamanho, erro: null });
    ctx.log.info({ arquivo: result.arquivo, tamanho: result.tamanho }, 'backup agendado gravado');
    await rotate(dir, keep);
  } catch (error) {
    ctx.log.error({ err: error }, 'backup agendado falhou');
    await recordBackup(ctx.db, { inicio, sucesso: false, arquivo: null, tamanho: null, erro: (error as Error).message.slice(0, 2000) });
    throw error;
  }
}

/** Keeps the `keep` newest scheduled backups (by name: the time is in it); others' files are left alone. */
async function rotate(dir: string, keep: number): Promise<void> {
  const ours = (await fs.readdir(dir)).filter((f) => f.startsWith(FILE_PREFIX) && f.endsWith(FILE_SUFFIX)).sort();
  for (const old of ours.slice(0, Math.max(0, ours.length - keep))) await fs.rm(path.join(dir, old), { force: true });
}

/** The nightly evidence audit: recorded; a break is logged and reported as an error. */
export async function nightlyAudit(ctx: AppContext, database: Database): Promise<void> {
  const inicio = new Date();
  try {
    const result = await runAudit(ctx.config, database, {}, () => {});
    await recordAudit(ctx.db, inicio, result);
    if (result.summary.quebras > 0) {
      ctx.log.error(
        { quebras: result.summary.quebras, primeiras: result.breaks.slice(0, 10) },
        'auditoria de evidências encontrou quebras',
      );
      reportMessage(`Auditoria de evidências: ${result.summary.quebras} quebra(s)`, {
        where: 'fila',
        name: AUDIT_QUEUE,
        extra: { quebras: result.summary.quebras, mensagens: result.summary.mensagens },
      });
    } else ctx.log.info({ ...result.summary }, 'auditoria de evidências sem quebras');
  } catch (error) {
    ctx.log.error({ err: error }, 'auditoria de evidências falhou');
    await recordAudit(ctx.db, inicio, { erro: (error as Error).message.slice(0, 2000) });
    throw error;
  }
}
