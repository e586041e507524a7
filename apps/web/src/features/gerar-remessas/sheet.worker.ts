import { GERAR_MSG, type SheetCell } from '@ar/core/gerar-remessas';
import { GerarRemessaError, generateRemessaCsv } from '@ar/core/gerar-remessas-csv';
import Papa from 'papaparse';
import type { WorkerRequest, WorkerResponse } from './sheet.protocol.ts';

/*
 * The sheet is read and the batch file generated here, off the page's thread: 50,000 rows take
 * seconds to unzip and parse, and the page keeps answering (and shows its progress) meanwhile.
 * The rows stay in this worker between the reading and the generation; only the first row and the
 * counts go to the page. fflate and read-excel-file are loaded on the first .xlsx (docs/gerar-remessas.md).
 */
let rows: SheetCell[][] = [];

const post = (message: WorkerResponse) => self.postMessage(message);
const fail = (id: number, title: string, message: string) => post({ type: 'error', id, title, message });

/** UTF-8 when it decodes as such, else Windows-1252 (what Excel in Brazil saves). */
function decode(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

async function readCsv(file: File): Promise<SheetCell[][] | string> {
  const text = decode(await file.arrayBuffer());
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '');
  if (first === undefined) return GERAR_MSG.blank;
  if (!first.includes(';') && /[,\t]/.test(first)) return GERAR_MSG.separator;
  return Papa.parse<string[]>(text, { delimiter: ';', skipEmptyLines: 'greedy' }).data;
}

/**
 * An .xlsx is a zip of XML files. read-excel-file unzips with fflate's async unzip, which inflates
 * every entry above 512 KB in a worker made from a blob: URL — refused by the product's CSP
 * (script-src 'self', docs/security.md), and the read never ends. So the archive is inflated here
 * first and stored again uncompressed (level 0: copies, no deflate), and the library only slices
 * it; its `universal` build parses the XML in this thread instead of spawning workers of its own.
 */
async function readXlsx(file: File): Promise<SheetCell[][] | string> {
  const [{ unzipSync, zipSync }, { default: readXlsxFile }] = await Promise.all([import('fflate'), import('read-excel-file/universal')]);
  const stored = zipSync(unzipSync(new Uint8Array(await file.arrayBuffer())), { level: 0 });
  const sheets = await readXlsxFile(stored.buffer as ArrayBuffer);
  if (sheets.length !== 1) return GERAR_MSG.singleSheet(sheets.length);
  return (sheets[0]?.data ?? []) as SheetCell[][];
}

const isBlankRow = (row: SheetCell[]) => row.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

async function read(id: number, file: File, kind: 'xlsx' | 'csv') {
  rows = [];
  let result: SheetCell[][] | string;
  try {
    result = kind === 'xlsx' ? await readXlsx(file) : await readCsv(file);
  } catch {
    fail(id, GERAR_MSG.invalidTitle, GERAR_MSG.sheetUnreadable);
    return;
  }
  if (typeof result === 'string') {
    fail(id, result === GERAR_MSG.blank ? GERAR_MSG.errorTitle : GERAR_MSG.invalidTitle, result);
    return;
  }
  while (result.length > 0 && isBlankRow(result[result.length - 1] as SheetCell[])) result.pop();
  if (result.length === 0) {
    fail(id, GERAR_MSG.errorTitle, GERAR_MSG.blank);
    return;
  }
  rows = result;
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  post({ type: 'read', id, summary: { firstRow: rows[0] as SheetCell[], width, rowCount: rows.length } });
}

function generate(id: number, hasHeader: boolean, options: Parameters<typeof generateRemessaCsv>[1]) {
  try {
    const data = hasHeader ? rows.slice(1) : rows;
    const result = generateRemessaCsv(data, options, (done, total) => post({ type: 'progress', id, done, total }));
    post({ type: 'generated', id, csv: result.csv, lines: result.lines, truncated: result.truncated });
  } catch (e) {
    fail(id, GERAR_MSG.errorTitle, e instanceof GerarRemessaError ? e.message : GERAR_MSG.generateError);
  }
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const req = event.data;
  if (req.type === 'read') void read(req.id, req.file, req.kind);
  else generate(req.id, req.hasHeader, req.options);
};
