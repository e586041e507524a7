import { settingsBody, settingsSavedResponse, USERS_MSG, userSettingsSchema } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { presentSessionUser } from '../auth/session-user.presenter.ts';
import * as account from './account.service.ts';
import { presentSettings } from './users.presenter.ts';

/** My Account (/configuracao/conta): My Data of the signed-in user. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Minha Conta';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/usuarios-settings',
    tag,
    summary: 'Meus Dados do usuário da sessão',
    auth: true,
    response: userSettingsSchema,
    handler: async ({ scope }) => presentSettings(await account.getSettings(ctx, scope)),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/usuarios-settings',
    tag,
    summary: 'Salvar Meus Dados (nome e anexo obrigatório); responde o usuário da sessão atualizado',
    auth: true,
    body: settingsBody,
    response: settingsSavedResponse,
    handler: async ({ scope, body }) => ({
      message: USERS_MSG.settingsSaved,
      user: presentSessionUser(await account.saveSettings(ctx, scope, body)),
    }),
  });
}
