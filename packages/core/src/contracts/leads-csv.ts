import { csvCellText, csvLine } from '../spreadsheet.ts';
import { BUILTIN_VARIABLES, type BuiltinVariable, placeholder, variableName } from '../template-variables.ts';
import { type CustomFieldDef, LEAD_MSG, type LeadBody, type LeadValues, leadBody } from './leads.ts';

/** CSV import rules of spec 001 §5, shared by the browser preview and the server. */
export const CSV_DELIMITER = ';';
export const CSV_MIME_TYPES = ['text/csv', 'application/vnd.ms-excel'] as const;
export const TEMPLATE_FILE_NAME = 'DESTINATARIOS.csv';
/** Always selected in the downloadable template. */
export const REQUIRED_CSV_COLUMNS = ['NOME', 'EMAIL'] as const;

export const isCsvMimeType = (type: string) => (CSV_MIME_TYPES as readonly string[]).includes(type);

/** A header cell as a variable name: trimmed, uppercased, *|...|* optional, csvCell's quote undone. */
const headerName = (cell: string) =>
  variableName(
    csvCellText(
      cell
        .replace(/^\uFEFF/, '')
        .trim()
        .toUpperCase(),
    ),
  );

/** The spec's message when the header names anything but known variables, else null. */
export function csvHeaderProblem(header: string[], customFields: CustomFieldDef[]): string | null {
  const custom = new Set(customFields.map((f) => variableName(f.value)));
  const names = header.map(headerName);
  if (names.length === 0 || names.some((n) => !n)) return LEAD_MSG.headerInvalid;
  const ok = names.every((n) => n in BUILTIN_VARIABLES || custom.has(n));
  return ok && new Set(names).size === names.length ? null : LEAD_MSG.headerInvalid;
}

export interface CsvPreview {
  valid: { line: number; lead: LeadValues }[];
  invalid: { line: number; cells: string[]; reason: string }[];
}

/** True when the cell list is a blank line (only empty cells). */
export const isBlankRow = (cells: string[]) => cells.every((c) => c.trim() === '');

/**
 * Header + data rows (already split on ';') → the preview. Throws the spec's message when the
 * header is wrong or a row has a different number of columns. Blank rows are skipped; `line`
 * is the 1-based line in the file, counting the header.
 */
export function previewCsvRows(rows: string[][], customFields: CustomFieldDef[]): CsvPreview {
  const [header, ...data] = rows.filter((r) => !isBlankRow(r));
  if (!header || data.length === 0) throw new Error(LEAD_MSG.columnsMismatch);
  const problem = csvHeaderProblem(header, customFields);
  if (problem) throw new Error(problem);
  const names = header.map(headerName);
  const byName = new Map(customFields.map((f) => [variableName(f.value), f]));
  const preview: CsvPreview = { valid: [], invalid: [] };
  for (let i = rows.indexOf(header) + 1; i < rows.length; i++) {
    const cells = rows[i] ?? [];
    const line = i + 1;
    if (isBlankRow(cells)) continue;
    if (cells.length !== names.length) throw new Error(LEAD_MSG.columnsMismatch);
    const lead: Record<string, unknown> = {};
    const custom: { id: string; value: string; description: string; href: string }[] = [];
    names.forEach((name, i) => {
      const value = (cells[i] ?? '').trim();
      if (name in BUILTIN_VARIABLES) lead[BUILTIN_VARIABLES[name as BuiltinVariable]] = value;
      else {
        const def = byName.get(name);
        if (def && value) custom.push({ id: def.id, value, description: def.description, href: placeholder(name) });
      }
    });
    lead.lea_custom_field = { data: custom };
    const parsed = leadBody.safeParse(lead as LeadBody);
    if (parsed.success) preview.valid.push({ line, lead: parsed.data });
    else preview.invalid.push({ line, cells, reason: parsed.error.issues[0]?.message ?? LEAD_MSG.noValidRow });
  }
  return preview;
}

/**
 * The template file: the chosen columns (NOME and EMAIL always first), one header line. A custom
 * variable's name is the user's text, so each cell goes through csvCell (no formula, quoted when
 * needed).
 */
export function csvTemplate(columns: string[]): string {
  const rest = columns.filter((c) => !(REQUIRED_CSV_COLUMNS as readonly string[]).includes(c));
  return csvLine([...REQUIRED_CSV_COLUMNS, ...rest], CSV_DELIMITER);
}
