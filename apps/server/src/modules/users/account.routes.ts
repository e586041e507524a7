import { settingsBody } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import * as account from './account.service.ts';

/** My Account (/configuracao/conta): My Data of the signed-in user. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Minha Conta';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/usuarios-settings',
    tag,
    summary: 'Meus Dados do usuário da sessão',
    auth: true,
    handler: ({ actor }) => account.getSettings(ctx, actor),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/usuarios-settings',
    tag,
    summary: 'Salvar Meus Dados (nome e anexo obrigatório); responde o usuário da sessão atualizado',
    auth: true,
    body: settingsBody,
    handler: ({ actor, body }) => account.saveSettings(ctx, actor, body),
  });
}
