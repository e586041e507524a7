import { backupsStatusResponse } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { requirePermission } from '../tenancy/tenant-scope.ts';
import { lastAudit, lastBackups } from './backup.queries.ts';

export function backupRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/backups',
    tag: 'Administração',
    summary:
      'Backups agendados e a última auditoria de evidências (administrador, nível 3); as quebras em detalhe ficam no log e em npm run verify-evidence',
    auth: true,
    response: backupsStatusResponse,
    handler: async ({ scope }) => {
      requirePermission(scope.canManageEntities);
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
    },
  });
}
