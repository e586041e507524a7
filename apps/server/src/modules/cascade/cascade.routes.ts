import { CASCADE_MSG, cascadeDefaultBody, cascadeDefaultResponse, cascadeDefaultSavedResponse } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { presentCascadePlan } from './cascade.presenter.ts';
import * as defaults from './cascade-default.service.ts';

/** The user's default channel cascade (docs/cascade.md), beside My Data in Minha Conta. */
export function cascadeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Minha Conta';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/usuarios-settings/cascata',
    tag,
    summary: 'Régua de notificação padrão do usuário da sessão (usu_settings.cascata; null: nenhuma)',
    auth: true,
    response: cascadeDefaultResponse,
    handler: async ({ scope }) => ({ cascata: presentCascadePlan(await defaults.getDefaultCascade(ctx, scope)) }),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/usuarios-settings/cascata',
    tag,
    summary:
      'Salvar a régua de notificação padrão (CPC art. 246, personalizada ou null; somente usu_settings.cascata é alterado). ' +
      'POST /emails/send sem o campo cascata usa esta régua; com cascata null, nenhuma.',
    auth: true,
    body: cascadeDefaultBody,
    response: cascadeDefaultSavedResponse,
    handler: async ({ scope, body }) => {
      const saved = await defaults.saveDefaultCascade(ctx, scope, body.cascata ?? null);
      return { message: saved ? CASCADE_MSG.defaultSaved : CASCADE_MSG.defaultCleared, cascata: presentCascadePlan(saved) };
    },
  });
}
