import { describe, expect, it } from 'vitest';
import { TRANSPORTE_MSG, transporteBody } from './contracts/transporte-dados.ts';
import {
  cellText,
  columnLetter,
  compareTransportHeaders,
  formatMonetary,
  formatSheetDate,
  GERAR_MSG,
  groupingOf,
  groupSequencedColumns,
  isModelCsv,
  parseMoneyText,
  readModelHeader,
  type SheetCell,
  sameHeaders,
  sheetHeader,
  sheetKind,
} from './gerar-remessas.ts';
import { GerarRemessaError, type GerarRemessaOptions, generateRemessaCsv } from './gerar-remessas-csv.ts';

describe('groupSequencedColumns (agrupar colunas sequenciadas)', () => {
  it("collapses VALOR1..VALOR10 into 'VALOR 1 até 10' at the first one's place, N the largest number", () => {
    const headers = ['ID', 'VALOR1', 'NOME', ...Array.from({ length: 9 }, (_, i) => `VALOR${i + 2}`), 'MODELO'];
    const fields = groupSequencedColumns(headers);
    expect(fields.map((f) => f.name)).toEqual(['ID', 'VALOR 1 até 10', 'NOME', 'MODELO']);
    expect(fields[1]?.members).toEqual(Array.from({ length: 10 }, (_, i) => `VALOR${i + 1}`));
  });

  it('orders members by number (VALOR10 after VALOR9, not after VALOR1) and keeps separate bases apart', () => {
    const fields = groupSequencedColumns(['VALOR10', 'VALOR2', 'VALOR1', 'DATA_1', 'DATA_2']);
    expect(fields).toEqual([
      { name: 'VALOR 1 até 10', members: ['VALOR1', 'VALOR2', 'VALOR10'] },
      { name: 'DATA 1 até 2', members: ['DATA_1', 'DATA_2'] },
    ]);
  });

  it('leaves a lone numbered name, a number-only name and everything when grouping is off', () => {
    expect(groupSequencedColumns(['ENDERECO2', '2024', 'NOME']).map((f) => f.name)).toEqual(['ENDERECO2', '2024', 'NOME']);
    expect(groupSequencedColumns(['VALOR1', 'VALOR2'], false).map((f) => f.name)).toEqual(['VALOR1', 'VALOR2']);
  });

  it('tells whether a saved transport was grouped, from either side, or that it cannot tell', () => {
    const t = (remessaOrigin: string[], remessa: string[], planilhaOrigin: string[], planilha: string[]) =>
      groupingOf({ remessaOrigin, remessa, planilhaOrigin, planilha });
    expect(t(['ID', 'VALOR1', 'VALOR2'], ['ID', 'VALOR 1 até 2'], ['A'], ['A', ''])).toBe(true);
    expect(t(['ID', 'VALOR1', 'VALOR2'], ['ID', 'VALOR1', 'VALOR2'], ['A'], ['A', '', ''])).toBe(false);
    expect(t(['ID', 'TOTAL'], ['ID', 'TOTAL'], ['CPF', 'V1', 'V2'], ['CPF', 'V 1 até 2'])).toBe(true);
    expect(t(['ID', 'TOTAL'], ['ID', 'TOTAL'], ['CPF', 'V1', 'V2'], ['CPF', 'V1'])).toBe(false);
    expect(t(['ID', 'TOTAL'], ['ID', 'TOTAL'], ['CPF', 'V'], ['CPF', 'V'])).toBeNull();
  });
});

describe('monetary and date formatting', () => {
  it('formats numbers as Brazilian Real: R$ 1.234,56', () => {
    expect(formatMonetary(1234.56)).toBe('R$ 1.234,56');
    expect(formatMonetary(0.5)).toBe('R$ 0,50');
    expect(formatMonetary(1000000)).toBe('R$ 1.000.000,00');
    expect(formatMonetary(-10)).toBe('-R$ 10,00');
  });

  it('reads numeric texts the ways they are written and leaves other texts alone', () => {
    expect(parseMoneyText('1234')).toBe(1234);
    expect(parseMoneyText('1234.5')).toBe(1234.5);
    expect(parseMoneyText('1234,5')).toBe(1234.5);
    expect(parseMoneyText('1.234,56')).toBe(1234.56);
    expect(parseMoneyText('1.234')).toBe(1234);
    expect(parseMoneyText('R$ 1.234,56')).toBe(1234.56);
    expect(parseMoneyText('1,234.56')).toBe(1234.56);
    expect(parseMoneyText('12 parcelas')).toBeNull();
    expect(formatMonetary('1.234,5')).toBe('R$ 1.234,50');
    expect(formatMonetary('a combinar')).toBe('a combinar');
    expect(formatMonetary(null)).toBe('');
  });

  it('writes xlsx dates as dd/MM/yyyy (the calendar day of the cell, whatever the time zone)', () => {
    expect(formatSheetDate(new Date(Date.UTC(2026, 0, 5)))).toBe('05/01/2026');
    expect(formatSheetDate(new Date(Date.UTC(2026, 11, 31, 23, 59)))).toBe('31/12/2026');
    expect(cellText(new Date(Date.UTC(2027, 1, 28)))).toBe('28/02/2027');
  });

  it('keeps every digit of whole numbers and writes others with a decimal comma', () => {
    expect(cellText(11987654321)).toBe('11987654321');
    expect(cellText(12345678901)).toBe('12345678901');
    expect(cellText(2.5)).toBe('2,5');
    expect(cellText(true)).toBe('VERDADEIRO');
    expect(cellText(null)).toBe('');
  });
});

describe('headers', () => {
  it('compares header lists ignoring case and edge spaces, not order', () => {
    expect(sameHeaders(['ID', 'Nome '], ['id', 'NOME'])).toBe(true);
    expect(sameHeaders(['ID', 'NOME'], ['NOME', 'ID'])).toBe(false);
    expect(sameHeaders(['ID'], ['ID', 'NOME'])).toBe(false);
  });

  it("says which of a transport's headers differ from the files loaded", () => {
    const saved = { remessaOrigin: ['ID', 'NOME'], planilhaOrigin: ['A', 'B'] };
    expect(compareTransportHeaders(saved, { remessaOrigin: ['id', 'nome'], planilhaOrigin: ['A', 'B'] })).toEqual({
      remessaDiffers: false,
      planilhaDiffers: false,
    });
    expect(compareTransportHeaders(saved, { remessaOrigin: null, planilhaOrigin: ['A', 'C'] })).toEqual({
      remessaDiffers: false,
      planilhaDiffers: true,
    });
    expect(compareTransportHeaders(saved, { remessaOrigin: ['ID'], planilhaOrigin: ['A', 'B'] }).remessaDiffers).toBe(true);
  });

  it('names sheet columns by the first row, or by letter without a header', () => {
    expect(['A', 'Z', 'AA', 'AZ', 'BA'].map((_, i) => columnLetter([0, 25, 26, 51, 52][i] as number))).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BA',
    ]);
    expect(sheetHeader(['NOME', null, 'nome', 'VALOR1'], true)).toEqual(['NOME', 'B', 'nome (C)', 'VALOR1']);
    expect(sheetHeader(['Ana', 'x'], false)).toEqual(['A', 'B']);
  });

  it("reads the model's header with the spec's messages for a blank file and a wrong separator", () => {
    expect(readModelHeader('\uFEFFID;ASSUNTO;NOME_DESTINATARIO;\r\n1;Oi;Ana\r\n')).toEqual({
      ok: true,
      header: ['ID', 'ASSUNTO', 'NOME_DESTINATARIO'],
    });
    expect(readModelHeader('  \r\n\r\n')).toEqual({ ok: false, message: GERAR_MSG.blank });
    expect(readModelHeader('ID,ASSUNTO,NOME')).toEqual({ ok: false, message: GERAR_MSG.separator });
    expect(GERAR_MSG.separator.startsWith('Atenção os arquivos devem usar ponto e vírgula ";" como elemento separador')).toBe(true);
    expect(readModelHeader('ID;;NOME')).toEqual({ ok: false, message: GERAR_MSG.modelBlankColumn(2) });
  });

  it('tells the kinds of file apart by name, then by type', () => {
    expect(sheetKind({ name: 'a.XLSX', type: '' })).toBe('xlsx');
    expect(sheetKind({ name: 'a.xls', type: 'application/vnd.ms-excel' })).toBe('xls');
    expect(sheetKind({ name: 'a.csv', type: 'application/vnd.ms-excel' })).toBe('csv');
    expect(sheetKind({ name: 'a.pdf', type: 'application/pdf' })).toBeNull();
    expect(isModelCsv({ name: 'modelo.csv', type: 'application/vnd.ms-excel' })).toBe(true);
    expect(isModelCsv({ name: 'modelo', type: 'text/csv' })).toBe(true);
    expect(isModelCsv({ name: 'modelo.xls', type: 'application/vnd.ms-excel' })).toBe(false);
  });
});

describe('generateRemessaCsv', () => {
  const remessaHeader = [
    'ID',
    'ASSUNTO',
    'NOME_DESTINATARIO',
    'EMAIL_DESTINATARIO',
    'MODELO',
    'VENCIMENTO',
    'VALOR1',
    'VALOR2',
    'VALOR3',
    'VALOR4',
  ];
  const sheet = ['CPF', 'NOME', 'EMAIL', 'VENC', 'VALOR1', 'VALOR2', 'VALOR3', 'TOTAL'];
  const d = (day: number) => new Date(Date.UTC(2026, 2, day));
  const rows: SheetCell[][] = [
    ['111', 'Ana', 'ana@exemplo.com.br', d(10), 10, 20.5, null, 30.5],
    ['222', '=cmd', 'bob@exemplo.com.br', d(11), 1234.56, null, null, 1234.56],
    [null, null, null, null, null, null, null, null],
    ['111', 'Ana', 'ana@exemplo.com.br', d(12), 5, null, null, 5],
  ];
  const base = (over: Partial<GerarRemessaOptions> = {}): GerarRemessaOptions => ({
    remessaHeader,
    remessaFields: groupSequencedColumns(remessaHeader),
    sheetHeader: sheet,
    sheetFields: groupSequencedColumns(sheet),
    mapping: {
      ID: 'CPF',
      NOME_DESTINATARIO: 'NOME',
      EMAIL_DESTINATARIO: 'EMAIL',
      VENCIMENTO: 'VENC',
      'VALOR 1 até 4': 'VALOR 1 até 3',
    },
    monetary: ['VALOR 1 até 4'],
    groupBy: '',
    ...over,
  });
  const lines = (csv: string) => csv.split('\r\n').slice(0, -1);

  it('writes the model header and one line per row, grouped columns expanded, money in R$, dates dd/MM/yyyy, formulas neutralised', () => {
    const result = generateRemessaCsv(rows, base());
    expect(result.lines).toBe(3);
    expect(lines(result.csv)).toEqual([
      remessaHeader.join(';'),
      '111;;Ana;ana@exemplo.com.br;;10/03/2026;R$ 10,00;R$ 20,50;;',
      "222;;'=cmd;bob@exemplo.com.br;;11/03/2026;R$ 1.234,56;;;",
      '111;;Ana;ana@exemplo.com.br;;12/03/2026;R$ 5,00;;;',
    ]);
  });

  it('writes a fixed value in every line of a field, instead of a sheet column (a subject, a template)', () => {
    const result = generateRemessaCsv(rows, base({ fixed: { ASSUNTO: ' Aviso de cobrança ', ID: 'LOTE-1', NOME_DESTINATARIO: '  ' } }));
    expect(lines(result.csv).slice(1)).toEqual([
      'LOTE-1;Aviso de cobrança;Ana;ana@exemplo.com.br;;10/03/2026;R$ 10,00;R$ 20,50;;',
      "LOTE-1;Aviso de cobrança;'=cmd;bob@exemplo.com.br;;11/03/2026;R$ 1.234,56;;;",
      'LOTE-1;Aviso de cobrança;Ana;ana@exemplo.com.br;;12/03/2026;R$ 5,00;;;',
    ]);
  });

  it('merges the rows of a grouping value into one line, the grouped values one after another', () => {
    const result = generateRemessaCsv(rows, base({ groupBy: 'cpf' }));
    expect(lines(result.csv).slice(1)).toEqual([
      '111;;Ana;ana@exemplo.com.br;;10/03/2026;R$ 10,00;R$ 20,50;R$ 5,00;',
      "222;;'=cmd;bob@exemplo.com.br;;11/03/2026;R$ 1.234,56;;;",
    ]);
    expect(result.truncated).toBe(0);
  });

  it('counts what does not fit in a grouped field, and a plain sheet column fills a grouped field', () => {
    const narrow = ['ID', 'VALOR1', 'VALOR2'];
    const result = generateRemessaCsv(
      [
        ['1', 1],
        ['1', 2],
        ['1', 3],
        ['2', 4],
      ],
      {
        remessaHeader: narrow,
        remessaFields: groupSequencedColumns(narrow),
        sheetHeader: ['ID', 'V'],
        sheetFields: groupSequencedColumns(['ID', 'V']),
        mapping: { ID: 'ID', 'VALOR 1 até 2': 'V' },
        monetary: [],
        groupBy: 'ID',
      },
    );
    expect(lines(result.csv).slice(1)).toEqual(['1;1;2', '2;4;']);
    expect(result.truncated).toBe(1);
  });

  it('leaves numbers as they are without the monetary type, and refuses a grouping column the sheet lacks', () => {
    expect(lines(generateRemessaCsv(rows.slice(0, 1), base({ monetary: [] })).csv)[1]).toBe(
      '111;;Ana;ana@exemplo.com.br;;10/03/2026;10;20,5;;',
    );
    expect(() => generateRemessaCsv(rows, base({ groupBy: 'CONTRATO' }))).toThrow(GerarRemessaError);
    expect(() => generateRemessaCsv(rows, base({ groupBy: 'CONTRATO' }))).toThrow(GERAR_MSG.groupByMissing('CONTRATO'));
  });

  it('reports progress to the end', () => {
    const seen: number[] = [];
    generateRemessaCsv(
      Array.from({ length: 12000 }, (_, i) => [String(i), 'x']),
      { ...base(), sheetHeader: ['CPF', 'NOME'], sheetFields: groupSequencedColumns(['CPF', 'NOME']), mapping: { ID: 'CPF' } },
      (done) => seen.push(done),
    );
    expect(seen).toEqual([5000, 10000, 12000]);
  });
});

describe('transporteBody', () => {
  const campos = {
    remessa: ['ID', 'VALOR 1 até 2'],
    remessaOrigin: ['ID', 'VALOR1', 'VALOR2'],
    planilha: ['CPF', ''],
    planilhaOrigin: ['CPF', 'V'],
    campoAgrupamento: '',
    tiposDadosSelected: ['VALOR 1 até 2'],
  };
  const message = (body: unknown) => {
    const r = transporteBody.safeParse(body);
    return r.success ? null : r.error.issues[0]?.message;
  };

  it('requires a name and the lists, bounded in size', () => {
    expect(transporteBody.parse({ rem_trans_nome: ' Cobrança ', rem_trans_campos: campos }).rem_trans_nome).toBe('Cobrança');
    expect(message({ rem_trans_nome: ' ', rem_trans_campos: campos })).toBe(TRANSPORTE_MSG.nameRequired);
    expect(message({ rem_trans_nome: 'x'.repeat(101), rem_trans_campos: campos })).toBe(TRANSPORTE_MSG.nameTooLong);
    expect(message({ rem_trans_nome: 'a' })).toBe(TRANSPORTE_MSG.camposRequired);
    expect(message({ rem_trans_nome: 'a', rem_trans_campos: { ...campos, remessa: [] } })).toBe(TRANSPORTE_MSG.camposRequired);
    expect(message({ rem_trans_nome: 'a', rem_trans_campos: { ...campos, planilhaOrigin: [1] } })).toBe(TRANSPORTE_MSG.fieldNotString);
    const many = Array.from({ length: 501 }, (_, i) => `C${i}`);
    expect(message({ rem_trans_nome: 'a', rem_trans_campos: { ...campos, planilhaOrigin: many } })).toBe(TRANSPORTE_MSG.tooManyFields);
    expect(message({ rem_trans_nome: 'a', rem_trans_campos: { ...campos, planilhaOrigin: ['x'.repeat(201)] } })).toBe(
      TRANSPORTE_MSG.fieldTooLong,
    );
  });

  it('keeps planilha parallel to remessa and the monetary fields among them', () => {
    expect(message({ rem_trans_nome: 'a', rem_trans_campos: { ...campos, planilha: ['CPF'] } })).toBe(TRANSPORTE_MSG.planilhaLength);
    expect(message({ rem_trans_nome: 'a', rem_trans_campos: { ...campos, tiposDadosSelected: ['OUTRO'] } })).toBe(
      TRANSPORTE_MSG.monetaryUnknown,
    );
  });

  it('keeps fixed values of remessa fields, bounded; a transport saved before has none', () => {
    expect(transporteBody.parse({ rem_trans_nome: 'a', rem_trans_campos: campos }).rem_trans_campos.valoresFixos).toEqual({});
    const fixed = { ...campos, valoresFixos: { ID: 'LOTE-1' } };
    expect(transporteBody.parse({ rem_trans_nome: 'a', rem_trans_campos: fixed }).rem_trans_campos.valoresFixos).toEqual({ ID: 'LOTE-1' });
    expect(message({ rem_trans_nome: 'a', rem_trans_campos: { ...campos, valoresFixos: { OUTRO: 'x' } } })).toBe(
      TRANSPORTE_MSG.fixedUnknown,
    );
    expect(message({ rem_trans_nome: 'a', rem_trans_campos: { ...campos, valoresFixos: { ID: 'x'.repeat(501) } } })).toBe(
      TRANSPORTE_MSG.fixedTooLong,
    );
    expect(message({ rem_trans_nome: 'a', rem_trans_campos: { ...campos, valoresFixos: { ID: 3 } } })).toBe(TRANSPORTE_MSG.fieldNotString);
  });
});
