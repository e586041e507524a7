import { phoneWebhookResponse, whatsappHandshakeQuery } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { providerRequest } from './channels.routes.ts';
import { presentWebhookOutcome } from './webhooks.presenter.ts';
import { receiveProviderCallback } from './webhooks.service.ts';
import { whatsappHandshake } from './whatsapp-webhook.service.ts';

/** Meta's webhook may carry many status updates at once. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * Meta's WhatsApp webhook (docs/whatsapp.md): GET answers the verification
 * handshake, POST takes the statuses and the recipient's messages, signed with X-Hub-Signature-256
 * over the raw body, so this scope keeps JSON bodies as bytes.
 */
export function whatsappWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );

    defineRoute(scope, ctx, {
      method: 'GET',
      url: '/webhooks/whatsapp',
      tag: 'Webhooks',
      summary: 'Verificação do webhook do WhatsApp (Meta): hub.mode=subscribe e hub.verify_token → hub.challenge em texto',
      auth: false,
      query: whatsappHandshakeQuery,
      handler: async ({ query, reply }) => {
        const challenge = whatsappHandshake(ctx, query);
        return reply.type('text/plain; charset=utf-8').send(challenge);
      },
    });

    defineRoute(scope, ctx, {
      method: 'POST',
      url: '/webhooks/whatsapp',
      tag: 'Webhooks',
      summary: 'Webhook do WhatsApp (Meta): status e respostas; X-Hub-Signature-256 = sha256=HMAC-SHA256(corpo, app secret)',
      auth: false,
      bodyLimit: WEBHOOK_BODY_LIMIT,
      response: phoneWebhookResponse,
      handler: async ({ request }) => {
        const applied = await receiveProviderCallback(ctx, 'whatsapp', 'meta', providerRequest(ctx, request));
        return presentWebhookOutcome(applied);
      },
    });
  });
}
