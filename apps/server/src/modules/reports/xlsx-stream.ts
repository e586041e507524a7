import { PassThrough, type Writable } from 'node:stream';
import { ZipArchive } from 'archiver';

/**
 * A streaming xlsx writer for large, plain tables (the sent-notification report): rows are turned
 * into SpreadsheetML text as they come and handed to a zip on the way out, never kept. It writes
 * what the report needs and nothing more: string, number, boolean and date cells, three styles
 * (plain, bold header, date dd/mm/yyyy hh:mm:ss), a frozen and filtered header row, column widths.
 *
 * Why not exceljs's streaming WorkbookWriter (docs/reports.md): it builds a Row, a Cell per value,
 * a model and a style lookup for every cell and renders them through a generic XML builder; for
 * 200,000 messages × 25 columns that was ~3 CPU seconds per 50,000 rows, most of the report's time,
 * and its sheet buffer takes no backpressure (memory grew with the rows when the zip lagged).
 * exceljs still reads these files back in the tests and the browser journey.
 */

/** A cell's value: text, number, boolean, a date (its UTC fields are what the cell shows) or empty. */
export type XlsxValue = string | number | boolean | Date | null | undefined;

export interface XlsxColumn {
  /** Width in characters, as Excel's column width. */
  width: number;
  /** Date columns show dd/mm/yyyy hh:mm:ss. */
  kind: 'text' | 'number' | 'date';
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Style ids of styles.xml's cellXfs. */
const STYLE_HEADER = 1;
const STYLE_DATE = 2;

const STYLES = `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy hh:mm:ss"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Characters XML 1.0 cannot hold at all (they are dropped), and those text must escape. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML forbids.
const FORBIDDEN = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the same characters, and those text escapes.
const SPECIAL = /[<>&"\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
const ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' };

export function xmlText(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text.replace(FORBIDDEN, '').replace(/[<>&"]/g, (c) => ESCAPES[c] as string);
}

/** A string cell's content: xml:space="preserve" when spaces at either end would otherwise be dropped. */
const inlineText = (text: string) =>
  /^\s|\s$/.test(text) ? `<is><t xml:space="preserve">${xmlText(text)}</t></is>` : `<is><t>${xmlText(text)}</t></is>`;

/** 'A', 'B', …, 'Z', 'AA', …: a column's letters (1-based). */
export function columnLetters(n: number): string {
  let s = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

/** Excel's serial day number of a date's UTC fields (1900 system; days since 1899-12-30). */
const excelSerial = (d: Date) => d.getTime() / 86_400_000 + 25_569;

/** One cell's XML, or '' for an empty one (an empty cell is not written). */
function cellXml(ref: string, value: XlsxValue, style: number): string {
  if (value === null || value === undefined) return '';
  const s = style ? ` s="${style}"` : '';
  if (typeof value === 'string') return `<c r="${ref}"${s} t="inlineStr">${inlineText(value)}</c>`;
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  const t = value.getTime();
  return Number.isNaN(t) ? '' : `<c r="${ref}" s="${STYLE_DATE}"><v>${excelSerial(value)}</v></c>`;
}

/**
 * Resolves when `stream` drains or when `out` is closed: a reader that went away never drains, and
 * waiting on 'drain' alone would hold the writer (and what it buffered) forever.
 */
export function drainedOrClosed(stream: Writable, out: Writable): Promise<void> {
  if (out.destroyed || out.writableFinished) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      out.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    out.once('close', done);
  });
}

interface Sheet {
  name: string;
  part: PassThrough;
  letters: string[];
  styles: number[];
  last: string;
  rows: number;
  pending: string;
}

/** Text is handed to the zip in pieces of about this many characters (fewer, larger writes). */
const CHUNK = 64 * 1024;

export class XlsxStreamWriter {
  private readonly zip: ZipArchive;
  /** Each sheet's name and its header's range (the filter's). */
  private readonly sheets: { name: string; filter: string }[] = [];
  private sheet: Sheet | null = null;
  private readonly done: Promise<void>;

  constructor(
    private readonly out: Writable,
    private readonly props: { creator: string; created: Date },
    // Deflate level 1: about a third less CPU than zlib's default 6 on this repetitive XML, for a
    // file 14% larger (docs/reports.md).
    level = 1,
  ) {
    this.zip = new ZipArchive({ zlib: { level } });
    this.zip.pipe(out);
    this.done = new Promise((resolve, reject) => {
      this.zip.on('error', reject);
      out.on('error', reject);
      out.on('finish', () => resolve());
      out.on('close', () => resolve());
    });
    // Awaited by end(); a failure before then (the reader went away) is not an unhandled rejection.
    this.done.catch(() => undefined);
  }

  /** Starts a sheet (ending the one before) with a bold header row, frozen and filtered. */
  startSheet(name: string, columns: XlsxColumn[], header: string[]): void {
    this.endSheet();
    const part = new PassThrough({ highWaterMark: CHUNK });
    const letters = columns.map((_, i) => columnLetters(i + 1));
    this.sheets.push({ name, filter: `$A$1:$${letters.at(-1) ?? 'A'}$1` });
    this.zip.append(part, { name: `xl/worksheets/sheet${this.sheets.length}.xml` });
    this.sheet = {
      name,
      part,
      letters,
      styles: columns.map((c) => (c.kind === 'date' ? STYLE_DATE : 0)),
      last: letters.at(-1) ?? 'A',
      rows: 0,
      pending: '',
    };
    const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
    this.sheet.pending =
      `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
      `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`;
    this.row(header, true);
  }

  /**
   * Adds a row to the current sheet. Answers false when the zip has as much as it should hold: the
   * caller then waits for `drain()` (backpressure, so memory does not grow with the rows).
   */
  addRow(cells: readonly XlsxValue[]): boolean {
    return this.row(cells, false);
  }

  /** Resolves when the current sheet's part can take more, or at once when the reader went away. */
  drain(): Promise<void> {
    const part = this.sheet?.part;
    return part?.writableNeedDrain ? drainedOrClosed(part, this.out) : Promise.resolve();
  }

  private row(cells: readonly XlsxValue[], header: boolean): boolean {
    const sheet = this.sheet;
    if (!sheet) throw new Error('xlsx: addRow before startSheet');
    const r = ++sheet.rows;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++) {
      xml += cellXml(`${sheet.letters[i] ?? columnLetters(i + 1)}${r}`, cells[i], header ? STYLE_HEADER : (sheet.styles[i] ?? 0));
    }
    sheet.pending += `${xml}</row>`;
    if (sheet.pending.length < CHUNK) return true;
    const more = sheet.part.write(sheet.pending);
    sheet.pending = '';
    return more;
  }

  private endSheet(): void {
    const sheet = this.sheet;
    if (!sheet) return;
    sheet.part.end(
      `${sheet.pending}</sheetData><autoFilter ref="A1:${sheet.last}1"/>` +
        '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>',
    );
    this.sheet = null;
  }

  /** Ends the last sheet, adds the workbook's parts and closes the zip; resolves when `out` has it all. */
  async end(): Promise<void> {
    this.endSheet();
    const n = this.sheets.length;
    const sheetIds = Array.from({ length: n }, (_, i) => i + 1);
    const part = (name: string, xml: string) => this.zip.append(xml, { name });
    part(
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        sheetIds
          .map(
            (i) =>
              `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>',
    );
    part(
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
        `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/>` +
        `<Relationship Id="rId2" Type="${NS_PKG_REL}/metadata/core-properties" Target="docProps/core.xml"/>` +
        `<Relationship Id="rId3" Type="${NS_REL}/extended-properties" Target="docProps/app.xml"/></Relationships>`,
    );
    const stamp = `${this.props.created.toISOString().slice(0, 19)}Z`;
    part(
      'docProps/core.xml',
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
        `<dc:creator>${xmlText(this.props.creator)}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified></cp:coreProperties>`,
    );
    part(
      'docProps/app.xml',
      `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>${xmlText(this.props.creator)}</Application></Properties>`,
    );
    part(
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><bookViews><workbookView/></bookViews><sheets>` +
        this.sheets.map(({ name }, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        '</sheets><definedNames>' +
        // Excel's own name for a sheet's filter range (it writes one for each autoFilter).
        this.sheets
          .map(
            ({ name, filter }, i) =>
              `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${xmlText(`'${name.replace(/'/g, "''")}'!${filter}`)}</definedName>`,
          )
          .join('') +
        '</definedNames></workbook>',
    );
    part(
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
        sheetIds.map((i) => `<Relationship Id="rId${i}" Type="${NS_REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`).join('') +
        `<Relationship Id="rId${n + 1}" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`,
    );
    part('xl/styles.xml', STYLES);
    // Done when `out` has taken it all, or closed (a reader gone away would leave finalize pending).
    this.zip.finalize().catch(() => undefined);
    await this.done;
  }
}
