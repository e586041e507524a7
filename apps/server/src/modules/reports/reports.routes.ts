import { reportBody, reportQuery } from '@ar/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { contentDisposition } from '../emails/attachments.service.ts';
import { generateReport, type ReportFile } from './reports.service.ts';

/** The file as the spec's download reads it: content-type, a `filename` header (URI-encoded) and content-disposition. */
const sendReport = (reply: FastifyReply, file: ReportFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.filename))
    .header('filename', encodeURIComponent(file.filename))
    .header('access-control-expose-headers', 'filename, content-disposition')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);

export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Relatórios';
  const summary =
    'Relatório de notificações enviadas do período (xlsx ou csv): uma linha por mensagem e canal; "enviados-entidade" (níveis 2 e 3) acrescenta usuário, entidade e um resumo por entidade. Sem mensagens: 404 "Ausência de Dados!"';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/reports',
    tag,
    summary: `${summary}. Query: nameReport, format, dataInicial, dataFinal (aaaa-mm-dd, horário de Brasília), tipo`,
    auth: true,
    query: reportQuery,
    handler: async ({ scope, query, reply }) => sendReport(reply, await generateReport(ctx, scope, query)),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/reports',
    tag,
    summary: `${summary}. Corpo: { nameReport, format, tipo, parameters: { dataInicial, dataFinal } }`,
    auth: true,
    body: reportBody,
    handler: async ({ scope, body, reply }) => sendReport(reply, await generateReport(ctx, scope, body)),
  });
}
