import type { Writable } from 'node:stream';
import { brasiliaStamp, brasiliaWallClock, type CellInput, csvLine, xlsxCell } from '@ar/core';
import type { ReportColumn } from './reports.presenter.ts';
import { drainedOrClosed, XlsxStreamWriter } from './xlsx-stream.ts';

/** A spreadsheet being written to a stream, one row at a time. */
export interface ReportSink {
  /** Writes a row; resolves when the stream can take more (backpressure: memory stays flat). */
  addRow(cells: CellInput[]): Promise<void>;
  /** A second sheet (xlsx) after the rows, e.g. the per-entity summary; csv has one table, so it is skipped there. */
  addSheet(name: string, columns: ReportColumn[], rows: CellInput[][]): Promise<void>;
  end(): Promise<void>;
}

export const REPORT_CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/**
 * xlsx streamed (xlsx-stream.ts): each row becomes sheet XML as it comes and goes to the zip, never
 * kept. Dates are real date cells holding Brasília's wall-clock time (a cell has no time zone),
 * shown dd/mm/yyyy hh:mm:ss; the header row is bold, frozen and filtered; each column has its width.
 * Text goes through xlsxCell: always a string cell, never a formula.
 */
export function xlsxSink(out: Writable, sheetName: string, columns: ReportColumn[]): ReportSink {
  const book = new XlsxStreamWriter(out, { creator: 'AR Online', created: new Date() });
  const cell = (value: CellInput) => xlsxCell(value instanceof Date ? brasiliaWallClock(value) : value);
  book.startSheet(
    sheetName,
    columns,
    columns.map((c) => c.header),
  );
  return {
    async addRow(cells) {
      if (!book.addRow(cells.map(cell))) await book.drain();
    },
    async addSheet(name, cols, rows) {
      book.startSheet(
        name,
        cols,
        cols.map((c) => c.header),
      );
      for (const r of rows) if (!book.addRow(r.map(cell))) await book.drain();
    },
    end: () => book.end(),
  };
}

/** Text is handed to the reply in pieces of about this many characters. */
const CHUNK = 64 * 1024;

/**
 * csv with ';' (what Excel in Portuguese expects), UTF-8 with a byte order mark so Excel reads the
 * accents, CRLF lines; dates dd/MM/yyyy HH:mm:ss in Brasília time. Every cell through csvLine
 * (spreadsheet injection: a text starting with = + - @ gets a leading quote).
 */
export function csvSink(out: Writable, columns: ReportColumn[]): ReportSink {
  // Lines are handed to the reply in pieces of about 64 KB: one write per line cost more than the
  // line itself (a chunk, a callback and a socket write each).
  let pending = `\uFEFF${csvLine(columns.map((c) => c.header))}`;
  const cell = (value: CellInput) => (value instanceof Date ? brasiliaStamp(value) : value);
  return {
    async addRow(cells) {
      pending += csvLine(cells.map(cell));
      if (pending.length < CHUNK) return;
      const more = out.write(pending);
      pending = '';
      if (!more) await drainedOrClosed(out, out);
    },
    async addSheet() {},
    async end() {
      out.end(pending);
    },
  };
}
