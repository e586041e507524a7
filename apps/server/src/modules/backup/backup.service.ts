import type { BackupsStatus } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { lastAudit, lastBackups } from './backup.queries.ts';

/** GET /v2/backups: the schedule's settings, the last 20 scheduled backups and the last audit (docs/backups.md). */
export async function backupsStatus(ctx: AppContext): Promise<BackupsStatus> {
  const [backups, audit] = await Promise.all([lastBackups(ctx.db, 20), lastAudit(ctx.db)]);
  const { passphrase, schedule, keep } = ctx.config.backup;
  return {
    agendamento: { ativo: passphrase !== null, cron: schedule, manter: keep },
    backups: backups.map((b) => ({
      inicio: new Date(b.bkp_inicio).toISOString(),
      fim: new Date(b.bkp_fim).toISOString(),
      sucesso: b.bkp_sucesso,
      tamanho: b.bkp_tamanho === null ? null : Number(b.bkp_tamanho),
      erro: b.bkp_erro,
    })),
    auditoria: audit
      ? {
          inicio: new Date(audit.aud_inicio).toISOString(),
          fim: new Date(audit.aud_fim).toISOString(),
          mensagens: Number(audit.aud_mensagens),
          eventos: Number(audit.aud_eventos),
          carimbos: Number(audit.aud_carimbos),
          arquivos: Number(audit.aud_arquivos),
          quebras: Number(audit.aud_quebras),
          erro: audit.aud_erro,
        }
      : null,
  };
}
