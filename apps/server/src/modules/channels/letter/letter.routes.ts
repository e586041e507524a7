import { publicLetterFileParams, publicLetterSchema, publicUuidParams, publicVerifyQuery } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../http/route.ts';
import { answerOf, handAnswerToken } from '../../public/answer-cookie.ts';
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
    handler: async ({ params, query, request, reply }) => {
      const answer = answerOf(request, query.verify);
      const letter = presentPublicLetter(await publicLetter(ctx, params.uuid, answer));
      handAnswerToken(reply, answer, ctx.config);
      return letter;
    },
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
      const answer = answerOf(request, query.verify);
      const { file, type, name } = await publicLetterFile(ctx, params.uuid, params.arquivo, answer, visitor(request));
      handAnswerToken(reply, answer, ctx.config);
      return reply
        .header('content-type', type)
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  });
}
