import { PassThrough, type Readable } from 'node:stream';
import { canRequestReportType, dayLabel, REPORT_MSG, type ReportRequest, reportPeriod } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { requirePermission, type TenantScope } from '../tenancy/tenant-scope.ts';
import { startReportFile } from './report-file.ts';
import { hasReportMessages, reportPage } from './reports.queries.ts';

/** Messages read per page: a page is one index range of the keyset, so memory holds at most this many. */
export const REPORT_PAGE_SIZE = 1000;

/**
 * The files' types. Here rather than beside the writers (report-writer.ts), which bring exceljs and
 * its zip packages: those load in the report's own thread, never in the server's.
 */
export const REPORT_CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

export interface ReportFile {
  filename: string;
  contentType: string;
  stream: Readable;
}

/** A file name from the report's name (or its type) and period: letters, digits, '-' and '_'. */
function reportFilename(req: ReportRequest): string {
  const base = (req.nameReport ?? `relatorio-${req.tipo}`)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  const day = (ymd: string) => dayLabel(ymd).replace(/\//g, '-');
  return `${base || 'relatorio'}_${day(req.dataInicial)}_${day(req.dataFinal)}.${req.format}`;
}

/**
 * A sent-notification report (spec 002 §2, §5): checks the request, answers 404 'Ausência de
 * Dados!' when the period has no message, then streams the file: messages are read a page at a
 * time by keyset and written row by row, waiting for the reader, so memory does not grow with the
 * number of rows. The answer waits for the worker's first bytes: a failure before them is 500 'Houve
 * um erro ao gerar o relatório' ({ message }); after them it can no longer change the status, so
 * the stream is destroyed (the download fails) and the cause logged.
 */
export async function generateReport(ctx: AppContext, scope: TenantScope, req: ReportRequest): Promise<ReportFile> {
  requirePermission(canRequestReportType(req.tipo, scope.actor.usu_nivel));
  const period = reportPeriod(req);
  if (!(await hasReportMessages(ctx.db, scope, req.tipo, period))) throw notFound(REPORT_MSG.noData);

  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  // The file is written by a worker thread with a heap of its own (report-file.ts); this thread
  // reads the pages (PGlite lives here) and hands each over, the next read while the worker
  // writes the one before.
  const file = await startReportFile(out, { format: req.format, tipo: req.tipo, publicUrl: ctx.config.publicUrl }).catch((err) => {
    ctx.log.error({ err }, 'report worker did not start');
    throw new AppError(500, REPORT_MSG.generateError);
  });
  const write = async () => {
    // Reads a page and hands it to the worker, answering only where the next one starts: the
    // page's texts must not outlive this call (an async function's frame keeps its locals until it
    // ends, and a page still held while the next one arrives is promoted to the old generation).
    const readPage = async (after: number) => {
      const page = await reportPage(ctx.db, scope, req.tipo, period, after, REPORT_PAGE_SIZE);
      if (page.rows.length > 0) file.page(page.rows);
      return page.rows.length === REPORT_PAGE_SIZE ? page.last : null;
    };
    try {
      let after: number | null = 0;
      while (after !== null) {
        await file.ready();
        if (out.destroyed) return file.stop();
        after = await readPage(after);
      }
      await file.end();
    } catch (err) {
      file.stop();
      throw err;
    }
  };
  const writing = write();
  // Nothing is answered before the worker's first bytes: a worker that fails before them (it could
  // not start, its first page failed) is an error answer with the product's { message }, not a
  // download that breaks, nor Fastify's raw error about a stream.
  try {
    await Promise.race([file.started(), writing]);
  } catch (err) {
    file.stop();
    out.destroy();
    ctx.log.error({ err }, 'report generation failed before its first byte');
    throw new AppError(500, REPORT_MSG.generateError);
  }
  writing.catch((err) => {
    ctx.log.error({ err }, 'report generation failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return { filename: reportFilename(req), contentType: REPORT_CONTENT_TYPES[req.format], stream: out };
}
