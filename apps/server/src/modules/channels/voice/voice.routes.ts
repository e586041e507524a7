import { publicUuidParams } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../http/route.ts';
import { providerRequest } from '../channels.routes.ts';
import { receiveCallDigits, receiveCallRecording, receiveCallStatus } from './voice.service.ts';

/**
 * Twilio's callbacks of an AR-Voz call (docs/voice.md), each address naming its message. The body
 * is kept as bytes (the signature covers the form parsed from them); the service checks
 * X-Twilio-Signature before anything is read or recorded (403 otherwise).
 */
export function voiceWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    defineRoute(scope, ctx, {
      method: 'POST',
      url: '/webhooks/twilio/voz/:uuid/status',
      tag: 'Canais',
      summary: 'Twilio: andamento de uma chamada do AR-Voz (StatusCallback; X-Twilio-Signature)',
      auth: false,
      params: publicUuidParams,
      bodyLimit: 64 * 1024,
      handler: async ({ request, reply, params }) => {
        await receiveCallStatus(ctx, params.uuid, providerRequest(ctx, request));
        return reply.status(204).send();
      },
    });

    defineRoute(scope, ctx, {
      method: 'POST',
      url: '/webhooks/twilio/voz/:uuid/gravacao',
      tag: 'Canais',
      summary: 'Twilio: gravação de uma chamada do AR-Voz pronta (RecordingStatusCallback; X-Twilio-Signature)',
      auth: false,
      params: publicUuidParams,
      bodyLimit: 64 * 1024,
      handler: async ({ request, reply, params }) => {
        await receiveCallRecording(ctx, params.uuid, providerRequest(ctx, request));
        return reply.status(204).send();
      },
    });

    defineRoute(scope, ctx, {
      method: 'POST',
      url: '/webhooks/twilio/voz/:uuid/tecla',
      tag: 'Canais',
      summary: 'Twilio: tecla pressionada no aviso do AR-Voz (ação do Gather; X-Twilio-Signature); responde TwiML',
      auth: false,
      params: publicUuidParams,
      bodyLimit: 64 * 1024,
      handler: async ({ request, reply, params }) => {
        const twiml = await receiveCallDigits(ctx, params.uuid, providerRequest(ctx, request));
        return reply.status(200).type('text/xml; charset=utf-8').send(twiml);
      },
    });
  });
}
