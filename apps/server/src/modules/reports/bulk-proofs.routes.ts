import {
  BULK_PROOF_MSG,
  bulkProofBody,
  bulkProofCreatedResponse,
  bulkProofListQuery,
  bulkProofListResponse,
  bulkProofReferenceParam,
  messageUuidParam,
} from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { contentDisposition } from '../emails/attachments.service.ts';
import { createBulkProof, listBulkProofs, openBulkProof, singleProofByUuid } from './bulk-proofs.service.ts';

const fileHeaders = (filename: string, contentType: string, size: number) => ({
  'content-type': contentType,
  'content-length': size,
  'content-disposition': contentDisposition(filename),
  filename: encodeURIComponent(filename),
  'access-control-expose-headers': 'filename, content-disposition',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
});

/** The proofs screen's calls (spec 002 §7 "Proofs and reports"; docs/reports.md). */
export function bulkProofRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Comprovantes';

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/reports/proofs',
    tag,
    summary:
      'Gerar comprovantes de um período (até 31 dias) e filtro (canais, status 1 a 16): um PDF com capa e sumário até 500 mensagens, um ZIP de PDFs com manifesto acima disso; gerado em segundo plano ("Em processamento...")',
    auth: true,
    idempotent: true,
    body: bulkProofBody,
    response: bulkProofCreatedResponse,
    handler: async ({ scope, body }) => ({ message: BULK_PROOF_MSG.processing, comprovante: await createBulkProof(ctx, scope, body) }),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/reports/proofs',
    tag,
    summary: 'Comprovantes gerados pelo usuário, 10 por página, do mais novo ao mais antigo (comp_codigo DESC)',
    auth: true,
    query: bulkProofListQuery,
    response: bulkProofListResponse,
    handler: ({ scope, query }) => listBulkProofs(ctx, scope, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/reports/proofs/single/:uuid',
    tag,
    summary: 'Comprovante de envio (PDF) de uma mensagem do usuário pelo seu uuid; registra quem o gerou',
    auth: true,
    params: messageUuidParam,
    handler: async ({ scope, params, request, reply }) => {
      const who = { ip: request.ip ?? null, userAgent: (request.headers['user-agent'] ?? '').slice(0, 500) || null };
      const { filename, pdf } = await singleProofByUuid(ctx, scope, params.uuid, who);
      return reply.headers(fileHeaders(filename, 'application/pdf', pdf.length)).send(pdf);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/reports/proofs/:id',
    tag,
    summary:
      'Arquivo de um comprovante pela referência (comp_cod_referencia): PDF ou ZIP. Em processamento ou com falha: 409; expirado: 410',
    auth: true,
    params: bulkProofReferenceParam,
    handler: async ({ scope, params, reply }) => {
      const file = await openBulkProof(ctx, scope, params.id);
      return reply.headers(fileHeaders(file.filename, file.contentType, file.size)).send(file.stream);
    },
  });
}
