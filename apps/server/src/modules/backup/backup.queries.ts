import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AuditBreak, AuditSummary } from './audit.ts';

/** A scheduled backup's run, success or failure (migration 0044). */
export async function recordBackup(
  db: Kysely<DB>,
  run: { inicio: Date; sucesso: boolean; arquivo: string | null; tamanho: number | null; erro: string | null },
): Promise<void> {
  await db
    .insertInto('backups')
    .values({ bkp_inicio: run.inicio, bkp_sucesso: run.sucesso, bkp_arquivo: run.arquivo, bkp_tamanho: run.tamanho, bkp_erro: run.erro })
    .execute();
}

/** An audit's run: its counts and first breaks, or the error that stopped it. */
export async function recordAudit(
  db: Kysely<DB>,
  inicio: Date,
  result: { summary: AuditSummary; breaks: AuditBreak[] } | { erro: string },
): Promise<void> {
  const values =
    'erro' in result
      ? { aud_inicio: inicio, aud_erro: result.erro }
      : {
          aud_inicio: inicio,
          aud_mensagens: result.summary.mensagens,
          aud_eventos: result.summary.eventos,
          aud_carimbos: result.summary.carimbos,
          aud_arquivos: result.summary.arquivos,
          aud_quebras: result.summary.quebras,
          aud_detalhes: JSON.stringify(result.breaks),
        };
  await db.insertInto('auditorias_evidencia').values(values).execute();
}

export function lastBackups(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom('backups')
    .select(['bkp_codigo', 'bkp_inicio', 'bkp_fim', 'bkp_sucesso', 'bkp_arquivo', 'bkp_tamanho', 'bkp_erro'])
    .orderBy('bkp_inicio', 'desc')
    .orderBy('bkp_codigo', 'desc')
    .limit(limit)
    .execute();
}

export function lastAudit(db: Kysely<DB>) {
  return db
    .selectFrom('auditorias_evidencia')
    .select(['aud_inicio', 'aud_fim', 'aud_mensagens', 'aud_eventos', 'aud_carimbos', 'aud_arquivos', 'aud_quebras', 'aud_erro'])
    .orderBy('aud_inicio', 'desc')
    .orderBy('aud_codigo', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** For the metrics (ar_backup_last_success_timestamp_seconds): when the last successful backup ended, or null. */
export async function lastBackupSuccess(db: Kysely<DB>): Promise<Date | null> {
  const row = await db
    .selectFrom('backups')
    .select((b) => b.fn.max('bkp_fim').as('fim'))
    .where('bkp_sucesso', '=', true)
    .executeTakeFirst();
  return row?.fim ? new Date(row.fim) : null;
}

/** For the metrics (ar_evidence_audit_breaks and its last run): the last audit that ran to its end, or null. */
export async function lastCompletedAudit(db: Kysely<DB>): Promise<{ finishedAt: Date; breaks: number } | null> {
  const row = await db
    .selectFrom('auditorias_evidencia')
    .select(['aud_fim', 'aud_quebras'])
    .where('aud_erro', 'is', null)
    .where('aud_fim', 'is not', null)
    .orderBy('aud_fim', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.aud_fim ? { finishedAt: new Date(row.aud_fim), breaks: Number(row.aud_quebras) } : null;
}
