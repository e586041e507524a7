import { messageResponse } from '@ar/core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../../test/harness.ts';
import type { AppContext } from '../context.ts';
import { installErrorHandling } from './errors.ts';
import { defineRoute } from './route.ts';

/**
 * Routes that send a file themselves (reply.send of a PDF, a spreadsheet, an attachment, an image)
 * and so have no JSON contract. Every other route must declare `response` (docs/architecture.md).
 */
const FILE_ROUTES = new Set<string>([
  'GET /v2/email/attachments/{codEmail}/{uuid}', // a message's attachment, to its sender
  'GET /v2/email/public/attachments/{uuid}', // the attachment, to the recipient
  'PUT /v2/emails/sending-proof/{id}', // the sending proof PDF
  'GET /v2/emails/report/laudo/{id}', // the expert report PDF
  'GET /v2/reports', // the sent-notification report (xlsx or csv)
  'POST /v2/reports', // the same report, asked with a JSON body
  'GET /v2/reports/proofs/{id}', // a bulk proof's file (PDF or ZIP)
  'GET /v2/reports/proofs/single/{uuid}', // one message's sending proof PDF
  'POST /v2/tsa', // RFC 3161: application/timestamp-reply
  'GET /v2/tsa/certificado.pem', // the built-in TSA's certificate
  'GET /v2/assinatura/certificado.pem', // the PDF signing certificate and its chain
  'GET /v2/remessas/retorno/{id}', // a remessa's return preview CSV
  'GET /v2/remessas/retorno-full', // several previews in one CSV
  'GET /v2/remessas/relatorio', // the period report CSV
  'POST /v2/webhooks/twilio/sms/{uuid}', // Twilio's status callback: 204, nothing for Twilio to read
  'POST /v2/webhooks/twilio/sms-inbound', // Twilio's inbound SMS: an empty TwiML document
  'GET /v2/email/public/voz/{uuid}/gravacao', // AR-Voz's recording: the WAV itself
  'POST /v2/webhooks/twilio/voz/{uuid}/status', // AR-Voz call progress: 204
  'POST /v2/webhooks/twilio/voz/{uuid}/gravacao', // AR-Voz recording ready: 204
  'POST /v2/webhooks/twilio/voz/{uuid}/tecla', // AR-Voz Gather action: TwiML
  'GET /v2/webhooks/whatsapp', // Meta's verification handshake: the challenge as text/plain
  'GET /v2/email/public/carta/{uuid}/{arquivo}', // a letter's PDF or its digital AR
  'POST /v2/webhooks/letter', // a letter provider's tracking callback: 204, nothing for the provider to read
]);

const app = useTestApp();

describe('response contracts', () => {
  it('every JSON route declares its response schema, shown in the OpenAPI document', async () => {
    const doc = (await app.call('GET', '/docs')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${url}`, contract: op.responses['200']?.content })),
    );
    expect(operations.length).toBeGreaterThan(60);
    const missing = operations.filter((op) => !op.contract && !FILE_ROUTES.has(op.key)).map((op) => op.key);
    expect(missing).toEqual([]);
    const stale = [...FILE_ROUTES].filter((key) => !operations.some((op) => op.key === key));
    expect(stale).toEqual([]);
  });

  it('an answer outside its contract is a 500 with the reason logged, never a wrong body', async () => {
    const logged: string[] = [];
    const server = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } } });
    installErrorHandling(server);
    const ctx = { config: { checkResponses: true } } as AppContext;
    for (const [url, answer] of [
      ['/kept', { message: 'ok' }],
      ['/broken', { message: 42 }],
    ] as const) {
      defineRoute(server, ctx, {
        method: 'GET',
        url,
        tag: 'Teste',
        summary: 'teste',
        auth: false,
        response: messageResponse,
        handler: async () => answer as never,
      });
    }
    defineRoute(server, { config: { checkResponses: false } } as AppContext, {
      method: 'GET',
      url: '/unchecked',
      tag: 'Teste',
      summary: 'teste',
      auth: false,
      response: z.object({ n: z.number() }),
      handler: async () => ({ n: 'x' }) as never,
    });
    expect((await server.inject({ url: '/kept' })).json()).toEqual({ message: 'ok' });
    const broken = await server.inject({ url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.body).not.toContain('42');
    expect(logged.join('\n')).toContain('Resposta fora do contrato em GET /broken: message');
    expect((await server.inject({ url: '/unchecked' })).statusCode).toBe(200);
    await server.close();
  });
});
