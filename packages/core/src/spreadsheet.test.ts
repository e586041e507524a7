import { describe, expect, it } from 'vitest';
import { csvTemplate, previewCsvRows } from './contracts/leads-csv.ts';
import { csvCell, csvCellText, csvLine, startsLikeFormula, xlsxCell } from './spreadsheet.ts';

const PAYLOADS = ['=HYPERLINK("http://evil.test","clique")', '+1+1', '-2+3', '@SUM(A1:A2)', '\t=1+1', '\r=1+1', "=cmd|' /C calc'!A0"];

describe('csvCell', () => {
  it('never lets a cell start a formula: a leading quote, the typed text kept after it', () => {
    for (const p of PAYLOADS) {
      const cell = csvCell(p);
      const inner = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      expect(inner).toBe(`'${p}`);
      expect(startsLikeFormula(cell.replace(/^"/, ''))).toBe(false);
    }
  });

  it('quotes a cell holding the delimiter, a quote or a line break, doubling quotes', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvCell('linha\nnova')).toBe('"linha\nnova"');
    expect(csvCell('=1;2')).toBe('"\'=1;2"');
    expect(csvCell('a,b', ',')).toBe('"a,b"');
  });

  it('leaves ordinary text, numbers, booleans and empty values as they are', () => {
    expect(csvCell('Maria da Silva')).toBe('Maria da Silva');
    expect(csvCell('maria@exemplo.com.br')).toBe('maria@exemplo.com.br');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date('2026-11-25T12:00:00Z'))).toBe('2026-11-25T12:00:00.000Z');
  });

  it('csvCellText undoes the quote of a formula-like cell only', () => {
    const unquote = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
    for (const p of PAYLOADS) expect(csvCellText(unquote(csvCell(p)))).toBe(p);
    expect(csvCellText("'texto")).toBe("'texto");
  });

  it('csvLine joins with the delimiter and ends with CRLF', () => {
    expect(csvLine(['NOME', '=1+1', 'a;b'])).toBe('NOME;\'=1+1;"a;b"\r\n');
  });
});

describe('xlsxCell', () => {
  it('keeps text exactly as typed, as a string (never a formula object)', () => {
    for (const p of PAYLOADS) expect(xlsxCell(p)).toBe(p);
  });
  it('turns an object that would be written as a formula or hyperlink into text', () => {
    expect(xlsxCell({ formula: 'HYPERLINK("http://evil.test")' })).toBe('HYPERLINK("http://evil.test")');
    expect(xlsxCell({ sharedFormula: 'A1' })).toBe('A1');
    expect(xlsxCell({ text: 'clique', hyperlink: 'javascript:alert(1)' })).toBe('clique');
  });
  it('keeps numbers, booleans and dates typed', () => {
    const d = new Date('2026-11-25T12:00:00Z');
    expect(xlsxCell(-5)).toBe(-5);
    expect(xlsxCell(false)).toBe(false);
    expect(xlsxCell(d)).toBe(d);
    expect(xlsxCell(undefined)).toBe(null);
    expect(xlsxCell(Number.NaN)).toBe('NaN');
  });
});

describe('the recipients template (DESTINATARIOS.csv)', () => {
  it('writes a custom variable named like a formula as text, and reads it back on import', () => {
    const name = '=HYPERLINK("HTTP://EVIL.TEST")';
    const text = csvTemplate(['NOME', 'EMAIL', name]);
    expect(text).toBe('NOME;EMAIL;"\'=HYPERLINK(""HTTP://EVIL.TEST"")"\r\n');
    const field = { id: '1', description: 'x', value: `*|${name}|*` };
    const preview = previewCsvRows(
      [
        ['NOME', 'EMAIL', `'${name}`],
        ['Ana', 'ana@exemplo.com.br', 'valor'],
      ],
      [field],
    );
    expect(preview.valid[0]?.lead.lea_custom_field).toMatchObject({ data: [{ id: '1', value: 'valor' }] });
  });
});
