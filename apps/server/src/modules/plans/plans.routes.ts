import {
  creditHistoryQuery,
  creditHistoryResponse,
  creditStateSchema,
  creditsChangedResponse,
  idParam,
  movementsQuery,
  planListQuery,
  planListResponse,
  planMovementsResponse,
  planoEntidadeUserQuery,
  planoQuery,
  planStatusBody,
  planStatusResponse,
  planSummarySchema,
  planUpdateBody,
} from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import {
  presentCreditLog,
  presentCredits,
  presentCreditsChanged,
  presentMovement,
  presentPlan,
  presentPlanStatus,
  presentSummary,
} from './plans.presenter.ts';
import * as plans from './plans.service.ts';

/** Plans and credits (spec 000 §7; list and activation paths are ours, docs/plans.md). */
export function planRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Planos e créditos';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/plano',
    tag,
    summary: 'Créditos de um plano (codigo: usuário se tipo 1, entidade se tipo 2); sem parâmetros, o plano do usuário',
    auth: true,
    query: planoQuery,
    response: creditStateSchema,
    handler: async ({ scope, query }) => presentCredits(await plans.creditState(ctx, scope, query)),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/plano-usuario',
    tag,
    summary: 'O plano do usuário (próprio se pré-pago, da entidade se pós-pago), créditos e última aquisição',
    auth: true,
    response: planSummarySchema,
    handler: async ({ scope }) => {
      const { row, last } = await plans.planSummaryOf(ctx, scope);
      return presentSummary(row, scope, last);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/plano-entidade-user',
    tag,
    summary: 'O plano de que um usuário consome (usu_codigo; sem ele, o próprio), para o gerente',
    auth: true,
    query: planoEntidadeUserQuery,
    response: planSummarySchema,
    handler: async ({ scope, query }) => {
      const { row, last } = await plans.planSummaryOf(ctx, scope, query.usu_codigo);
      return presentSummary(row, scope, last);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/historico-plano/:id',
    tag,
    summary: 'Histórico de compras de créditos do plano (log_creditos), 10 por página, log_codigo DESC',
    auth: true,
    params: idParam,
    query: creditHistoryQuery,
    response: creditHistoryResponse,
    handler: async ({ scope, params, query }) => {
      const { rows, pagination } = await plans.creditHistory(ctx, scope, params.id, query);
      return { historico: rows.map(presentCreditLog), pagination };
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/plano',
    tag,
    summary: 'Adicionar (pla_total_credito > 0) ou remover (< 0) créditos de um plano pré-pago; nunca abaixo de zero',
    auth: true,
    body: planUpdateBody,
    response: creditsChangedResponse,
    handler: async ({ scope, body }) => presentCreditsChanged(await plans.changeCredits(ctx, scope, body), scope),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/planos',
    tag,
    summary: 'Tabela de planos por usuário ou entidade (25 por página)',
    auth: true,
    query: planListQuery,
    response: planListResponse,
    handler: async ({ scope, query }) => {
      const { rows, pagination } = await plans.listPlans(ctx, scope, query);
      return { planos: rows.map((r) => presentPlan(r, scope)), pagination };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/planos/:id/movimentos',
    tag,
    summary: 'Movimentações de créditos do plano (compras, ajustes, envios, estornos), 10 por página, mais recentes primeiro',
    auth: true,
    params: idParam,
    query: movementsQuery,
    response: planMovementsResponse,
    handler: async ({ scope, params, query }) => {
      const { rows, pagination } = await plans.planMovements(ctx, scope, params.id, query);
      return { movimentos: rows.map(presentMovement), pagination };
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/planos/:id/status',
    tag,
    summary: 'Ativar (pla_ativo 1) ou desativar (0) um plano',
    auth: true,
    params: idParam,
    body: planStatusBody,
    response: planStatusResponse,
    handler: async ({ scope, params, body }) =>
      presentPlanStatus(await plans.changePlanStatus(ctx, scope, params.id, body.pla_ativo), scope),
  });
}
