import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { insertMessage } from '../../../test/messages.ts';
import { registry } from '../../ops/metrics.ts';
import { recordEvent } from '../emails/events.ts';
import { registerBackupGauges } from './backup.metrics.ts';
import { lastBackupSuccess } from './backup.queries.ts';
import { nightlyAudit, scheduledBackup } from './backup.worker.ts';

// The scheduled backup and the nightly audit record their runs; the administrators' screen
// (GET /v2/backups) shows them; the metrics read the last success and the last audit's breaks.

const t = useTestApp({ BACKUP_PASSPHRASE: 'senha do agendamento 2026', BACKUP_KEEP: '2' });

/** One gauge's value as /metrics serves it (the gauges read the recorded runs at each scrape). */
async function gauge(name: string): Promise<number | null> {
  registerBackupGauges(t.ctx.db);
  const text = await registry.getSingleMetricAsString(name);
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : null;
}

describe('scheduled backups and the nightly audit', () => {
  it('keeps BACKUP_KEEP backups, records each, and the screen lists them', async () => {
    expect(await lastBackupSuccess(t.ctx.db)).toBeNull();
    expect(await gauge('ar_backup_last_success_timestamp_seconds')).toBe(0);
    for (let i = 0; i < 3; i++) await scheduledBackup(t.ctx, t.t.database);
    const files = (await fs.readdir(t.config.backup.dir)).filter((f) => f.endsWith('.arbk'));
    expect(files).toHaveLength(2);
    const last = await lastBackupSuccess(t.ctx.db);
    expect(last).toBeInstanceOf(Date);
    expect(await gauge('ar_backup_last_success_timestamp_seconds')).toBe((last as Date).getTime() / 1000);
    const res = await t.call('GET', '/backups', await t.as('admin@demo.local'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.agendamento).toEqual({ ativo: true, cron: '0 2 * * *', manter: 2 });
    expect(body.backups).toHaveLength(3);
    expect(body.backups[0]).toMatchObject({ sucesso: true, erro: null });
    expect(body.backups[0].tamanho).toBeGreaterThan(1000);
  }, 120_000);

  it('records a failed backup and throws (the queue reports it)', async () => {
    const blocked = path.join(t.config.dataDir, 'bloqueado');
    await fs.writeFile(blocked, 'um arquivo onde deveria haver uma pasta');
    const ctx = { ...t.ctx, config: { ...t.config, backup: { ...t.config.backup, dir: blocked } } };
    await expect(scheduledBackup(ctx, t.t.database)).rejects.toThrow();
    const res = await t.call('GET', '/backups', await t.as('admin@demo.local'));
    expect(res.json().backups[0]).toMatchObject({ sucesso: false, tamanho: null });
    expect(res.json().backups[0].erro).toBeTruthy();
  }, 60_000);

  it('records the audit: no break, then the break of a changed event', async () => {
    const { ema_uni_codigo } = await insertMessage(t.ctx.db, { login: 'usuario@demo.local', at: new Date() });
    for (const tipo of ['processed', 'send', 'delivered'] as const)
      await recordEvent(t.ctx.db, { cod_email: ema_uni_codigo, canal: 'email', tipo, ip: null });
    await nightlyAudit(t.ctx, t.t.database);
    expect(await gauge('ar_evidence_audit_breaks')).toBe(0);
    expect(await gauge('ar_evidence_audit_last_run_timestamp_seconds')).toBeGreaterThan(0);
    await sql`ALTER TABLE email_eventos DISABLE TRIGGER email_eventos_somente_inclusao`.execute(t.ctx.db);
    try {
      await sql`UPDATE email_eventos SET evt_detalhes = '{"alterado": true}' WHERE cod_email = ${ema_uni_codigo} AND evt_seq = 2`.execute(
        t.ctx.db,
      );
    } finally {
      await sql`ALTER TABLE email_eventos ENABLE TRIGGER email_eventos_somente_inclusao`.execute(t.ctx.db);
    }
    await nightlyAudit(t.ctx, t.t.database);
    expect(await gauge('ar_evidence_audit_breaks')).toBe(1);
    const res = await t.call('GET', '/backups', await t.as('admin@demo.local'));
    expect(res.json().auditoria).toMatchObject({ quebras: 1, erro: null });
  }, 60_000);

  it('is for administrators only', async () => {
    expect((await t.call('GET', '/backups', await t.as('gerente@demo.local'))).statusCode).toBe(403);
    expect((await t.call('GET', '/backups')).statusCode).toBe(401);
  });
});
