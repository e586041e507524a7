import { cellText, formatMonetary, GERAR_MSG, type MappingField, type SheetCell } from './gerar-remessas.ts';
import { type CellInput, csvLine } from './spreadsheet.ts';

/** What the page chose: the model's layout, the sheet's fields and the mapping between them. */
export interface GerarRemessaOptions {
  /** The model CSV's header: the batch file's columns, in its order. */
  remessaHeader: readonly string[];
  /** The remessa fields shown for mapping (groupSequencedColumns of remessaHeader). */
  remessaFields: readonly MappingField[];
  /** The sheet's column names (sheetHeader), one per column of `rows`. */
  sheetHeader: readonly string[];
  /** The sheet fields offered in the selects (groupSequencedColumns of sheetHeader). */
  sheetFields: readonly MappingField[];
  /** remessa field name → sheet field name; a field left out stays empty in every line. */
  mapping: Readonly<Record<string, string>>;
  /**
   * remessa field name → a value written in every line (issue 43: a sheet without a subject or
   * template column still becomes a batch); a field with one takes no sheet column.
   */
  fixed?: Readonly<Record<string, string>>;
  /** remessa field names of data type Monetário. */
  monetary: readonly string[];
  /** The sheet column whose equal values merge rows into one batch line ('' for one line per row). */
  groupBy: string;
}

export interface GerarRemessaResult {
  csv: string;
  /** Batch lines written (the header not counted). */
  lines: number;
  /** Values that found no column left in a grouped field (more rows in a group than columns). */
  truncated: number;
}

export class GerarRemessaError extends Error {}

interface Plan {
  targets: number[];
  sources: number[];
  monetary: boolean;
}

const isBlank = (v: SheetCell | undefined) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The column of the sheet a typed grouping name stands for: its name or its letter, any case. */
function groupColumn(sheetHeader: readonly string[], groupBy: string): number {
  const wanted = groupBy.trim().toUpperCase();
  if (!wanted) return -1;
  const index = sheetHeader.findIndex((h) => h.trim().toUpperCase() === wanted);
  if (index < 0) throw new GerarRemessaError(GERAR_MSG.groupByMissing(groupBy.trim()));
  return index;
}

/**
 * The batch CSV (spec 002 §2, §5): the model's header, then one line per sheet row — or per group
 * of rows with the same value in the grouping column, in the order the groups first appear.
 *
 * A remessa field with a fixed value has it in every line. A plain remessa field takes the first
 * non-blank value of its sheet field in the group. A grouped
 * one ('VALOR 1 até 10') takes the values of its sheet field row after row — every column of a
 * grouped sheet field ('VALOR 1 até 3'), blanks at a row's end left out — into VALOR1, VALOR2…;
 * what does not fit is counted in `truncated`. Monetary fields are formatted as Brazilian Real when
 * numeric, dates dd/MM/yyyy, and every cell goes through csvLine (';', formula-safe, CRLF).
 * Fully blank rows are skipped. `onProgress(done, total)` is called every few thousand rows.
 */
export function generateRemessaCsv(
  rows: readonly (readonly SheetCell[])[],
  opts: GerarRemessaOptions,
  onProgress?: (done: number, total: number) => void,
): GerarRemessaResult {
  const remessaIndex = new Map(opts.remessaHeader.map((h, i) => [h, i]));
  const sheetIndex = new Map(opts.sheetHeader.map((h, i) => [h, i]));
  const sheetFieldByName = new Map(opts.sheetFields.map((f) => [f.name, f]));
  const monetary = new Set(opts.monetary);
  const plans: Plan[] = [];
  const fixedCells: [number, string][] = [];
  for (const field of opts.remessaFields) {
    const fixed = opts.fixed?.[field.name]?.trim();
    if (fixed) {
      for (const m of field.members) {
        const target = remessaIndex.get(m);
        if (target !== undefined) fixedCells.push([target, fixed]);
      }
      continue;
    }
    const source = sheetFieldByName.get(opts.mapping[field.name] ?? '');
    if (!source) continue;
    plans.push({
      targets: field.members.map((m) => remessaIndex.get(m) ?? -1).filter((i) => i >= 0),
      sources: source.members.map((m) => sheetIndex.get(m) ?? -1).filter((i) => i >= 0),
      monetary: monetary.has(field.name),
    });
  }
  const keyColumn = groupColumn(opts.sheetHeader, opts.groupBy);

  // Groups of row indexes, in the order they first appear; a blank key is a group of its own.
  const groups: number[][] = [];
  const byKey = new Map<string, number[]>();
  rows.forEach((row, i) => {
    if (row.every(isBlank)) return;
    const key = keyColumn < 0 ? '' : cellText(row[keyColumn] ?? null).trim();
    if (!key) {
      groups.push([i]);
      return;
    }
    const group = byKey.get(key);
    if (group) group.push(i);
    else {
      const created = [i];
      byKey.set(key, created);
      groups.push(created);
    }
  });

  const parts: string[] = [csvLine(opts.remessaHeader)];
  const width = opts.remessaHeader.length;
  const format = (v: SheetCell | undefined, plan: Plan) => (plan.monetary ? formatMonetary(v ?? null) : cellText(v ?? null));
  let truncated = 0;
  const step = 5000;
  groups.forEach((group, g) => {
    const out: CellInput[] = new Array(width).fill('');
    for (const [target, value] of fixedCells) out[target] = value;
    for (const plan of plans) {
      if (plan.targets.length === 1) {
        let value: SheetCell | undefined = null;
        for (const r of group) {
          const row = rows[r] as readonly SheetCell[];
          const found = plan.sources.map((s) => row[s]).find((v) => !isBlank(v));
          if (found !== undefined) {
            value = found;
            break;
          }
        }
        out[plan.targets[0] as number] = format(value, plan);
        continue;
      }
      const values: (SheetCell | undefined)[] = [];
      for (const r of group) {
        const row = rows[r] as readonly SheetCell[];
        const own = plan.sources.map((s) => row[s]);
        while (own.length > 0 && isBlank(own[own.length - 1])) own.pop();
        values.push(...own);
      }
      values.forEach((v, i) => {
        if (i < plan.targets.length) out[plan.targets[i] as number] = format(v, plan);
        else if (!isBlank(v)) truncated++;
      });
    }
    parts.push(csvLine(out));
    if (onProgress && (g + 1) % step === 0) onProgress(g + 1, groups.length);
  });
  onProgress?.(groups.length, groups.length);
  return { csv: parts.join(''), lines: groups.length, truncated };
}
