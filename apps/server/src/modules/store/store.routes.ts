import { PLAN_MSG } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { creditsOfOrder, MAX_ORDER_CREDITS, wooOrder } from './store.order.ts';
import { resolveWebhookSecret } from './store.secret.ts';
import { receiveOrder } from './store.service.ts';
import { isValidSignature } from './store.signature.ts';

const INVALID_ORDER = 'Pedido inválido.';

/**
 * POST /v2/loja/webhook: WooCommerce order webhooks (order.created / order.updated). The
 * signature is checked over the raw body, so this scope keeps the body as bytes.
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
      handler: async ({ request }) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!isValidSignature(raw, request.headers['x-wc-webhook-signature'], secret)) {
          request.log.warn({ topic: request.headers['x-wc-webhook-topic'] }, 'store webhook with a bad signature');
          throw new AppError(401, PLAN_MSG.badSignature);
        }
        const text = raw.toString('utf8');
        // Saving a webhook in WooCommerce sends a ping: webhook_id=N (form-encoded).
        if (/^webhook_id=\d+$/.test(text.trim())) return { ok: true, ping: true };
        const resource = request.headers['x-wc-webhook-resource'];
        const topic = String(request.headers['x-wc-webhook-topic'] ?? '');
        if ((resource && resource !== 'order') || /\.(deleted|restored)$/.test(topic)) return { ok: true, ignored: true };
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw badRequest(INVALID_ORDER);
        }
        const order = wooOrder.safeParse(json);
        if (!order.success || creditsOfOrder(order.data) > MAX_ORDER_CREDITS) throw badRequest(INVALID_ORDER);
        const outcome = await receiveOrder(ctx.db, request.log, order.data);
        return { ok: true, ...outcome };
      },
    });
  });
}
