import {
  REMESSA_COLUMNS,
  REMESSA_EXTRA_COLUMNS,
  REMESSA_MSG,
  REMESSA_REQUIRED_COLUMNS,
  type RemessaFailureType,
} from './contracts/remessas.ts';

/**
 * The batch file's rules (spec 002 §5 "Batch upload file"), one copy for the browser (before the
 * upload) and the server (the authority, in the worker): the file's kind and size, its encoding,
 * then its text. The browser stops at the first problem with the spec's dialog; the server
 * records the same problem as a remessa on the failures tab (docs/remessas.md).
 */

/** 5 MB (spec 002 §9). */
export const REMESSA_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Data lines (header not counted): the budget names a 5,000-row file as the one that must
 * go through, so 5,000 rows under a header pass and 5,001 do not (docs/remessas.md).
 */
export const REMESSA_MAX_LINES = 5000;

/** Csv by type or by a name ending .csv. */
export function isCsvFile(file: { name: string; type?: string | null }): boolean {
  const type = (file.type ?? '').toLowerCase();
  return type === 'text/csv' || type === 'application/csv' || /\.csv$/i.test(file.name.trim());
}

export type RemessaEncoding = 'UTF-8' | 'ISO-8859-1' | 'UTF-16LE' | 'UTF-16BE' | 'BINARIO';

/**
 * The encoding read from the bytes: a UTF-8 (or UTF-16) byte-order mark; NUL bytes (UTF-16 when
 * they alternate, binary otherwise); bytes that decode as UTF-8; else a single-byte text, called
 * ISO-8859-1 (what the spec converts). Windows-1252 (Excel's "CSV" on Windows) is in that family:
 * the conversion decodes with the WHATWG decoder of the 'iso-8859-1' label, which is windows-1252,
 * so its curly quotes and dashes come through too.
 */
export function detectEncoding(bytes: Uint8Array): RemessaEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'UTF-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16LE';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE';
  const sample = bytes.subarray(0, 64 * 1024);
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] === 0) {
      if (i % 2 === 0) evenNul++;
      else oddNul++;
    }
  }
  if (evenNul + oddNul > 0) {
    const half = sample.length / 4;
    if (oddNul > half && evenNul === 0) return 'UTF-16LE';
    if (evenNul > half && oddNul === 0) return 'UTF-16BE';
    return 'BINARIO';
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'UTF-8';
  } catch {
    return 'ISO-8859-1';
  }
}

/** The text of a file's bytes: UTF-8 (its byte-order mark dropped) or, converted, ISO-8859-1. */
export function decodeRemessa(bytes: Uint8Array, encoding: 'UTF-8' | 'ISO-8859-1'): string {
  const text = new TextDecoder(encoding === 'UTF-8' ? 'utf-8' : 'iso-8859-1').decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The bytes of a data URL (data:[type];base64,...) or of bare base64; null when it is neither. */
export function dataUrlBytes(value: string): { type: string; bytes: Uint8Array } | null {
  const match = /^data:([^;,]*)(?:;[^,]*)?;base64,(.*)$/s.exec(value) ?? /^()([A-Za-z0-9+/=\s]*)$/s.exec(value);
  if (!match) return null;
  const b64 = (match[2] ?? '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) return null;
  try {
    const binary = atob(b64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return { type: (match[1] ?? '').toLowerCase(), bytes };
  } catch {
    return null;
  }
}

/**
 * Records of a ';' CSV (RFC 4180 quoting: "a;b" is one cell, "" a quote, a quoted cell may span
 * lines), each with the line it starts on (1-based). Records whose cells are all blank are dropped.
 */
export function parseRemessaCsv(text: string, delimiter = ';'): { line: number; cells: string[] }[] {
  const parser = new RemessaCsvParser(text, delimiter);
  parser.read(text.length);
  return parser.finish();
}

/**
 * The same parse, a piece at a time (`read(n)`: up to n more characters of the text), so a caller
 * can give the event loop back between pieces (the server's worker, `checkRemessaTextAsync`).
 */
export class RemessaCsvParser {
  readonly records: { line: number; cells: string[] }[] = [];
  #i = 0;
  #cells: string[] = [];
  #cell = '';
  #quoted = false;
  #line = 1;
  #start = 1;

  constructor(
    private readonly text: string,
    private readonly delimiter = ';',
  ) {}

  /** Whether the whole text has been read. */
  get done(): boolean {
    return this.#i >= this.text.length;
  }

  /** Reads up to `count` more characters (a record may end in the next piece). */
  read(count: number): void {
    const text = this.text;
    const stop = Math.min(text.length, this.#i + count);
    let i = this.#i;
    for (; i < stop; i++) {
      const ch = text[i];
      if (this.#quoted) {
        if (ch === '"') {
          if (text[i + 1] === '"') {
            this.#cell += '"';
            i++;
          } else this.#quoted = false;
        } else {
          if (ch === '\n') this.#line++;
          this.#cell += ch;
        }
      } else if (ch === '"' && this.#cell.trim() === '') {
        this.#cell = '';
        this.#quoted = true;
      } else if (ch === this.delimiter) this.#push();
      else if (ch === '\n' || ch === '\r') {
        if (ch === '\r' && text[i + 1] === '\n') i++;
        this.#end();
        this.#line++;
        this.#start = this.#line;
      } else this.#cell += ch;
    }
    this.#i = i;
  }

  /** The records, once the text is read (the last one may have no line break). */
  finish(): { line: number; cells: string[] }[] {
    if (this.#cell !== '' || this.#cells.length > 0) this.#end();
    return this.records;
  }

  #push(): void {
    this.#cells.push(this.#cell);
    this.#cell = '';
  }

  #end(): void {
    this.#push();
    if (this.#cells.some((c) => c.trim() !== '')) this.records.push({ line: this.#start, cells: this.#cells });
    this.#cells = [];
  }
}

export interface RemessaFileProblem {
  tipo: RemessaFailureType;
  message: string;
}

export interface RemessaFileOk {
  /** The header as written (trimmed), in order. */
  header: string[];
  /** The data records (header excluded). */
  rows: { line: number; cells: string[] }[];
}

/** The header's names as the rules compare them: trimmed, upper case. */
export const columnKey = (name: string) => name.trim().toUpperCase();

/**
 * The text's rules, in the spec's order: empty or only a header; more than 5,000 data lines; a
 * header split by commas; the required columns (case-insensitive); then a header the rows cannot
 * be read by (a blank or repeated column name). Answers the first problem or the parsed file.
 */
export function checkRemessaText(text: string): { problem: RemessaFileProblem } | { file: RemessaFileOk } {
  const parser = new RemessaCsvParser(text);
  // Past 5,000 data lines the answer is known: the rest of the text is not read.
  while (!parser.done && parser.records.length <= REMESSA_MAX_LINES + 1) parser.read(PIECE);
  return checkRecords(parser.done ? parser.finish() : parser.records);
}

/** Characters parsed between two yields of `checkRemessaTextAsync` (a few ms of work). */
const PIECE = 32 * 1024;

/**
 * `checkRemessaText`, the same answer, with `pause()` awaited between pieces of the parse: the
 * server's worker checks a 5 MB file without holding its event loop (docs/remessas.md).
 */
export async function checkRemessaTextAsync(
  text: string,
  pause: () => Promise<unknown>,
): Promise<{ problem: RemessaFileProblem } | { file: RemessaFileOk }> {
  const parser = new RemessaCsvParser(text);
  while (!parser.done && parser.records.length <= REMESSA_MAX_LINES + 1) {
    parser.read(PIECE);
    await pause();
  }
  return checkRecords(parser.done ? parser.finish() : parser.records);
}

function checkRecords(records: { line: number; cells: string[] }[]): { problem: RemessaFileProblem } | { file: RemessaFileOk } {
  if (records.length === 0) return { problem: { tipo: 'EMPTY_FILE', message: REMESSA_MSG.empty } };
  if (records.length === 1) return { problem: { tipo: 'ONLY_HEADER', message: REMESSA_MSG.empty } };
  if (records.length - 1 > REMESSA_MAX_LINES) return { problem: { tipo: 'INVALID_FORMAT', message: REMESSA_MSG.tooManyLines } };
  const [first, ...rows] = records as [{ line: number; cells: string[] }, ...{ line: number; cells: string[] }[]];
  const header = first.cells.map((c) => c.trim());
  if (header.length === 1 && (header[0] ?? '').split(',').length > 1) {
    return { problem: { tipo: 'SEPARATOR_ERROR', message: REMESSA_MSG.separator } };
  }
  const keys = header.map(columnKey);
  const missing = REMESSA_REQUIRED_COLUMNS.filter((c) => !keys.includes(c));
  if (missing.length > 0) return { problem: { tipo: 'REQUIRED_FIELDS', message: REMESSA_MSG.missingColumns(missing) } };
  const blank = keys.indexOf('');
  const usedCells = (i: number) => rows.some((r) => (r.cells[i] ?? '').trim() !== '');
  if (blank >= 0 && usedCells(blank)) return { problem: { tipo: 'HEADER_ERROR', message: REMESSA_MSG.blankColumn(blank + 1) } };
  const repeated = keys.find((k, i) => k !== '' && keys.indexOf(k) !== i);
  if (repeated) return { problem: { tipo: 'HEADER_ERROR', message: REMESSA_MSG.repeatedColumn(repeated) } };
  return { file: { header, rows } };
}

/**
 * Everything the browser checks before the upload, in the spec's order: kind, size, encoding
 * (ISO-8859-1 answered as `convert`, for the Continuar / Cancelar question), then the text.
 */
export function checkRemessaBytes(
  bytes: Uint8Array,
  opts: { convertLatin1: boolean },
): { problem: RemessaFileProblem } | { convert: true } | { file: RemessaFileOk; text: string } {
  const decoded = decodeChecked(bytes, opts);
  if (!('text' in decoded)) return decoded;
  const checked = checkRemessaText(decoded.text);
  return 'problem' in checked ? checked : { file: checked.file, text: decoded.text };
}

/** `checkRemessaBytes` with the parse in pieces, `pause()` awaited between them (`checkRemessaTextAsync`). */
export async function checkRemessaBytesAsync(
  bytes: Uint8Array,
  opts: { convertLatin1: boolean },
  pause: () => Promise<unknown>,
): Promise<{ problem: RemessaFileProblem } | { convert: true } | { file: RemessaFileOk; text: string }> {
  const decoded = decodeChecked(bytes, opts);
  if (!('text' in decoded)) return decoded;
  const checked = await checkRemessaTextAsync(decoded.text, pause);
  return 'problem' in checked ? checked : { file: checked.file, text: decoded.text };
}

function decodeChecked(
  bytes: Uint8Array,
  opts: { convertLatin1: boolean },
): { problem: RemessaFileProblem } | { convert: true } | { text: string } {
  if (bytes.length > REMESSA_MAX_BYTES) return { problem: { tipo: 'INVALID_FORMAT', message: REMESSA_MSG.tooLarge } };
  const encoding = detectEncoding(bytes);
  if (encoding === 'ISO-8859-1' && !opts.convertLatin1) return { convert: true };
  if (encoding !== 'UTF-8' && encoding !== 'ISO-8859-1') return { problem: { tipo: 'ENCODING_ERROR', message: REMESSA_MSG.encoding } };
  return { text: decodeRemessa(bytes, encoding) };
}

/**
 * The one example row of 'Baixar Modelo de Exemplo', under the spec's columns and our optional
 * ones for AR-Voz and AR-Carta (blank in the row: it goes by e-mail only).
 */
export const REMESSA_EXAMPLE = {
  header: [...REMESSA_COLUMNS, ...REMESSA_EXTRA_COLUMNS],
  row: [
    'CONTRATO-0001',
    'Notificação de *|NOME|*',
    'Maria da Silva',
    'maria.silva@exemplo.com.br',
    '',
    '',
    'Nome ou código do modelo',
    '',
    ...REMESSA_EXTRA_COLUMNS.map(() => ''),
  ],
} as const;
