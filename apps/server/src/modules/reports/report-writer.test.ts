import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxSink } from './report-writer.ts';
import type { ReportColumn } from './reports.presenter.ts';

const COLUMNS: ReportColumn[] = [
  { header: 'Protocolo', width: 12, kind: 'number' },
  { header: 'Texto', width: 40, kind: 'text' },
  { header: 'Vazio', width: 10, kind: 'text' },
  { header: 'Criada em', width: 20, kind: 'date' },
  { header: 'Lido em', width: 20, kind: 'date' },
];

/** A reader that takes each piece on the next turn of the event loop, keeping what it got. */
function reader() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    highWaterMark: 256 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      setImmediate(callback);
    },
  });
  return { out, chunks, bytes: () => chunks.reduce((n, c) => n + c.length, 0) };
}

describe('the xlsx writer', () => {
  it('hands the zip its XML as the rows come (backpressure), not all at the end', async () => {
    const { out, bytes } = reader();
    const sink = xlsxSink(out, 'Enviados', COLUMNS);
    const text = 'x'.repeat(800);
    const rows = 20_000; // ~17 MB of XML, ~1 MB once deflated
    for (let i = 1; i <= rows; i++) await sink.addRow([i, `${text} ${i}`, null, new Date(Date.UTC(2026, 9, 15, 13, 0, i % 60)), null]);
    // Before the end, the reply has most of the file: the zip kept up (at most ~256 KB of XML
    // waits for it). Before, the rows' loop never let the zip run and the whole sheet waited,
    // uncompressed, in memory.
    const before = bytes();
    await sink.end();
    if (!out.writableFinished) await new Promise((resolve) => out.once('finish', resolve));
    expect(before).toBeGreaterThan(bytes() * 0.5);
  });

  it('writes dates as date cells of Brasília time, empty date cells with their format, and no empty text cell', async () => {
    const { out, chunks } = reader();
    const sink = xlsxSink(out, 'Enviados', COLUMNS);
    await sink.addRow([1, '=HYPERLINK("x")', null, new Date('2026-10-15T13:00:05.250Z'), null]);
    await sink.end();
    if (!out.writableFinished) await new Promise((resolve) => out.once('finish', resolve));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const row = wb.worksheets[0]?.getRow(2);
    if (!row) throw new Error('no row');
    expect(row.getCell(1).value).toBe(1);
    expect(row.getCell(2).value).toBe('=HYPERLINK("x")');
    expect(row.getCell(3).type).toBe(ExcelJS.ValueType.Null);
    expect(row.getCell(3).numFmt).toBeUndefined();
    expect((row.getCell(4).value as Date).toISOString()).toBe('2026-10-15T10:00:05.250Z');
    expect(row.getCell(4).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    expect(row.getCell(5).type).toBe(ExcelJS.ValueType.Null);
    expect(row.getCell(5).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
  });
});
