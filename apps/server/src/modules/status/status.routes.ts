import { clientErrorBody, clientErrorResponse, connectivityResponse, publicConfigResponse } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import { simulatorsOf } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { openApiDocument, operationsOf } from '../../http/openapi.ts';
import { defineRoute } from '../../http/route.ts';
import { channelAvailable } from '../channels/channels.service.ts';
import { letterAvailable } from '../channels/letter/letter.service.ts';
import { voiceAvailable } from '../channels/voice/voice.service.ts';
import { checkConnectivity } from './status.service.ts';

export function statusRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/status-connectivity',
    tag: 'Sistema',
    summary: 'Verificação de conexão (inclui o banco de dados)',
    auth: false,
    response: connectivityResponse,
    handler: () => checkConnectivity(ctx),
  });
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/config',
    tag: 'Sistema',
    summary: 'Configuração pública usada pela interface (loja, caixa de saída local, relato de erros, mapa)',
    auth: false,
    response: publicConfigResponse,
    handler: async () => ({
      storeUrl: ctx.config.storeUrl,
      mailbox: simulatorsOf(ctx.config).mailbox,
      productName: 'AR Online',
      supportEmail: 'suporte@aronline.com.br',
      // The channels this installation sends through besides e-mail (docs/channels.md).
      channels: {
        sms: channelAvailable(ctx, 'sms'),
        whatsapp: channelAvailable(ctx, 'whatsapp'),
        voz: voiceAvailable(ctx),
        carta: letterAvailable(ctx),
      },
      signIn: { password: ctx.config.localLogin, sso: ctx.config.oidc ? { label: ctx.config.oidc.label } : null },
      // The web's DSN (a public key, made for browsers) and release: docs/error-reporting.md.
      errorReporting: ctx.config.errorReporting?.webDsn
        ? {
            dsn: ctx.config.errorReporting.webDsn,
            environment: ctx.config.errorReporting.environment,
            release: ctx.config.errorReporting.release,
          }
        : null,
      map: ctx.config.map,
    }),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/client-errors',
    tag: 'Sistema',
    summary: 'Relato de erro visto no navegador (vai para o log do servidor)',
    auth: false,
    bodyLimit: 8 * 1024,
    body: clientErrorBody,
    response: clientErrorResponse,
    handler: async ({ body, request }) => {
      request.log.warn({ clientError: body }, 'client-side failure');
      return { ok: true as const };
    },
  });

  // The paths carry /v2 themselves: the server is the installation's origin (a client joining the two gets /v2/...).
  app.get('/docs', async () => openApiDocument(operationsOf(ctx), ctx.config.publicUrl));
}
