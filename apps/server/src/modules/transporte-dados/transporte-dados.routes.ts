import { idParam, messageResponse, TRANSPORTE_MSG, transporteBody, transporteListResponse, transporteSavedResponse } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { presentTransporte } from './transporte-dados.presenter.ts';
import * as transportes from './transporte-dados.service.ts';

/** Data transports of the Gerar Remessas page (spec 002 §7): list, create, update, remove. */
export function transporteDadosRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Transporte dos Dados';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/transporte-dados',
    tag,
    summary: 'Transportes dos dados do usuário (mapeamentos salvos da página Gerar Remessas), mais recentes primeiro',
    auth: true,
    response: transporteListResponse,
    handler: async ({ scope }) => ({ transportes: (await transportes.listTransportes(ctx, scope)).map(presentTransporte) }),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/transporte-dados',
    tag,
    summary: 'Salvar transporte dos dados (rem_trans_nome, rem_trans_campos)',
    auth: true,
    body: transporteBody,
    response: transporteSavedResponse,
    handler: async ({ body, scope, reply }) => {
      reply.status(201);
      return { message: TRANSPORTE_MSG.created, transporte: presentTransporte(await transportes.createTransporte(ctx, scope, body)) };
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/transporte-dados/:id',
    tag,
    summary: 'Atualizar transporte dos dados',
    auth: true,
    params: idParam,
    body: transporteBody,
    response: transporteSavedResponse,
    handler: async ({ params, body, scope }) => ({
      message: TRANSPORTE_MSG.updated,
      transporte: presentTransporte(await transportes.updateTransporte(ctx, scope, params.id, body)),
    }),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/transporte-dados/:id',
    tag,
    summary: 'Remover transporte dos dados',
    auth: true,
    params: idParam,
    response: messageResponse,
    handler: async ({ params, scope }) => {
      await transportes.removeTransporte(ctx, scope, params.id);
      return { message: TRANSPORTE_MSG.removed };
    },
  });
}
