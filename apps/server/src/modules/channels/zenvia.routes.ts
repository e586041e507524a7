import { phoneWebhookResponse, zenviaWebhookParams } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { providerRequest } from './channels.routes.ts';
import { presentWebhookOutcome } from './webhooks.presenter.ts';
import { receiveProviderCallback } from './webhooks.service.ts';

/**
 * Zenvia's subscriptions post here, one address per channel (docs/zenvia.md), with the
 * secret header the product registered on them. The body is kept as bytes like every provider's.
 */
export function zenviaWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));

    defineRoute(scope, ctx, {
      method: 'POST',
      url: '/webhooks/zenvia/:channel',
      tag: 'Webhooks',
      summary: 'Webhook da Zenvia (MESSAGE_STATUS e MESSAGE) por canal, sms ou whatsapp; exige o cabeçalho X-AR-Webhook-Secret',
      auth: false,
      bodyLimit: 1024 * 1024,
      params: zenviaWebhookParams,
      response: phoneWebhookResponse,
      handler: async ({ params, request }) => {
        const applied = await receiveProviderCallback(ctx, params.channel, 'zenvia', providerRequest(ctx, request));
        return presentWebhookOutcome(applied);
      },
    });
  });
}
