import { validarCarimboResultSchema, validarCarimboSchema, validarCarimboTokenParams } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { presentStampValidation } from './evidence.presenter.ts';
import {
  answerTimeStampRequest,
  builtinTsaCertificatePem,
  tokenFromBase64,
  validateStamp,
  validateStoredStamp,
} from './evidence.service.ts';

/** Time stamps: the built-in TSA (RFC 3161 over HTTP) and the public stamp validation of spec 002 §7. */
export function evidenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Carimbo do tempo';
  app.addContentTypeParser('application/timestamp-query', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/tsa',
    summary: 'TSA embutida: responde a um TimeStampReq (RFC 3161, application/timestamp-query) com um TimeStampResp',
    tag,
    auth: false,
    handler: async ({ request, reply }) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError(415, 'Envie um TimeStampReq com Content-Type application/timestamp-query.');
      const answer = await answerTimeStampRequest(ctx, new Uint8Array(request.body));
      return reply.type('application/timestamp-reply').send(Buffer.from(answer));
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/tsa/certificado.pem',
    summary: 'Certificado da TSA embutida (autoassinado, não credenciado na ICP-Brasil), em PEM',
    tag,
    auth: false,
    handler: async ({ reply }) =>
      reply
        .type('application/x-pem-file')
        .header('content-disposition', 'inline; filename="tsa.pem"')
        .send(await builtinTsaCertificatePem(ctx)),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/emails/validar-carimbo',
    summary: 'Valida um carimbo do tempo (base64 do TimeStampToken) para um hash SHA-256',
    tag,
    auth: false,
    body: validarCarimboSchema,
    response: validarCarimboResultSchema,
    handler: async ({ body }) => presentStampValidation(await validateStamp(ctx, tokenFromBase64(body.carimboBase64), body.hash)),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/validar-carimbo/:token',
    summary: 'Validação de um carimbo guardado, pelo token devolvido na validação (página do validador)',
    tag,
    auth: false,
    params: validarCarimboTokenParams,
    response: validarCarimboResultSchema,
    handler: async ({ params }) => presentStampValidation(await validateStoredStamp(ctx, params.token)),
  });
}
