import {
  blacklistCheckParams,
  blacklistCheckResponse,
  composeBody,
  idParam,
  messageResponse,
  messageStatusesResponse,
  messageTagsResponse,
  sendResponse,
  sentDetailSchema,
  sentListQuery,
  sentListResponse,
  tagCodesBody,
  uploadAttachmentsResponse,
  validityCheckQuery,
  validityCheckResponse,
} from '@ar/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { presentCascade } from '../cascade/cascade.presenter.ts';
import { trackingOf } from '../evidence/tracking.ts';
import { openReceivedAttachment } from '../inbound/received.service.ts';
import { attachmentFiles } from './attachments.request.ts';
import { contentDisposition, uploadAttachments } from './attachments.service.ts';
import { checkBlacklist, checkValidity } from './check.service.ts';
import { presentSend, presentSentDetail, presentSentRow, presentStatuses } from './emails.presenter.ts';
import { sendEmails } from './send.service.ts';
import { addMessageTags, messageDetail, openMessageAttachment, removeMessageTag, sentList, statusOf } from './sent.service.ts';

export function emailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'AR-Email';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/send',
    operationId: 'listSentMessages',
    tag,
    summary: 'Mensagens enviadas (paginadas; busca em e-mails, telefones, assunto e identificação; filtros de status e etiquetas)',
    auth: true,
    query: sentListQuery,
    response: sentListResponse,
    handler: async ({ scope, query }) => {
      const { rows, pagination } = await sentList(ctx, scope, query);
      return { emails: rows.map(presentSentRow), pagination };
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/emails/send',
    operationId: 'sendMessage',
    tag,
    summary: 'Enviar um AR-Email a até 10 destinatários (uma mensagem e um protocolo por destinatário)',
    auth: true,
    idempotent: true,
    body: composeBody,
    response: sendResponse,
    handler: async ({ scope, body }) => presentSend(await sendEmails(ctx, scope, body)),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/send/:id',
    operationId: 'getSentMessage',
    tag,
    summary: 'Uma mensagem enviada, com status por canal, linha do tempo, anexos e etiquetas',
    auth: true,
    params: idParam,
    response: sentDetailSchema,
    handler: async ({ scope, params }) => {
      const { msg, events, tags, cascade, geolocation } = await messageDetail(ctx, scope, params.id);
      return {
        ...presentSentDetail(msg, events, tags, ctx.config.publicUrl),
        cascata: presentCascade(cascade),
        // The tracking panel only for a user who may view geolocation (spec 001 §2.7): decided here, not by the page.
        tracking: geolocation ? trackingOf(events) : null,
      };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/status/:id',
    operationId: 'getMessageStatus',
    tag,
    summary: 'Status atualizado de uma mensagem',
    auth: true,
    params: idParam,
    response: messageStatusesResponse,
    handler: async ({ scope, params }) => presentStatuses(await statusOf(ctx, scope, params.id)),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/emails/send/:id/etiquetas',
    tag,
    summary: 'Adicionar etiquetas a uma mensagem enviada',
    auth: true,
    params: idParam,
    body: tagCodesBody,
    response: messageTagsResponse,
    handler: ({ scope, params, body }) => addMessageTags(ctx, scope, params.id, body),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/emails/send/:id/etiquetas/:tagId',
    tag,
    summary: 'Remover uma etiqueta de uma mensagem enviada',
    auth: true,
    params: z.object({ id: idParam.shape.id, tagId: idParam.shape.id }),
    response: messageResponse,
    handler: async ({ scope, params }) => {
      await removeMessageTag(ctx, scope, params.id, params.tagId);
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
    upload: { field: 'attachments', multiple: true },
    response: uploadAttachmentsResponse,
    handler: ({ scope, request }) => uploadAttachments(ctx, scope, attachmentFiles(request)),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/email/attachments/:codEmail/:uuid',
    tag,
    summary: 'Baixar um anexo de uma mensagem enviada, ou de uma recebida com ?path= (o pathS3 do anexo)',
    auth: true,
    params: z.object({ codEmail: idParam.shape.id, uuid: z.string().uuid() }),
    query: z.object({ path: z.string().max(300).optional() }),
    handler: async ({ scope, params, query, reply }) => {
      const { ref, file } = query.path
        ? await openReceivedAttachment(ctx, scope, params.codEmail, params.uuid, query.path)
        : await openMessageAttachment(ctx, scope, params.codEmail, params.uuid);
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
    response: blacklistCheckResponse,
    handler: async ({ scope, params }) => ({ check: await checkBlacklist(ctx, scope, params.email) }),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/check/valido',
    tag,
    summary: 'Verifica a validade de uma lista de e-mails (sintaxe e domínio que recebe e-mails); emails repetido ou separado por vírgulas',
    auth: true,
    query: validityCheckQuery,
    response: validityCheckResponse,
    handler: ({ scope, query }) => checkValidity(ctx, scope, query.emails),
  });
}
