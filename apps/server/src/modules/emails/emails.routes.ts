import { blacklistCheckParams, composeBody, idParam, sentListQuery, tagCodesBody, validityCheckQuery } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { openReceivedAttachment } from '../inbound/received.service.ts';
import { contentDisposition, uploadAttachments } from './attachments.service.ts';
import { checkBlacklist, checkValidity } from './check.service.ts';
import { sendEmails } from './send.service.ts';
import { addMessageTags, messageDetail, openMessageAttachment, removeMessageTag, sentList, statusOf } from './sent.service.ts';

export function emailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'AR-Email';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/send',
    tag,
    summary: 'Mensagens enviadas (paginadas; busca em e-mails, telefones, assunto e identificação; filtros de status e etiquetas)',
    auth: true,
    query: sentListQuery,
    handler: ({ actor, query }) => sentList(ctx, actor, query),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/emails/send',
    tag,
    summary: 'Enviar um AR-Email a até 10 destinatários (uma mensagem e um protocolo por destinatário)',
    auth: true,
    body: composeBody,
    handler: ({ actor, body }) => sendEmails(ctx, actor, body),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/send/:id',
    tag,
    summary: 'Uma mensagem enviada, com status por canal, linha do tempo, anexos e etiquetas',
    auth: true,
    params: idParam,
    handler: ({ actor, params }) => messageDetail(ctx, actor, params.id),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/status/:id',
    tag,
    summary: 'Status atualizado de uma mensagem',
    auth: true,
    params: idParam,
    handler: ({ actor, params }) => statusOf(ctx, actor, params.id),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/emails/send/:id/etiquetas',
    tag,
    summary: 'Adicionar etiquetas a uma mensagem enviada',
    auth: true,
    params: idParam,
    body: tagCodesBody,
    handler: ({ actor, params, body }) => addMessageTags(ctx, actor, params.id, body),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/emails/send/:id/etiquetas/:tagId',
    tag,
    summary: 'Remover uma etiqueta de uma mensagem enviada',
    auth: true,
    params: z.object({ id: idParam.shape.id, tagId: idParam.shape.id }),
    handler: async ({ actor, params }) => {
      await removeMessageTag(ctx, actor, params.id, params.tagId);
      return { message: 'Etiqueta removida com sucesso!' };
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/emails/attachments',
    tag,
    summary: 'Enviar anexos (multipart, campo repetido attachments); o tipo é verificado pelo conteúdo',
    auth: true,
    bodyLimit: 64 * 1024 * 1024,
    handler: ({ actor, request }) => uploadAttachments(ctx, actor, request),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/email/attachments/:codEmail/:uuid',
    tag,
    summary: 'Baixar um anexo de uma mensagem enviada, ou de uma recebida com ?path= (o pathS3 do anexo)',
    auth: true,
    params: z.object({ codEmail: idParam.shape.id, uuid: z.string().uuid() }),
    query: z.object({ path: z.string().max(300).optional() }),
    handler: async ({ actor, params, query, reply }) => {
      const { ref, file } = query.path
        ? await openReceivedAttachment(ctx, actor, params.codEmail, params.uuid, query.path)
        : await openMessageAttachment(ctx, actor, params.codEmail, params.uuid);
      return reply
        .header('content-type', ref.mime)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(ref.originalFilename))
        .header('filename', encodeURIComponent(ref.originalFilename))
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/check/blacklist/:email',
    tag,
    summary: 'Verifica um destinatário na lista de bloqueio (endereço ou domínio) e em recusas permanentes anteriores',
    auth: true,
    params: blacklistCheckParams,
    handler: async ({ actor, params }) => ({ check: await checkBlacklist(ctx.db, actor, params.email) }),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/check/valido',
    tag,
    summary: 'Verifica a validade de uma lista de e-mails (sintaxe e domínio que recebe e-mails); emails repetido ou separado por vírgulas',
    auth: true,
    query: validityCheckQuery,
    handler: ({ actor, query }) => checkValidity(ctx.db, actor, query.emails),
  });
}
