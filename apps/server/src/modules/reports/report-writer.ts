import type { Writable } from 'node:stream';
import { brasiliaStamp, brasiliaWallClockTime, type CellInput, csvLine, xlsxCell } from '@ar/core';
import type ExcelJS from 'exceljs';
// The streaming writer alone, not the package's entry (the workbook model, the reader and their
// dependencies): it is what the report's worker thread loads for each report.
import WorkbookWriter from 'exceljs/lib/stream/xlsx/workbook-writer.js';
import type { ReportColumn } from './reports.presenter.ts';

/** A spreadsheet being written to a stream, one row at a time. */
export interface ReportSink {
  /** Writes a row; resolves when the stream can take more (backpressure: memory stays flat). */
  addRow(cells: CellInput[]): Promise<void>;
  /** A second sheet (xlsx) after the rows, e.g. the per-entity summary; csv has one table, so it is skipped there. */
  addSheet(name: string, columns: ReportColumn[], rows: CellInput[][]): Promise<void>;
  end(): Promise<void>;
}

/** Excel's format for the date cells: they are real dates, shown the Brazilian way. */
const DATE_STYLE: Partial<ExcelJS.Style> = { numFmt: 'dd/mm/yyyy hh:mm:ss' };
const PLAIN_STYLE: Partial<ExcelJS.Style> = {};
const HEADER_STYLE: Partial<ExcelJS.Style> = { font: { bold: true } };
const ROW_STYLE: Partial<ExcelJS.Style> = {};

/** Excel's serial number of a date cell (days since 1899-12-30) for Brasília's wall-clock time, as exceljs computes it. */
const excelSerial = (d: Date) => 25569 + brasiliaWallClockTime(d) / (24 * 3600 * 1000);

/**
 * Waits until the reply takes more, or is gone (a client that disconnected never drains: without
 * 'close' the report would wait for ever).
 */
export function drainedOrClosed(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed || out.writableFinished) return Promise.resolve();
  return drainOrClose(out, out);
}

/** Resolves at `stream`'s next 'drain', or when it or the reply closes. */
function drainOrClose(stream: Writable, reply: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      reply.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    reply.once('close', done);
  });
}

/** Lets the event loop turn once: the zip's and the reply's callbacks (and other requests) run. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Uncompressed XML the zip may have waiting before the rows wait for it (~250 rows). */
const ZIP_BACKLOG = 256 * 1024;
/** Rows written between two turns of the event loop (~50 KB of XML: about one piece the zip deflates a turn). */
const ROWS_A_TURN = 50;

type ZipInput = Writable & { _writableState?: { length?: number } };

/**
 * The stream the zip reads a sheet's XML from: exceljs's sheet stream writes its pieces into it
 * (a PassThrough of archiver's, readable-stream 2: no writableLength, hence its state's length)
 * without looking at what write answers, so its backlog is the only sign that the zip (deflate)
 * is behind the rows. Not a documented part of exceljs: when it is not there, the writer still
 * lets the event loop turn and waits for the reply.
 */
function zipInputOf(sheet: ExcelJS.Worksheet): ZipInput | undefined {
  const input = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as ZipInput | undefined;
  return input && typeof input.once === 'function' && typeof backlogOf(input) === 'number' ? input : undefined;
}

const backlogOf = (input: ZipInput) => input.writableLength ?? input._writableState?.length;

/**
 * xlsx with exceljs's streaming writer: each row is committed (turned into XML and handed to the
 * zip) as it comes, never kept. Dates are real date cells holding Brasília's wall-clock time
 * (a cell has no time zone), shown dd/mm/yyyy hh:mm:ss; the header row is bold, frozen and
 * filtered; each column has its width. Text goes through xlsxCell: always a string cell.
 */
export function xlsxSink(out: Writable, sheetName: string, columns: ReportColumn[]): ReportSink {
  const workbook = new WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'AR Online';
  workbook.created = new Date();
  const open = (name: string, cols: ReportColumn[]) => {
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
    sheet.columns = cols.map((c, i) => ({ key: String(i), width: c.width }));
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: cols.length } };
    const header = sheet.addRow(cols.map((c) => xlsxCell(c.header)));
    header.eachCell((cell) => {
      cell.style = HEADER_STYLE;
    });
    header.commit();
    // One style object per column kind, shared by every cell: exceljs looks a style up by the
    // object first; a new object per cell (what column styles make) cost it ~3x the time of a row.
    const styles = cols.map((c) => (c.kind === 'date' ? DATE_STYLE : PLAIN_STYLE));
    const dates = cols.map((c) => c.kind === 'date');
    const addRow = (cells: CellInput[]) => {
      const values: (string | number | boolean | Date | null | undefined)[] = [];
      for (let i = 0; i < cells.length; i++) {
        const v = cells[i];
        if (dates[i]) {
          // A date column's cell is always made, empty or not, so it carries the date format
          // (`<c s=".."/>`, as before); a date is handed over as Excel's serial number of
          // Brasília's wall-clock time, the very number exceljs writes for a Date cell, with the
          // column's date format: the same XML without a Date and a date value per cell.
          values.push(v instanceof Date && !Number.isNaN(v.getTime()) ? excelSerial(v) : xlsxCell(v));
        } else {
          // An empty text or number cell is not written (no style, no value): undefined makes no
          // Cell at all instead of an empty one exceljs then skips.
          values.push(v === null || v === undefined ? undefined : xlsxCell(v));
        }
      }
      const row = sheet.addRow(values);
      for (let i = 0; i < styles.length; i++) {
        if (values[i] !== undefined || dates[i]) row.getCell(i + 1).style = styles[i] as Partial<ExcelJS.Style>;
      }
      // The row's own style (not in exceljs's types): a shared empty one, found by identity; the
      // new {} each Row starts with was looked up in full, once a row.
      (row as unknown as { style: Partial<ExcelJS.Style> }).style = ROW_STYLE;
      row.commit();
    };
    return { sheet, addRow };
  };
  const main = open(sheetName, columns);
  let rows = 0;
  return {
    async addRow(cells) {
      main.addRow(cells);
      if (++rows % ROWS_A_TURN === 0) {
        // Every 50 rows: let the event loop turn, wait for the zip to take the sheet's XML, then
        // for the reply to take what the zip wrote. exceljs hands the XML on without backpressure
        // and the zip reads, deflates and writes only in the event loop's callbacks: a loop of
        // promises already resolved (the next page read ahead, a reply never full) never let them
        // run, and the whole sheet piled up uncompressed in memory (~1 KB a row).
        await turn();
        const input = zipInputOf(main.sheet);
        if (input && (backlogOf(input) ?? 0) > ZIP_BACKLOG && !out.destroyed) await drainOrClose(input, out);
        await drainedOrClosed(out);
      }
    },
    async addSheet(name, cols, sheetRows) {
      main.sheet.commit();
      const extra = open(name, cols);
      for (const r of sheetRows) extra.addRow(r);
      extra.sheet.commit();
    },
    async end() {
      await workbook.commit();
    },
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
      if (!more) await drainedOrClosed(out);
    },
    async addSheet() {},
    async end() {
      out.end(pending);
    },
  };
}
