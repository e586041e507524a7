import type { SheetCell } from '@ar/core/gerar-remessas';
import type { GerarRemessaOptions } from '@ar/core/gerar-remessas-csv';

/** Messages between the page and sheet.worker.ts (docs/gerar-remessas.md, "Where the sheet is read"). */
export type WorkerRequest =
  | { type: 'read'; id: number; file: File; kind: 'xlsx' | 'csv' }
  | { type: 'generate'; id: number; hasHeader: boolean; options: GerarRemessaOptions };

export interface SheetSummary {
  /** The first row (the header when there is one), cells as read. */
  firstRow: SheetCell[];
  /** Columns of the widest row. */
  width: number;
  /** Rows in the file, the first one included. */
  rowCount: number;
}

export type WorkerResponse =
  | { type: 'progress'; id: number; done: number; total: number }
  | { type: 'read'; id: number; summary: SheetSummary }
  | { type: 'generated'; id: number; csv: string; lines: number; truncated: number }
  | { type: 'error'; id: number; title: string; message: string };
