import {
  dashboardBody,
  dashboardChannelsResponse,
  dashboardDeliveredOpenResponse,
  dashboardReceivedSentResponse,
  dashboardResumeResponse,
  dashboardSentDeliveredResponse,
  dashboardTagsResponse,
} from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import {
  presentChannels,
  presentDeliveredOpen,
  presentReceivedSent,
  presentResume,
  presentSentDelivered,
  presentTags,
} from './dashboard.presenter.ts';
import * as dashboard from './dashboard.service.ts';

/**
 * The dashboard (spec 000 §7): six POST calls, each with { dateRange: [from, to], tag, escopo? }
 * (docs/dashboard.md). A range the spec refuses is a 400 with its text; a scope the level may not
 * choose, a 403.
 */
export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Dashboard';
  const common = { tag, auth: true as const, body: dashboardBody };

  defineRoute(app, ctx, {
    ...common,
    method: 'POST',
    url: '/dashboard/resume',
    summary: 'Totais do período: recebidos, enviados, entregues, lidos (por pessoas) e envios com etiqueta',
    response: dashboardResumeResponse,
    handler: async ({ body, scope }) => presentResume(await dashboard.totals(ctx, scope, body)),
  });

  defineRoute(app, ctx, {
    ...common,
    method: 'POST',
    url: '/dashboard/receivedSent',
    summary: 'Recebidos e enviados por dia (dias de Brasília, um valor por dia do período)',
    response: dashboardReceivedSentResponse,
    handler: async ({ body, scope }) => presentReceivedSent(body, await dashboard.dayCounts(ctx, scope, body)),
  });

  defineRoute(app, ctx, {
    ...common,
    method: 'POST',
    url: '/dashboard/sentDelivered',
    summary: 'Enviados e entregues por dia',
    response: dashboardSentDeliveredResponse,
    handler: async ({ body, scope }) => presentSentDelivered(body, await dashboard.dayCounts(ctx, scope, body)),
  });

  defineRoute(app, ctx, {
    ...common,
    method: 'POST',
    url: '/dashboard/deliveredOpen',
    summary: 'Entregues e lidos (por pessoas) por dia',
    response: dashboardDeliveredOpenResponse,
    handler: async ({ body, scope }) => presentDeliveredOpen(body, await dashboard.dayCounts(ctx, scope, body)),
  });

  defineRoute(app, ctx, {
    ...common,
    method: 'POST',
    url: '/dashboard/channels',
    summary: 'Envios por canal e dia (e-mail, SMS, WhatsApp, voz, carta)',
    response: dashboardChannelsResponse,
    handler: async ({ body, scope }) => presentChannels(body, await dashboard.dayCounts(ctx, scope, body)),
  });

  defineRoute(app, ctx, {
    ...common,
    method: 'POST',
    url: '/dashboard/tags',
    summary: 'Envios por etiqueta no período',
    response: dashboardTagsResponse,
    handler: async ({ body, scope }) => presentTags(await dashboard.tagCounts(ctx, scope, body)),
  });
}
