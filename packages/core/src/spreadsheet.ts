/**
 * Spreadsheet injection (CSV/formula injection): a cell whose text starts with one of these is
 * read by Excel, LibreOffice and Google Sheets as a formula (`=HYPERLINK(...)`, `+cmd|...`,
 * `@SUM(...)`; tab and carriage return hide such a start). Every CSV and xlsx the product writes
 * goes through the two functions below, so a value is kept as the user typed it and never runs.
 */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;

export type CellInput = string | number | boolean | Date | null | undefined;

/** Whether a text would start a formula if a spreadsheet read it as a cell. */
export function startsLikeFormula(text: string): boolean {
  return text.length > 0 && (FORMULA_TRIGGERS as readonly string[]).includes(text[0] as string);
}

/**
 * One CSV cell (OWASP): text that would start a formula gets a leading single quote, which the
 * spreadsheet shows as text (the quote itself is hidden by Excel and LibreOffice); the cell is
 * quoted, with quotes doubled, when it holds the delimiter, a quote or a line break. Numbers,
 * booleans and dates are data, never formulas, and are written as they are (dates in ISO 8601).
 */
export function csvCell(value: CellInput, delimiter = ';'): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  const text = startsLikeFormula(value) ? `'${value}` : value;
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The inverse of csvCell's prefix, for a file the product wrote coming back (the import template). */
export function csvCellText(cell: string): string {
  return cell.startsWith("'") && startsLikeFormula(cell.slice(1)) ? cell.slice(1) : cell;
}

/** One CSV line of cells, ended by CRLF (what Excel writes). */
export function csvLine(cells: readonly CellInput[], delimiter = ';'): string {
  return `${cells.map((c) => csvCell(c, delimiter)).join(delimiter)}\r\n`;
}

/**
 * The value to give an xlsx cell (exceljs `cell.value`): text stays a string cell exactly as typed
 * — a string is never turned into `{ formula }`, and a string cell is never evaluated — numbers,
 * booleans and dates keep their type, and anything else (an object that could carry a formula
 * or a hyperlink) becomes its text.
 */
export function xlsxCell(value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'object') {
    const v = value as { formula?: unknown; sharedFormula?: unknown; result?: unknown; text?: unknown };
    if ('formula' in v || 'sharedFormula' in v) return String(v.formula ?? v.sharedFormula ?? '');
    if (typeof v.text === 'string') return v.text;
    return JSON.stringify(value);
  }
  return String(value);
}
