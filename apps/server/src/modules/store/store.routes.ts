import { storeWebhookResponse } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { presentWebhook } from './store.presenter.ts';
import { resolveWebhookSecret } from './store.secret.ts';
import { handleWebhook } from './store.service.ts';

/**
 * POST /v2/loja/webhook: WooCommerce order webhooks (order.created / order.updated). The
 * signature is checked over the raw body, so this scope keeps the body as bytes; the route hands
 * the bytes and headers to the service (store.service.ts).
 */
export function storeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { secret, generated } = resolveWebhookSecret(ctx.config);
  if (generated) ctx.log.info({ file: generated }, 'STORE_WEBHOOK_SECRET não definido: segredo do webhook da loja em arquivo');

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    defineRoute(scope, ctx, {
      method: 'POST',
      url: '/loja/webhook',
      tag: 'Loja',
      summary: 'Webhook de pedidos da loja (WooCommerce): X-WC-Webhook-Signature = base64(HMAC-SHA256(corpo, segredo))',
      auth: false,
      bodyLimit: 1024 * 1024,
      response: storeWebhookResponse,
      handler: async ({ request }) => {
        const outcome = await handleWebhook(ctx, request.log, secret, {
          raw: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: request.headers['x-wc-webhook-signature'],
          topic: String(request.headers['x-wc-webhook-topic'] ?? ''),
          resource: request.headers['x-wc-webhook-resource'],
        });
        return presentWebhook(outcome);
      },
    });
  });
}
