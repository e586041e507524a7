import {
  browserInfoQuery,
  messageResponse,
  PUBLIC_MSG,
  pageReadResponse,
  publicAnswerBody,
  publicMessageSchema,
  publicTrackParams,
  publicUuidParams,
  publicVerifyQuery,
  publicVoiceSchema,
  trackedLinkParams,
  trackedLinkSchema,
} from '@ar/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { clientAddress } from '../../http/client-address.ts';
import { defineRoute } from '../../http/route.ts';
import { contentDisposition } from '../emails/attachments.service.ts';
import { handAnswerToken, withAnswer } from './answer-cookie.ts';
import { presentPageRead } from './public.presenter.ts';
import * as svc from './public.service.ts';

/** The 1×1 transparent GIF of the open-tracking image. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Who fetched a public page or file: the address (through trusted proxies) and the browser. */
export const visitor = (request: FastifyRequest): svc.Visitor => {
  const { ip, forwarded } = clientAddress(request);
  return { ip, forwarded, userAgent: (request.headers['user-agent'] ?? '').slice(0, 500) || null };
};

/**
 * The recipient's public calls (spec 002 §7): no login. The message uuid in the link the recipient
 * received is the key; a security question, when the sender set one, guards content and files:
 * each such call goes through withAnswer (answer-cookie.ts): it takes the spec's `verify` query or
 * the answer cookie, a right `verify` is answered with the cookie (so the page's next calls leave
 * the answer out), and its answer is never stored by a cache.
 */
export function publicRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Páginas públicas';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/info/public/:uuid',
    tag,
    summary: 'Detalhe público de uma mensagem (403 "not verify: pergunta" quando há pergunta de segurança sem resposta certa)',
    auth: false,
    params: publicUuidParams,
    query: publicVerifyQuery,
    // The page goes out as the JSON text kept for it (page-cache.ts); it is checked against this contract when built.
    response: publicMessageSchema,
    handler: async ({ params, query, request, reply }) => {
      const json = await withAnswer(ctx.config, request, reply, query.verify, (answer) => svc.publicDetailJson(ctx, params.uuid, answer));
      return reply.type('application/json; charset=utf-8').send(json);
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    // resposta/{uuid}, not {uuid}/resposta: that would read the same as track-conteudo-link-externo/{lnk}.
    url: '/emails/info/public/resposta/:uuid',
    tag,
    summary: 'Responde a pergunta de segurança de uma mensagem (a resposta no corpo, nunca no endereço)',
    description: [
      'Certa: 200 `{ message }` e `Set-Cookie: ar_resposta_{uuid}=…` (HttpOnly, SameSite=Strict, 30 minutos) para `/v2/emails/info/public` e `/v2/email/public`;',
      'as chamadas e os arquivos públicos da mensagem aceitam esse cookie no lugar de `verify`.',
      'Errada: 403 `{ message: "not verify: <pergunta>", pergunta, codeEmail, erro }`, contada; depois de 10 erros em 15 minutos, 429.',
    ].join(' '),
    auth: false,
    params: publicUuidParams,
    body: publicAnswerBody,
    response: messageResponse,
    bodyLimit: 4 * 1024,
    handler: async ({ params, body, reply }) => {
      handAnswerToken(reply, await svc.answerQuestion(ctx, params.uuid, body.verify), ctx.config);
      return { message: PUBLIC_MSG.answerAccepted };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/info/public/:uuid/track-email/:x',
    tag,
    summary: 'Registra a abertura: pixel.gif (imagem do e-mail) ou a leitura pela página pública',
    auth: false,
    params: publicTrackParams,
    query: publicVerifyQuery,
    response: pageReadResponse,
    handler: async ({ params, query, request, reply }) => {
      reply.header('cache-control', 'no-store, no-cache, must-revalidate, private').header('pragma', 'no-cache');
      if (params.x === 'pixel.gif') {
        // The image answers the same whatever happens: it never tells a prober whether a message exists.
        await svc.pixelOpened(ctx, params.uuid, visitor(request)).catch((e) => request.log.warn({ err: e }, 'pixel not recorded'));
        return reply.header('content-type', 'image/gif').send(PIXEL);
      }
      const read = await withAnswer(ctx.config, request, reply, query.verify, (answer) =>
        svc.pageRead(ctx, params.uuid, answer, visitor(request)),
      );
      return presentPageRead(read);
    },
  });

  for (const canal of ['sms', 'whatsapp'] as const) {
    defineRoute(app, ctx, {
      method: 'GET',
      url: `/emails/info/public/:uuid/track-${canal}/:x`,
      tag,
      summary: `Registra a leitura do ${canal === 'sms' ? 'SMS' : 'WhatsApp'}: a página pública aberta pelo link da mensagem (?${canal}=1)`,
      auth: false,
      params: publicTrackParams,
      query: publicVerifyQuery,
      response: pageReadResponse,
      handler: async ({ params, query, request, reply }) => {
        reply.header('cache-control', 'no-store, no-cache, must-revalidate, private').header('pragma', 'no-cache');
        const read = await withAnswer(ctx.config, request, reply, query.verify, (answer) =>
          svc.phoneRead(ctx, params.uuid, canal, answer, visitor(request)),
        );
        return presentPageRead(read);
      },
    });
  }

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/info/public/:uuid/track-accept-email/:x',
    tag,
    summary: 'Registra a confirmação de recebimento pelo destinatário',
    auth: false,
    params: publicTrackParams,
    query: publicVerifyQuery,
    response: messageResponse,
    handler: async ({ params, query, request, reply }) => {
      await withAnswer(ctx.config, request, reply, query.verify, (answer) => svc.accept(ctx, params.uuid, answer, visitor(request)));
      return { message: PUBLIC_MSG.accepted };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/info/public/track-conteudo-link-externo/:lnk',
    tag,
    summary: 'Endereço de um link rastreado (só os que a mensagem continha); registra o clique',
    auth: false,
    params: trackedLinkParams,
    query: browserInfoQuery,
    response: trackedLinkSchema,
    handler: async ({ params, request }) => svc.resolveLink(ctx, params.lnk, visitor(request)),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/email/public/attachments/:uuid',
    tag,
    summary: 'Baixar um anexo como destinatário (com a resposta de segurança quando houver); registra o download',
    auth: false,
    params: publicUuidParams,
    query: publicVerifyQuery,
    handler: async ({ params, query, request, reply }) => {
      const { ref, file } = await withAnswer(ctx.config, request, reply, query.verify, (answer) =>
        svc.publicAttachment(ctx, params.uuid, answer, visitor(request)),
      );
      return reply
        .header('content-type', ref.mime)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(ref.originalFilename))
        .header('filename', encodeURIComponent(ref.originalFilename))
        .send(file.stream);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/email/public/voz/:uuid',
    tag,
    summary: 'AR-Voz: o link da gravação da chamada (com a resposta de segurança quando houver)',
    auth: false,
    params: publicUuidParams,
    query: publicVerifyQuery,
    response: publicVoiceSchema,
    handler: ({ params, query, request, reply }) =>
      withAnswer(ctx.config, request, reply, query.verify, (answer) => svc.publicVoice(ctx, params.uuid, answer)),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/email/public/voz/:uuid/gravacao',
    tag,
    summary: 'AR-Voz: baixar a gravação da chamada (WAV); registra o download',
    auth: false,
    params: publicUuidParams,
    query: publicVerifyQuery,
    handler: async ({ params, query, request, reply }) => {
      const { file, filename } = await withAnswer(ctx.config, request, reply, query.verify, (answer) =>
        svc.publicVoiceDownload(ctx, params.uuid, answer, visitor(request)),
      );
      return reply
        .header('content-type', 'audio/wav')
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(filename))
        .send(file.stream);
    },
  });
}
