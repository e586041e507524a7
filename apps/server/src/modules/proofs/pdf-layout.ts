import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * The page layout shared by the sending proof and the expert report (pdfkit, A4): a running
 * header, numbered footers with the time the document was made, sections and label/value rows
 * that move to a new page as a whole instead of splitting.
 */
export type Pdf = PDFKit.PDFDocument;

export const COLORS = {
  brand: '#194d33',
  text: '#1a1a1a',
  muted: '#5c5c5c',
  line: '#c8c8c8',
  panel: '#eef5f1',
  alert: '#a61b1b',
  alertPanel: '#fbeeee',
};
export const MARGIN = 50;
export const TOP = 78;
export const BOTTOM = 62;
const LABEL_WIDTH = 132;

/**
 * The fonts every document embeds (PDF/A forbids the standard-14 fonts, which are not embedded):
 * Arimo and Cousine (SIL OFL 1.1, the Chrome OS core fonts, from @expo-google-fonts), the same
 * glyphs and widths as Liberation Sans and Liberation Mono, so metric-compatible with Helvetica and
 * Courier: the layouts made for those hold. pdfkit embeds a subset of the glyphs used.
 */
export const FONT = { regular: 'Sans', bold: 'Sans-Bold', mono: 'Mono' } as const;
const require = createRequire(import.meta.url);
const FONT_FILES: Record<string, string> = {
  [FONT.regular]: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
  [FONT.bold]: '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf',
  [FONT.mono]: '@expo-google-fonts/cousine/400Regular/Cousine_400Regular.ttf',
};
let fontData: [string, Buffer][] | undefined;

// XMP is written by pdfkit without escaping: keep markup characters out of the document information.
const metaText = (value: string) => printable(value).replace(/&/g, '+').replace(/</g, '‹').replace(/>/g, '›');

/**
 * A pdfkit document as PDF/A-3b (ISO 19005-3, level B): PDF 1.7, XMP metadata with
 * pdfaid:part 3 and conformance B, the sRGB IEC61966-2.1 output intent (pdfkit's `subset`), and the
 * embedded fonts registered as FONT.*; embedded files get their /AFRelationship and the catalog's
 * /AF from `doc.file`. Nothing here uses transparency or encryption.
 */
export function pdfaDocument(options: PDFKit.PDFDocumentOptions): Pdf {
  const info = options.info ?? {};
  const doc = new PDFDocument({
    ...options,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    info: {
      ...info,
      ...(info.Title ? { Title: metaText(info.Title) } : {}),
      ...(info.Subject ? { Subject: metaText(info.Subject) } : {}),
      ...(info.Author ? { Author: metaText(info.Author) } : {}),
    },
  });
  fontData ??= Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(require.resolve(file))]);
  for (const [name, data] of fontData) doc.registerFont(name, data);
  doc.font(FONT.regular);
  return doc;
}

// The embedded fonts have all of WinAnsi (Latin-1 plus a few signs): all of Portuguese. Any other
// character (a user agent in another script, U+FFFD) prints as '?', so no text ever needs a glyph
// a font lacks (PDF/A forbids showing .notdef); the hashes cover the stored
// values, which the report's annex and the JSON carry exactly.
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);
export function printable(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\n') out += ch;
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === '\t' || ch === '\r') out += ' ';
    else out += '?';
  }
  return out;
}

export const contentWidth = (doc: Pdf) => doc.page.width - MARGIN * 2;

/**
 * Monospaced text (commands, JSON) wrapped at spaces only, to lines that fit `width` at `size`:
 * the layout engine would also break after a hyphen, and "-sha256" must stay one word.
 */
export function wrapAtSpaces(text: string, width: number, size: number): string {
  // Cousine's advance is 1229/2048 em, a hair over Courier's 0.6; and pdfkit measures a line's last
  // word with its '\n', which an embedded font gives a width (a standard font gave it none): one
  // character less, or a full line breaks again after a hyphen.
  const max = Math.max(10, Math.floor(width / (size * (1229 / 2048))) - 1);
  return text
    .split('\n')
    .map((line) => {
      const out: string[] = [];
      let current = '';
      for (const word of line.split(' ')) {
        if (current && current.length + 1 + word.length > max) {
          out.push(current);
          current = word;
        } else current = current ? `${current} ${word}` : word;
      }
      out.push(current);
      return out.join('\n');
    })
    .join('\n');
}

/** Closes a running header drawn after `doc.save()`: the brand rule under it, the pen back at the top of the text. */
export function endHeader(doc: Pdf): void {
  doc
    .moveTo(MARGIN, 54)
    .lineTo(MARGIN + contentWidth(doc), 54)
    .lineWidth(1.2)
    .strokeColor(COLORS.brand)
    .stroke();
  doc.restore();
  doc.x = MARGIN;
  doc.y = TOP;
  doc.fillColor(COLORS.text);
}

/** `header` is the running header's text, or a function read on each new page (a bulk file changes it with each proof). */
export function newPdf(meta: { title: string; subject: string; header: string | (() => string); createdAt: Date }): Pdf {
  const doc = pdfaDocument({
    size: 'A4',
    margins: { top: TOP, bottom: BOTTOM, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'pt-BR',
    displayTitle: true,
    info: { Title: meta.title, Subject: meta.subject, Author: 'AR Online', Creator: 'AR Online', CreationDate: meta.createdAt },
  });
  const drawHeader = () => {
    const width = contentWidth(doc);
    doc.save();
    doc.font(FONT.bold).fontSize(12).fillColor(COLORS.brand).text('AR Online', MARGIN, 34, { lineBreak: false });
    doc.font(FONT.regular).fontSize(8).fillColor(COLORS.muted);
    doc.text(printable(typeof meta.header === 'function' ? meta.header() : meta.header), MARGIN + 120, 37, {
      width: width - 120,
      align: 'right',
      lineBreak: false,
    });
    endHeader(doc);
  };
  drawHeader();
  doc.on('pageAdded', drawHeader);
  return doc;
}

/** Starts a new page when `height` points do not fit on this one. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

export function title(doc: Pdf, text: string, subtitle?: string): void {
  doc
    .font(FONT.bold)
    .fontSize(19)
    .fillColor(COLORS.brand)
    .text(printable(text), MARGIN, doc.y, { width: contentWidth(doc) });
  if (subtitle)
    doc
      .font(FONT.regular)
      .fontSize(10)
      .fillColor(COLORS.muted)
      .text(printable(subtitle), { width: contentWidth(doc) });
  doc.fillColor(COLORS.text).moveDown(0.8);
}

export function section(doc: Pdf, text: string): void {
  ensureSpace(doc, 48);
  doc.moveDown(0.35);
  const y = doc.y;
  doc
    .font(FONT.bold)
    .fontSize(11.5)
    .fillColor(COLORS.brand)
    .text(printable(text), MARGIN, y, { width: contentWidth(doc) });
  const below = doc.y + 2;
  doc
    .moveTo(MARGIN, below)
    .lineTo(MARGIN + contentWidth(doc), below)
    .lineWidth(0.5)
    .strokeColor(COLORS.line)
    .stroke();
  doc.y = below + 6;
  doc.x = MARGIN;
  doc.fillColor(COLORS.text);
}

export function subheading(doc: Pdf, text: string, keepWith = 60): void {
  ensureSpace(doc, 18 + keepWith);
  doc.moveDown(0.3);
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLORS.text)
    .text(printable(text), MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.2);
}

export interface FieldOptions {
  mono?: boolean;
  color?: string;
  bold?: boolean;
  /** A command line: monospaced, wrapped at spaces only. */
  command?: boolean;
  /** Width of the row, label and value (the content's width by default): room beside it for a picture. */
  width?: number;
}

/** One label/value row; the value wraps in its column (long hashes and user agents break anywhere). */
export function field(doc: Pdf, label: string, value: string | null | undefined, opts: FieldOptions = {}): void {
  const valueX = MARGIN + LABEL_WIDTH + 8;
  const valueWidth = (opts.width ?? contentWidth(doc)) - LABEL_WIDTH - 8;
  const raw = printable(value === null || value === undefined || value === '' ? '—' : value);
  const text = opts.command ? wrapAtSpaces(raw, valueWidth, 8.2) : raw;
  const mono = opts.mono || opts.command;
  const valueFont = () => doc.font(mono ? FONT.mono : opts.bold ? FONT.bold : FONT.regular).fontSize(mono ? 8.2 : 9.5);
  doc.font(FONT.bold).fontSize(9);
  const labelHeight = doc.heightOfString(printable(label), { width: LABEL_WIDTH });
  valueFont();
  const valueHeight = doc.heightOfString(text, { width: valueWidth });
  ensureSpace(doc, Math.max(labelHeight, valueHeight));
  const y = doc.y;
  doc.font(FONT.bold).fontSize(9).fillColor(COLORS.muted).text(printable(label), MARGIN, y, { width: LABEL_WIDTH });
  valueFont()
    .fillColor(opts.color ?? COLORS.text)
    .text(text, valueX, y, { width: valueWidth });
  doc.y = y + Math.max(labelHeight, valueHeight) + 2.5;
  doc.x = MARGIN;
  doc.fillColor(COLORS.text);
}

/** A paragraph of running text. */
export function paragraph(doc: Pdf, raw: string, opts: { size?: number; color?: string; mono?: boolean } = {}): void {
  const text = opts.mono ? wrapAtSpaces(raw, contentWidth(doc), opts.size ?? 9.5) : raw;
  doc.font(opts.mono ? FONT.mono : FONT.regular).fontSize(opts.size ?? 9.5);
  const h = doc.heightOfString(printable(text), { width: contentWidth(doc) });
  // Short paragraphs move whole; long ones flow across pages.
  if (h < 200) ensureSpace(doc, h);
  doc.fillColor(opts.color ?? COLORS.text).text(printable(text), MARGIN, doc.y, { width: contentWidth(doc), lineGap: 1.5 });
  doc.moveDown(0.4);
  doc.fillColor(COLORS.text);
}

/** A shaded panel with a sentence that matters (the proof's statement, the chain's verdict). */
export function panel(doc: Pdf, text: string, color: string = COLORS.brand): void {
  const width = contentWidth(doc);
  doc.font(FONT.bold).fontSize(10.5);
  const h = doc.heightOfString(printable(text), { width: width - 24, lineGap: 2 }) + 20;
  ensureSpace(doc, h);
  const y = doc.y;
  doc
    .save()
    .rect(MARGIN, y, width, h)
    .fill(color === COLORS.alert ? COLORS.alertPanel : COLORS.panel)
    .restore();
  doc.save().rect(MARGIN, y, 3, h).fill(color).restore();
  doc
    .font(FONT.bold)
    .fontSize(10.5)
    .fillColor(color)
    .text(printable(text), MARGIN + 14, y + 10, { width: width - 24, lineGap: 2 });
  doc.y = y + h + 8;
  doc.x = MARGIN;
  doc.fillColor(COLORS.text);
}

/**
 * Writes the footer of every page still buffered: the line rule, `footer` and "Página i de n",
 * counted over those pages. A bulk file stamps each proof's pages and flushes them
 * (`doc.flushPages()`) before the next proof, so its memory does not grow with the proofs.
 */
export function stampFooters(doc: Pdf, footer: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin must not open a new page.
    doc.page.margins.bottom = 0;
    const width = contentWidth(doc);
    const y = doc.page.height - 44;
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(MARGIN + width, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLORS.line)
      .stroke();
    doc.font(FONT.regular).fontSize(7.5).fillColor(COLORS.muted);
    doc.text(printable(footer), MARGIN, y, { width: width - 90, lineBreak: true, height: 24 });
    doc.text(`Página ${i - range.start + 1} de ${range.count}`, MARGIN + width - 90, y, { width: 90, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * Numbers every page ("Página i de n") and writes when the document was made and what it is about
 * in the footer, then closes the document and answers its bytes.
 */
export function finish(doc: Pdf, footer: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  stampFooters(doc, footer);
  doc.end();
  return done;
}

/**
 * A QR code of `text` as vector squares (one rectangle per run of dark modules in a row), `size`
 * points wide with its quiet zone, its top left corner at (x, y). A PNG made by qrcode and decoded
 * again by pdfkit cost ~17 ms a proof, a third of its rendering, and printed blurred when enlarged
 * (bench/bulk-proofs, 2026-11-25). The sending proof and the letter (AR-Carta) print it.
 */
export function drawQrCode(doc: Pdf, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const margin = 2;
  const cell = size / (modules.size + margin * 2);
  const x0 = x + margin * cell;
  const y0 = y + margin * cell;
  doc.save();
  for (let row = 0; row < modules.size; row++) {
    let run = -1;
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col);
      if (dark && run < 0) run = col;
      if (!dark && run >= 0) {
        // A hair wider and taller than the cell, so neighbouring squares leave no seam when rendered.
        doc.rect(x0 + run * cell, y0 + row * cell, (col - run) * cell + 0.05, cell + 0.05);
        run = -1;
      }
    }
  }
  doc.fillColor('#000000').fill();
  doc.restore();
}
