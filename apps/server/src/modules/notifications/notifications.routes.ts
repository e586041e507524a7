import {
  idParam,
  NOTIFICATION_MSG,
  notificationClearedResponse,
  notificationListResponse,
  notificationQuery,
  totalAlertasSchema,
} from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { presentNotification } from './notifications.presenter.ts';
import * as notifications from './notifications.service.ts';

/** Notification fetch and clear (spec 000 §7 and 002 §7: "for sector 1"; the paths are ours, docs/realtime.md). */
export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Notificações';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/notificacoes',
    tag,
    summary:
      'Notificações não lidas do usuário (as 100 mais recentes), de um setor (setor=1: comprovantes) ou de todos, e os totais por setor',
    auth: true,
    query: notificationQuery,
    response: notificationListResponse,
    handler: async ({ query, scope }) => {
      const { rows, totalAlertas } = await notifications.listNotifications(ctx, scope, query.setor);
      return { notificacoes: rows.map(presentNotification), totalAlertas };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/notificacoes/total',
    tag,
    summary: 'Totais de notificações não lidas por setor (o mesmo que o evento totalAlertas do socket)',
    auth: true,
    response: totalAlertasSchema,
    handler: async ({ scope }) => notifications.totalsOf(ctx, scope),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/notificacoes',
    tag,
    summary: 'Limpar as notificações não lidas do usuário, de um setor (setor=1: comprovantes) ou de todos',
    auth: true,
    query: notificationQuery,
    response: notificationClearedResponse,
    handler: async ({ query, scope }) => ({
      message: NOTIFICATION_MSG.cleared,
      totalAlertas: await notifications.clearNotifications(ctx, scope, query.setor),
    }),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/notificacoes/:id',
    tag,
    summary: 'Limpar uma notificação do usuário',
    auth: true,
    params: idParam,
    response: notificationClearedResponse,
    handler: async ({ params, scope }) => ({
      message: NOTIFICATION_MSG.clearedOne,
      totalAlertas: await notifications.clearNotification(ctx, scope, params.id),
    }),
  });
}
