import {
  creditHistoryQuery,
  idParam,
  movementsQuery,
  planListQuery,
  planoEntidadeUserQuery,
  planoQuery,
  planStatusBody,
  planUpdateBody,
} from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
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
    handler: ({ actor, query }) => plans.creditState(ctx.db, actor, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/plano-usuario',
    tag,
    summary: 'O plano do usuário (próprio se pré-pago, da entidade se pós-pago), créditos e última aquisição',
    auth: true,
    handler: ({ actor }) => plans.planSummaryOf(ctx.db, actor),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/plano-entidade-user',
    tag,
    summary: 'O plano de que um usuário consome (usu_codigo; sem ele, o próprio), para o gerente',
    auth: true,
    query: planoEntidadeUserQuery,
    handler: ({ actor, query }) => plans.planSummaryOf(ctx.db, actor, query.usu_codigo),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/historico-plano/:id',
    tag,
    summary: 'Histórico de compras de créditos do plano (log_creditos), 10 por página, log_codigo DESC',
    auth: true,
    params: idParam,
    query: creditHistoryQuery,
    handler: ({ actor, params, query }) => plans.creditHistory(ctx.db, actor, params.id, query),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/plano',
    tag,
    summary: 'Adicionar (pla_total_credito > 0) ou remover (< 0) créditos de um plano pré-pago; nunca abaixo de zero',
    auth: true,
    body: planUpdateBody,
    handler: ({ actor, body }) => plans.changeCredits(ctx.db, actor, body),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/planos',
    tag,
    summary: 'Tabela de planos por usuário ou entidade (25 por página)',
    auth: true,
    query: planListQuery,
    handler: ({ actor, query }) => plans.listPlans(ctx.db, actor, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/planos/:id/movimentos',
    tag,
    summary: 'Movimentações de créditos do plano (compras, ajustes, envios, estornos), 10 por página, mais recentes primeiro',
    auth: true,
    params: idParam,
    query: movementsQuery,
    handler: ({ actor, params, query }) => plans.planMovements(ctx.db, actor, params.id, query),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/planos/:id/status',
    tag,
    summary: 'Ativar (pla_ativo 1) ou desativar (0) um plano',
    auth: true,
    params: idParam,
    body: planStatusBody,
    handler: ({ actor, params, body }) => plans.changePlanStatus(ctx.db, actor, params.id, body.pla_ativo),
  });
}
