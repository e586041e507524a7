import { idParam, sendingProofBody, sendingProofSchema } from '@ar/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { contentDisposition } from '../emails/attachments.service.ts';
import { SIGNATURE_REASON, signDocument } from '../signing/signing.service.ts';
import { expertReportData } from './expert-report.service.ts';
import { logDocument, type Requester, sendingProof } from './proofs.service.ts';

const requester = (request: FastifyRequest, body?: { name?: string; email?: string }): Requester => ({
  name: body?.name,
  email: body?.email,
  ip: request.ip ?? null,
  userAgent: (request.headers['user-agent'] ?? '').slice(0, 500) || null,
});

const sendPdf = (reply: FastifyReply, filename: string, pdf: Buffer) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-length', pdf.length)
    .header('content-disposition', contentDisposition(filename))
    .header('filename', encodeURIComponent(filename))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);

export function proofRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'AR-Email';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/sending-proof/:id',
    tag,
    summary: 'Comprovante de envio de uma mensagem do usuário, como dados (a página imprimível o exibe com o código QR)',
    auth: true,
    params: idParam,
    response: sendingProofSchema,
    handler: ({ scope, params }) => sendingProof(ctx, scope, params.id),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/emails/sending-proof/:id',
    tag,
    summary: 'Gerar o comprovante de envio em PDF (corpo: nome e e-mail do usuário atual); registra quem o gerou',
    auth: true,
    params: idParam,
    body: sendingProofBody,
    handler: async ({ actor, scope, params, body, request, reply }) => {
      const proof = await sendingProof(ctx, scope, params.id);
      const { renderSendingProof } = await import('./sending-proof.pdf.ts');
      const pdf = await signDocument(
        ctx.config,
        await renderSendingProof(proof, { nome: actor.usu_nome, login: actor.usu_login }),
        SIGNATURE_REASON.comprovante,
      );
      await logDocument(ctx, scope, params.id, 'comprovante', pdf, requester(request, body));
      return sendPdf(reply, `comprovante-envio-${proof.ema_uni_codigo}.pdf`, pdf);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/emails/report/laudo/:id',
    tag,
    summary:
      'Laudo pericial em PDF: hash do conteúdo, cada evento (Brasília e UTC, IP, user agent, local, resposta SMTP), carimbos do tempo, cadeia de hashes e como verificá-los com openssl',
    auth: true,
    params: idParam,
    handler: async ({ scope, params, request, reply }) => {
      const data = await expertReportData(ctx, scope, params.id);
      const { renderExpertReport } = await import('./expert-report.pdf.ts');
      const pdf = await signDocument(ctx.config, await renderExpertReport(data), SIGNATURE_REASON.laudo);
      await logDocument(ctx, scope, params.id, 'laudo', pdf, requester(request));
      return sendPdf(reply, `laudo-pericial-${data.msg.ema_uni_codigo}.pdf`, pdf);
    },
  });
}
