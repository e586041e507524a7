import { formatBrl } from './money.ts';
import { csvCellText } from './spreadsheet.ts';

/**
 * The rules of the Gerar Remessas page (spec 002 §2, §5): a user's own spreadsheet turned into the
 * batch layout of a model CSV. Pure functions, run by the page's worker and by bench/gerar-remessas.mjs
 * (docs/gerar-remessas.md).
 */

export const GERAR_MSG = {
  separator:
    'Atenção os arquivos devem usar ponto e vírgula ";" como elemento separador das colunas. Salve o arquivo como CSV separado por ponto e vírgula e importe-o novamente.',
  blank: 'Houve um erro na importação, arquivo em branco',
  invalidTitle: 'Arquivo inválido',
  invalidFormat: 'Erro no formato do arquivo',
  errorTitle: 'Erro',
  generateError: 'Erro ao gerar a remessa',
  headerDiffers:
    'O cabeçalho do modelo escolhido não é igual ao dos arquivos carregados. Os campos que não existirem nos arquivos atuais ficarão sem mapeamento. Deseja prosseguir?',
  selectPlanilha: '* Selecione pelo menos um item da coluna de planilha',
  selectRemessa: '* Selecione pelo menos um item da coluna de remessa',
  noMonetary: 'Nenhum campo foi marcado como "Tipo do dado monetário": os valores serão copiados como estão na planilha. Deseja continuar?',
  empty: 'Nenhum registro encontrado',
  // Ours (the spec shows no text for these):
  xlsNotSupported:
    'Planilhas .xls (Excel 97-2003) não são aceitas. Abra o arquivo no Excel ou no LibreOffice, salve-o como .xlsx (Pasta de Trabalho do Excel) ou como CSV separado por ponto e vírgula e importe-o novamente.',
  singleSheet: (count: number) =>
    `A planilha deve ter uma única aba; este arquivo tem ${count}. Deixe apenas a aba com os dados e importe-o novamente.`,
  modelBlankColumn: (position: number) => `A coluna ${position} do cabeçalho do modelo está sem nome.`,
  sheetUnreadable: 'Não foi possível ler a planilha. Verifique se o arquivo não está corrompido ou protegido por senha.',
  groupByMissing: (name: string) => `A coluna de agrupamento "${name}" não existe na planilha.`,
  truncated: (count: number) => `${count} valor(es) não couberam nas colunas agrupadas do modelo e ficaram de fora do arquivo.`,
} as const;

/** What a sheet cell holds once read (xlsx: text, number, boolean or date; csv: text). */
export type SheetCell = string | number | boolean | Date | null;

/** A field of the mapping: one column, or sequenced columns grouped under one name. */
export interface MappingField {
  name: string;
  /** The header names it stands for, in number order (one for a plain column). */
  members: string[];
}

const SEQUENCED = /^(.*\D)(\d+)$/;

/**
 * 'agrupar colunas sequenciadas' (spec 002 §5): headers with the same name ending in numbers
 * (VALOR1, VALOR2 … VALOR10) become one field 'VALOR 1 até 10', from the smallest number to the
 * largest, at the place of the first of them. A name ending in a number that has no sibling stays
 * as it is (ENDERECO2 alone is not a group). Without `group` every header is its own field.
 */
export function groupSequencedColumns(headers: readonly string[], group = true): MappingField[] {
  if (!group) return headers.map((h) => ({ name: h, members: [h] }));
  const byBase = new Map<string, { header: string; n: number }[]>();
  for (const header of headers) {
    const m = SEQUENCED.exec(header.trim());
    if (!m) continue;
    const base = m[1] as string;
    const list = byBase.get(base) ?? [];
    list.push({ header, n: Number.parseInt(m[2] as string, 10) });
    byBase.set(base, list);
  }
  const fields: MappingField[] = [];
  const placed = new Set<string>();
  for (const header of headers) {
    const m = SEQUENCED.exec(header.trim());
    const list = m ? byBase.get(m[1] as string) : undefined;
    if (!m || !list || list.length < 2) {
      fields.push({ name: header, members: [header] });
      continue;
    }
    const base = m[1] as string;
    if (placed.has(base)) continue;
    placed.add(base);
    const sorted = [...list].sort((a, b) => a.n - b.n);
    const label = base.replace(/[\s_-]+$/, '') || base;
    fields.push({
      name: `${label} ${sorted[0]?.n} até ${sorted[sorted.length - 1]?.n}`,
      members: sorted.map((s) => s.header),
    });
  }
  return fields;
}

/**
 * Whether a saved transport was made with 'agrupar colunas sequenciadas' on: the grouping that gives
 * back its `remessa` fields and its `planilha` choices from its two origins. Null when both readings
 * fit (no sequenced columns on either side) or neither does: the page keeps its checkbox as it is.
 */
export function groupingOf(c: {
  remessa: readonly string[];
  remessaOrigin: readonly string[];
  planilha: readonly string[];
  planilhaOrigin: readonly string[];
}): boolean | null {
  const fits = (group: boolean) => {
    const sheetNames = new Set(groupSequencedColumns(c.planilhaOrigin, group).map((f) => f.name));
    const remessa = groupSequencedColumns(c.remessaOrigin, group).map((f) => f.name);
    return sameHeaders(remessa, c.remessa) && c.planilha.every((p) => p === '' || sheetNames.has(p));
  };
  const on = fits(true);
  const off = fits(false);
  return on === off ? null : on;
}

/** A, B … Z, AA, AB …: the names of a sheet's columns when it has no header row. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * The sheet's column names: its first row when 'a planilha tem cabeçalho' (a blank cell takes its
 * letter, a repeated name gets its letter in parentheses, so every name maps to one column), or
 * the letters A, B, C… without a header.
 */
export function sheetHeader(firstRow: readonly SheetCell[], hasHeader: boolean, width = firstRow.length): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < width; i++) {
    const letter = columnLetter(i);
    let name = hasHeader ? cellText(firstRow[i] ?? null).trim() : letter;
    if (!name) name = letter;
    if (seen.has(name.toUpperCase())) name = `${name} (${letter})`;
    seen.add(name.toUpperCase());
    names.push(name);
  }
  return names;
}

/** Header lists compared as a person would: same names in the same order, ignoring case and edge spaces. */
export function sameHeaders(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((h, i) => h.trim().toUpperCase() === (b[i] ?? '').trim().toUpperCase());
}

/**
 * Loading a saved transport: which of its headers differ from the files on the page (the model's
 * and the sheet's); either one shows 'O cabeçalho do modelo escolhido não é igual...'. With no model
 * loaded the transport's own model header is used, so only the sheet is compared.
 */
export function compareTransportHeaders(
  saved: { remessaOrigin: readonly string[]; planilhaOrigin: readonly string[] },
  current: { remessaOrigin: readonly string[] | null; planilhaOrigin: readonly string[] },
): { remessaDiffers: boolean; planilhaDiffers: boolean } {
  return {
    remessaDiffers: current.remessaOrigin !== null && !sameHeaders(saved.remessaOrigin, current.remessaOrigin),
    planilhaDiffers: !sameHeaders(saved.planilhaOrigin, current.planilhaOrigin),
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell of an xlsx as dd/MM/yyyy (spec 002 §5). Excel dates carry no time zone: the reader
 * gives the calendar day at UTC midnight, so the UTC fields are the day the user typed.
 */
export function formatSheetDate(d: Date): string {
  return `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/**
 * A monetary text as a number, or null when it is not one: 1234 · 1234.56 · 1234,56 · 1.234,56 ·
 * 1.234 (a dot before exactly three digits is the thousands separator, as written in Brazil) ·
 * R$ 1.234,56. Anything else (a name, '12 parcelas') is left as it is.
 */
export function parseMoneyText(text: string): number | null {
  let t = text.trim().replace(/^R\$\s*/i, '');
  const negative = t.startsWith('-');
  if (negative) t = t.slice(1).replace(/^R\$\s*/i, '');
  let normalized: string | null = null;
  if (/^\d+$/.test(t)) normalized = t;
  else if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) normalized = t.replace(/\./g, '').replace(',', '.');
  else if (/^\d+,\d+$/.test(t)) normalized = t.replace(',', '.');
  else if (/^\d+\.\d+$/.test(t)) normalized = t;
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) normalized = t.replace(/,/g, '');
  if (normalized === null) return null;
  const n = Number(normalized);
  return Number.isFinite(n) ? (negative ? -n : n) : null;
}

/** Brazilian Real for a monetary field whose value is numeric (R$ 1.234,56); any other value unchanged. */
export function formatMonetary(value: SheetCell): string {
  if (typeof value === 'number' && Number.isFinite(value)) return formatBrl(value);
  if (typeof value === 'string') {
    const n = parseMoneyText(value);
    return n === null ? value : formatBrl(n);
  }
  return cellText(value);
}

/**
 * A cell as the batch file's text: dates dd/MM/yyyy, whole numbers as digits (a phone or a CPF
 * typed as a number keeps every digit), other numbers with a decimal comma, booleans as Excel in
 * Portuguese writes them, text as it is.
 */
export function cellText(value: SheetCell | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : formatSheetDate(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return Number.isInteger(value) ? value.toFixed(0) : String(value).replace('.', ',');
  }
  if (typeof value === 'boolean') return value ? 'VERDADEIRO' : 'FALSO';
  return value;
}

/** A header line split on ';' (quotes around a name removed, csvCell's quote undone). */
function splitHeaderLine(line: string): string[] {
  return line.split(';').map((c) => {
    const t = c.trim();
    const unquoted = t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/""/g, '"') : t;
    return csvCellText(unquoted).trim();
  });
}

/**
 * The batch model CSV (spec 002 §5): its first line is the layout. A blank file gives 'Houve um
 * erro na importação, arquivo em branco'; a header without ';' (a comma or tab file) the separator
 * warning; empty names at the end (a trailing ';') are dropped, one in the middle is refused.
 */
export function readModelHeader(text: string): { ok: true; header: string[] } | { ok: false; message: string } {
  const content = text.replace(/^\uFEFF/, '');
  const line = content.split(/\r?\n/).find((l) => l.trim() !== '');
  if (line === undefined) return { ok: false, message: GERAR_MSG.blank };
  if (!line.includes(';')) return { ok: false, message: GERAR_MSG.separator };
  const cells = splitHeaderLine(line);
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  const blank = cells.indexOf('');
  if (blank >= 0) return { ok: false, message: GERAR_MSG.modelBlankColumn(blank + 1) };
  if (cells.length < 2) return { ok: false, message: GERAR_MSG.separator };
  return { ok: true, header: cells };
}

/** The kinds of sheet the page reads; .xls (BIFF, Excel 97-2003) is refused (docs/gerar-remessas.md). */
export type SheetKind = 'xlsx' | 'csv' | 'xls' | null;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function sheetKind(file: { name: string; type: string }): SheetKind {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xlsx') || file.type === XLSX_TYPE) return 'xlsx';
  if (name.endsWith('.xls')) return 'xls';
  if (name.endsWith('.csv') || file.type === 'text/csv') return 'csv';
  return null;
}

/** The model must be a CSV: by type (text/csv or the ms-excel type Windows gives .csv) or by name. */
export function isModelCsv(file: { name: string; type: string }): boolean {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return true;
  if (/\.xlsx?$/.test(name)) return false;
  return file.type === 'text/csv' || file.type === 'application/vnd.ms-excel';
}
