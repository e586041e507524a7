import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnLetters, XlsxStreamWriter, xmlText } from './xlsx-stream.ts';

/** Writes a workbook to memory and reads it back with exceljs. */
async function roundTrip(write: (w: XlsxStreamWriter) => void) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const w = new XlsxStreamWriter(out, { creator: 'AR Online', created: new Date('2026-11-25T12:00:00Z') });
  write(w);
  await w.end();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return wb;
}

describe('xlsx-stream', () => {
  it('names columns past Z as Excel does', () => {
    expect([1, 26, 27, 28, 52, 53, 702, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('escapes markup and drops the characters XML cannot hold', () => {
    expect(xmlText('a<b>&"c"')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
    expect(xmlText('bell\u0007 tab\t line\n')).toBe('bell tab\t line\n');
    expect(xmlText('plain Ação')).toBe('plain Ação');
  });

  it('writes text, numbers, booleans and dates that read back as they were, columns past Z, and two sheets', async () => {
    const columns = Array.from({ length: 28 }, (_, i) => ({ width: 10 + i, kind: i === 2 ? ('date' as const) : ('text' as const) }));
    const header = columns.map((_, i) => `C${i + 1}`);
    const wb = await roundTrip((w) => {
      w.startSheet('Dados & "mais"', columns, header);
      const row = Array.from({ length: 28 }, (_, i) => `v${i + 1}`) as (string | number | boolean | Date | null)[];
      row[0] = '  espaços nas pontas  ';
      row[1] = '=SUM(A1:A2) <b>&';
      row[2] = new Date(Date.UTC(2026, 9, 15, 10, 0, 5));
      row[3] = 12.5;
      row[4] = true;
      row[5] = null;
      w.addRow(row);
      w.startSheet('Resumo', [{ width: 20, kind: 'text' }], ['Entidade']);
      w.addRow(['E']);
    });
    const sheet = wb.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('Dados & "mais"');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:AB1');
    expect(sheet.getColumn(28).width).toBe(37);
    expect(sheet.getRow(1).getCell(28).value).toBe('C28');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const cells = sheet.getRow(2);
    expect(cells.getCell(1).value).toBe('  espaços nas pontas  ');
    expect(cells.getCell(2).value).toBe('=SUM(A1:A2) <b>&');
    expect(cells.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect((cells.getCell(3).value as Date).toISOString()).toBe('2026-10-15T10:00:05.000Z');
    expect(cells.getCell(3).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    expect(cells.getCell(4).value).toBe(12.5);
    expect(cells.getCell(5).value).toBe(true);
    expect(cells.getCell(6).value).toBeNull();
    expect(cells.getCell(28).value).toBe('v28');
    expect(wb.worksheets[1]?.getRow(2).getCell(1).value).toBe('E');
    expect(wb.creator).toBe('AR Online');
  });
});
