import { publicLetterFileParams, publicLetterSchema, publicUuidParams, publicVerifyQuery } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../http/route.ts';
import { withAnswer } from '../../public/answer-cookie.ts';
import { visitor } from '../../public/public.routes.ts';
import { presentPublicLetter } from './letter.presenter.ts';
import { publicLetter, publicLetterFile } from './letter-public.service.ts';

/** The recipient's letter (spec 002 §7; docs/letters.md): its facts and links, then its files. */
export function letterRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/email/public/carta/:uuid',
    tag: 'Páginas públicas',
    summary: 'AR-Carta: o link da carta (PDF, com o SHA-256), o código de rastreamento e, entregue, o link do AR digital',
    auth: false,
    params: publicUuidParams,
    query: publicVerifyQuery,
    response: publicLetterSchema,
    handler: async ({ params, query, request, reply }) =>
      presentPublicLetter(await withAnswer(ctx.config, request, reply, query.verify, (answer) => publicLetter(ctx, params.uuid, answer))),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/email/public/carta/:uuid/:arquivo',
    tag: 'Páginas públicas',
    summary: 'AR-Carta: baixar a carta como impressa (carta) ou o AR digital (ar); registra o download',
    auth: false,
    params: publicLetterFileParams,
    query: publicVerifyQuery,
    handler: async ({ params, query, request, reply }) => {
      const { file, type, name } = await withAnswer(ctx.config, request, reply, query.verify, (answer) =>
        publicLetterFile(ctx, params.uuid, params.arquivo, answer, visitor(request)),
      );
      return reply
        .header('content-type', type)
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename="${name}"`)
        .send(file.stream);
    },
  });
}
