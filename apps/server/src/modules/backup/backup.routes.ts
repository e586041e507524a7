import { backupsStatusResponse } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { requirePermission } from '../tenancy/tenant-scope.ts';
import { backupsStatus } from './backup.service.ts';

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
      return backupsStatus(ctx);
    },
  });
}
