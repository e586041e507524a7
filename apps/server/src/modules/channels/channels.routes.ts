import { publicUuidParams } from '@ar/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import type { ProviderRequest } from './channel.ts';
import { receiveLetterCallback } from './letter/letter.service.ts';
import { receiveProviderCallback } from './webhooks.service.ts';

/** What a provider's callback is as plain values: the full address it called (under PUBLIC_URL), headers, the body's bytes and its form. */
export function providerRequest(ctx: AppContext, request: FastifyRequest): ProviderRequest {
  const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const contentType = String(request.headers['content-type'] ?? '');
  const form: Record<string, string> = {};
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    for (const [k, v] of new URLSearchParams(rawBody.toString('utf8'))) form[k] = v;
  }
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(request.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries((request.query ?? {}) as Record<string, unknown>)) if (typeof v === 'string') query[k] = v;
  return {
    method: request.method === 'GET' ? 'GET' : 'POST',
    url: `${ctx.config.publicUrl}${request.url}`,
    headers,
    rawBody,
    form,
    query,
  };
}

/** Twilio's answer to an inbound message: an empty TwiML document (no automatic reply). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * The providers' callbacks under /v2/webhooks (docs/channels.md). Each scope keeps the body as
 * bytes (a signature covers them, or the form parsed from them): the route turns the request into
 * plain values and the service checks the signature before anything is recorded.
 */
export function channelRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    defineRoute(scope, ctx, {
      method: 'POST',
      url: '/webhooks/twilio/sms/:uuid',
      tag: 'Canais',
      summary: 'Twilio: status de um AR-SMS (StatusCallback; X-Twilio-Signature sobre PUBLIC_URL + caminho e os parâmetros)',
      auth: false,
      params: publicUuidParams,
      bodyLimit: 64 * 1024,
      handler: async ({ request, reply, params }) => {
        await receiveProviderCallback(ctx, 'sms', 'twilio', providerRequest(ctx, request), { messageUuid: params.uuid });
        return reply.status(204).send();
      },
    });

    defineRoute(scope, ctx, {
      method: 'POST',
      url: '/webhooks/twilio/sms-inbound',
      tag: 'Canais',
      summary: "Twilio: SMS recebido no número do produto ('A message comes in'), resposta a um AR-SMS",
      auth: false,
      bodyLimit: 64 * 1024,
      handler: async ({ request, reply }) => {
        await receiveProviderCallback(ctx, 'sms', 'twilio', providerRequest(ctx, request));
        return reply.status(200).type('text/xml; charset=utf-8').send(EMPTY_TWIML);
      },
    });

    defineRoute(scope, ctx, {
      method: 'POST',
      url: '/webhooks/letter',
      tag: 'Canais',
      summary: 'AR-Carta: rastreamento de cartas do provedor (X-Letter-Signature: HMAC-SHA256 do corpo; docs/letter-provider.openapi.yaml)',
      auth: false,
      // An inline digital AR (up to 10 MB) in base64.
      bodyLimit: 15 * 1024 * 1024,
      handler: async ({ request, reply }) => {
        await receiveLetterCallback(ctx, providerRequest(ctx, request));
        return reply.status(204).send();
      },
    });
  });
}
