import {
  idParam,
  REMESSA_MSG,
  REMESSA_UPLOAD_MAX_CHARS,
  REPORT_ROWS_HEADER,
  remessaEncodingBody,
  remessaEncodingResponse,
  remessaListQuery,
  remessaListResponse,
  remessaPreviewName,
  remessaReportName,
  remessaReportQuery,
  remessaRetornoFullQuery,
  remessaStatsResponse,
  remessaUploadBody,
  remessaUploadResponse,
} from '@ar/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { contentDisposition } from '../emails/attachments.service.ts';
import { presentRemessa, previewCsv, reportCsv } from './remessas.presenter.ts';
import * as remessas from './remessas.service.ts';

/** A CSV download (spec 002 §7: the filename and content-type headers name it); an empty body when there is nothing. */
function sendCsv(reply: FastifyReply, name: string, csv: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(name))
    .header('filename', encodeURIComponent(name))
    .header('cache-control', 'no-store')
    .send(csv === '' ? '' : `\uFEFF${csv}`);
}

/** The batch area (spec 002 §7 "Batch area"; docs/remessas.md). Open to every signed-in user: aceita_remessa only shows the menu. */
export function remessaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Remessas';

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/remessas/encoding-remessa',
    tag,
    summary: "Codificação do arquivo ('UTF-8', 'ISO-8859-1' ou outra), lida do conteúdo (data URL ou base64)",
    auth: true,
    body: remessaEncodingBody,
    bodyLimit: REMESSA_UPLOAD_MAX_CHARS + 4096,
    response: remessaEncodingResponse,
    handler: async ({ body }) => ({ encoding: await remessas.encodingOf(body.content) }),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/remessas/upload',
    tag,
    summary:
      'Recebe um arquivo de remessa (contentBase64: data URL do CSV; fileName). 409 com `duplicada` quando o mesmo arquivo foi enviado nas últimas 24 h: repita com confirmarDuplicada: true para enviá-lo de novo',
    auth: true,
    idempotent: true,
    body: remessaUploadBody,
    bodyLimit: REMESSA_UPLOAD_MAX_CHARS + 4096,
    response: remessaUploadResponse,
    handler: async ({ body, scope, reply }) => {
      const { rem_codigo } = await remessas.uploadRemessa(ctx, scope, body);
      reply.status(201);
      return { message: REMESSA_MSG.uploaded, rem_codigo };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/remessas',
    tag,
    summary: 'Remessas do usuário: tipo=sucesso (processadas) ou falha (ERRO/FALHA), paginadas, pesquisa por código ou nome do arquivo',
    auth: true,
    query: remessaListQuery,
    response: remessaListResponse,
    handler: async ({ query, scope }) => {
      const { rows, pagination } = await remessas.listRemessas(ctx, scope, query);
      return { data: rows.map(presentRemessa), pagination };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/remessas/stats',
    tag,
    summary: 'Contagem das duas abas',
    auth: true,
    response: remessaStatsResponse,
    handler: async ({ scope }) => remessas.remessaStats(ctx, scope),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/remessas/retorno/:id',
    tag,
    summary: 'Prévia do retorno ({nome}_previa.csv); corpo vazio enquanto não está pronta',
    auth: true,
    params: idParam,
    handler: async ({ params, scope, reply }) => {
      const { rem, lines } = await remessas.remessaPreview(ctx, scope, params.id);
      const header = (rem.rem_cabecalho as string[] | null) ?? [];
      return sendCsv(reply, remessaPreviewName(rem.rem_nome), lines ? previewCsv(header, lines, ctx.config.publicUrl) : '');
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/remessas/retorno-full',
    tag,
    summary: 'Prévias de várias remessas em um arquivo (ids=1,2,3), uma coluna REMESSA à frente; corpo vazio quando nenhuma está pronta',
    auth: true,
    query: remessaRetornoFullQuery,
    handler: async ({ query, scope, reply }) => {
      const previews = await remessas.remessaPreviews(ctx, scope, query.ids);
      const csv = previews
        .map((p, i) => {
          const file = previewCsv((p.rem.rem_cabecalho as string[] | null) ?? [], p.lines, ctx.config.publicUrl, p.rem.rem_codigo);
          // One header line per file (their columns differ), a blank line between files.
          return i === 0 ? file : `\r\n${file}`;
        })
        .join('');
      return sendCsv(reply, 'remessas_previa.csv', csv);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/remessas/relatorio',
    tag,
    summary:
      'Relatório de remessas do período (format=csv, dataInicial e dataFinal AAAA-MM-DD, horário de Brasília); sem remessa no período, só a linha de cabeçalho, com X-Total-Registros: 0',
    auth: true,
    query: remessaReportQuery,
    handler: async ({ query, scope, reply }) => {
      const rows = await remessas.remessasOfPeriod(ctx, scope, query);
      // Always the header row, so an empty period is still a CSV a spreadsheet opens with its
      // columns (a 0-byte file was not); the count tells the page there is nothing to save.
      reply.header(REPORT_ROWS_HEADER, String(rows.length));
      return sendCsv(reply, remessaReportName(query.dataInicial, query.dataFinal), reportCsv(rows));
    },
  });
}
