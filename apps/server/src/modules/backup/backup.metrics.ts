import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { registerOperationsSources } from '../../ops/gauges.ts';
import { lastBackupSuccess, lastCompletedAudit } from './backup.queries.ts';

/**
 * Feeds /metrics' backup and evidence-audit gauges (ar_backup_last_success_timestamp_seconds,
 * ar_evidence_audit_breaks, ar_evidence_audit_last_run_timestamp_seconds) from the runs the
 * scheduled backups and the nightly audit record; every process that serves /metrics calls it at start.
 */
export function registerBackupGauges(db: Kysely<DB>): void {
  registerOperationsSources({
    lastBackupSuccess: () => lastBackupSuccess(db),
    lastEvidenceAudit: () => lastCompletedAudit(db),
  });
}
