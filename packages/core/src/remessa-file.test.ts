import { describe, expect, it } from 'vitest';
import { REMESSA_MSG, remessaReportName, remessaReportQuery, remessaStatusInfo } from './contracts/remessas.ts';
import {
  checkRemessaBytes,
  checkRemessaBytesAsync,
  checkRemessaText,
  checkRemessaTextAsync,
  dataUrlBytes,
  detectEncoding,
  isCsvFile,
  parseRemessaCsv,
  RemessaCsvParser,
} from './remessa-file.ts';

const HEADER = 'ID;ASSUNTO;NOME_DESTINATARIO;EMAIL_DESTINATARIO;MODELO';
const utf8 = (s: string) => new TextEncoder().encode(s);
const latin1 = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));

describe('the batch file rules (spec 002 §5)', () => {
  it('takes a csv by type or by name', () => {
    expect(isCsvFile({ name: 'remessa.CSV', type: '' })).toBe(true);
    expect(isCsvFile({ name: 'remessa', type: 'text/csv' })).toBe(true);
    expect(isCsvFile({ name: 'remessa.xlsx', type: 'application/vnd.ms-excel' })).toBe(false);
  });

  it('tells UTF-8, ISO-8859-1 and the rest apart by the bytes', () => {
    expect(detectEncoding(utf8('Notificação'))).toBe('UTF-8');
    expect(detectEncoding(latin1('Notificação'))).toBe('ISO-8859-1');
    expect(detectEncoding(Uint8Array.from([0xff, 0xfe, 0x41, 0]))).toBe('UTF-16LE');
    expect(detectEncoding(Uint8Array.from([0x41, 0, 0x42, 0, 0x43, 0, 0x44, 0]))).toBe('UTF-16LE');
    expect(detectEncoding(Uint8Array.from([0x89, 0x50, 0, 0x47, 0, 0, 1]))).toBe('BINARIO');
  });

  it('asks before converting ISO-8859-1 and reads it converted', () => {
    const bytes = latin1(`${HEADER}\n1;Notificação;João;joao@exemplo.com;M1\n`);
    expect(checkRemessaBytes(bytes, { convertLatin1: false })).toEqual({ convert: true });
    const ok = checkRemessaBytes(bytes, { convertLatin1: true });
    expect('file' in ok && ok.file.rows[0]?.cells).toEqual(['1', 'Notificação', 'João', 'joao@exemplo.com', 'M1']);
  });

  it('refuses other encodings and files over 5 MB with the spec texts', () => {
    expect(checkRemessaBytes(Uint8Array.from([0xff, 0xfe, 0x41, 0]), { convertLatin1: true })).toEqual({
      problem: { tipo: 'ENCODING_ERROR', message: 'Formato de arquivo incompatível. O arquivo deve estar em UTF-8.' },
    });
    expect(checkRemessaBytes(new Uint8Array(5 * 1024 * 1024 + 1), { convertLatin1: true })).toMatchObject({
      problem: { message: 'O arquivo deve ter no máximo 5MB.' },
    });
  });

  it('answers each text problem with the spec message and a failure type', () => {
    const problem = (text: string) =>
      'problem' in checkRemessaText(text) ? (checkRemessaText(text) as { problem: unknown }).problem : null;
    expect(problem('')).toEqual({ tipo: 'EMPTY_FILE', message: 'Arquivo vazio ou sem dados válidos' });
    expect(problem('\n \n;;\n')).toEqual({ tipo: 'EMPTY_FILE', message: 'Arquivo vazio ou sem dados válidos' });
    expect(problem(`${HEADER}\n\n`)).toEqual({ tipo: 'ONLY_HEADER', message: 'Arquivo vazio ou sem dados válidos' });
    expect(problem('ID,ASSUNTO,NOME_DESTINATARIO,EMAIL_DESTINATARIO,MODELO\n1,a,b,c,d')).toEqual({
      tipo: 'SEPARATOR_ERROR',
      message: 'Use ponto e vírgula (;) como separador de colunas',
    });
    expect(problem('id;assunto;nome_destinatario\n1;a;b')).toEqual({
      tipo: 'REQUIRED_FIELDS',
      message: 'Colunas obrigatórias ausentes: EMAIL_DESTINATARIO, MODELO',
    });
    expect(problem(`${HEADER};Modelo\n1;a;b;c;d;e`)).toEqual({ tipo: 'HEADER_ERROR', message: REMESSA_MSG.repeatedColumn('MODELO') });
    const rows = (n: number) => `${HEADER}\n${Array.from({ length: n }, (_, i) => `${i};a;b;c@d.com;M`).join('\n')}\n\n`;
    expect(problem(rows(5000))).toBeNull();
    expect(problem(rows(5001))).toEqual({ tipo: 'INVALID_FORMAT', message: 'O arquivo deve ter menos de 5.000 linhas' });
  });

  it('reads the required columns case-insensitively', () => {
    const checked = checkRemessaText('assunto;Nome_Destinatario;email_destinatario;modelo\r\na;b;c@d.com;M\r\n');
    expect('file' in checked && checked.file.header).toEqual(['assunto', 'Nome_Destinatario', 'email_destinatario', 'modelo']);
  });

  it('parses quoted cells with the delimiter, quotes and line breaks, keeping each record’s line', () => {
    expect(parseRemessaCsv('a;b\n"x;y";"he said ""oi"""\n\n"multi\nline";z\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x;y', 'he said "oi"'] },
      { line: 4, cells: ['multi\nline', 'z'] },
    ]);
  });

  it('parses in pieces as in one go, whatever the cut (quotes, CRLF and line breaks in cells across it)', () => {
    const text = 'a;b\r\n"x;y";"he said ""oi"""\r\n\r\n"multi\nline";z\r\nlast;"q"';
    const whole = parseRemessaCsv(text);
    for (let piece = 1; piece <= text.length; piece++) {
      const parser = new RemessaCsvParser(text);
      while (!parser.done) parser.read(piece);
      expect(parser.finish(), `pieces of ${piece}`).toEqual(whole);
    }
  });

  it('answers the same checked in pieces, yielding between them, and stops reading past 5,000 lines', async () => {
    const header = 'ID;ASSUNTO;NOME_DESTINATARIO;EMAIL_DESTINATARIO;MODELO';
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `${i};A;Pessoa ${i};p${i}@ex.com;1`).join('\n');
    let pauses = 0;
    const pause = async () => {
      pauses++;
    };
    const texts = [`${header}\n${rows(5000)}`, `${header}\n${rows(5001)}`, header, '', 'ID,ASSUNTO\n1,2', `${header};\n1;A;P;p@ex.com;1;x`];
    for (const text of texts) expect(await checkRemessaTextAsync(text, pause)).toEqual(checkRemessaText(text));
    pauses = 0;
    const big = `${header}\n${rows(100_000)}`;
    expect(await checkRemessaTextAsync(big, pause)).toEqual({ problem: expect.objectContaining({ tipo: 'INVALID_FORMAT' }) });
    // 100,000 rows is ~3.4 MB: the parse stopped after ~5,001 of them (~170 KB), a few pieces.
    expect(pauses).toBeGreaterThan(1);
    expect(pauses).toBeLessThan(10);
    const bytes = utf8(`${header}\n${rows(3)}`);
    expect(await checkRemessaBytesAsync(bytes, { convertLatin1: false }, pause)).toEqual(
      checkRemessaBytes(bytes, { convertLatin1: false }),
    );
  });

  it('reads a data URL', () => {
    expect(dataUrlBytes('data:text/csv;base64,YTtiCg==')).toEqual({ type: 'text/csv', bytes: utf8('a;b\n') });
    expect(dataUrlBytes('data:text/csv;charset=utf-8;base64,YTtiCg==')?.bytes).toEqual(utf8('a;b\n'));
    expect(dataUrlBytes('not base64 at all!')).toBeNull();
  });

  it('names statuses, unknown ones and the report file', () => {
    expect(remessaStatusInfo('PROCESSADO_COM_SUCESSO').label).toBe('Concluído');
    expect(remessaStatusInfo('XYZ').label).toBe('Desconhecido');
    expect(remessaReportName('2026-11-01', '2026-11-25')).toBe('remessas_01-11-2026_25-11-2026.csv');
    expect(remessaReportQuery.safeParse({ dataInicial: '2026-11-01', dataFinal: '2999-01-01' }).error?.issues[0]?.message).toBe(
      'A data não pode ser posterior a hoje.',
    );
  });
});
