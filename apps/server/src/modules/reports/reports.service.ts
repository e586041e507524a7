import { PassThrough, type Readable } from 'node:stream';
import { canRequestReportType, dayLabel, REPORT_MSG, REPORT_TYPE_LABELS, type ReportRequest, reportPeriod } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { requirePermission, type TenantScope } from '../tenancy/tenant-scope.ts';
import { csvSink, REPORT_CONTENT_TYPES, type ReportSink, xlsxSink } from './report-writer.ts';
import { addToTotals, type EntityTotals, presentReportRows, presentSummary, reportColumns, SUMMARY_COLUMNS } from './reports.presenter.ts';
import { hasReportMessages, type ReportRow, reportPage } from './reports.queries.ts';

/** Messages read per page: a page is one index range of the keyset, so memory holds at most this many. */
export const REPORT_PAGE_SIZE = 1000;

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
 * number of rows. A failure after the first byte can no longer change the status: the stream is
 * destroyed (the download fails) and the cause logged.
 */
export async function generateReport(ctx: AppContext, scope: TenantScope, req: ReportRequest): Promise<ReportFile> {
  requirePermission(canRequestReportType(req.tipo, scope.actor.usu_nivel));
  const period = reportPeriod(req);
  if (!(await hasReportMessages(ctx.db, scope, req.tipo, period))) throw notFound(REPORT_MSG.noData);

  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const columns = reportColumns(req.tipo);
  const sink: ReportSink = req.format === 'xlsx' ? xlsxSink(out, REPORT_TYPE_LABELS[req.tipo], columns) : csvSink(out, columns);
  const write = async () => {
    const totals = new Map<string, EntityTotals>();
    const page = (after: number) => reportPage(ctx.db, scope, req.tipo, period, after, REPORT_PAGE_SIZE);
    let next: Promise<ReportRow[]> | null = page(0);
    while (next) {
      const rows: ReportRow[] = await next;
      // The next page is read while this one is written (two pages at most in memory): the
      // database's time and the writer's overlap instead of adding up.
      const last = rows[rows.length - 1]?.ema_uni_codigo;
      next = rows.length === REPORT_PAGE_SIZE && last !== undefined ? page(last) : null;
      for (const row of rows) {
        for (const cells of presentReportRows(row, req.tipo, ctx.config.publicUrl)) await sink.addRow(cells);
        if (req.tipo === 'enviados-entidade') addToTotals(totals, row);
      }
      if (out.destroyed) {
        await next?.catch(() => undefined);
        return;
      }
    }
    if (req.tipo === 'enviados-entidade') await sink.addSheet('Resumo por Entidade', SUMMARY_COLUMNS, presentSummary(totals));
    await sink.end();
  };
  write().catch((err) => {
    ctx.log.error({ err }, 'report generation failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return { filename: reportFilename(req), contentType: REPORT_CONTENT_TYPES[req.format], stream: out };
}
