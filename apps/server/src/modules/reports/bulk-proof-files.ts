import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { brasiliaDateTime, type SendingProof } from '@ar/core';
import { ZipArchive } from 'archiver';
import { type HashedBytes, hashingStream } from '../../storage/hashing-stream.ts';
import { COLORS, contentWidth, FONT, field, newPdf, type Pdf, printable, section, stampFooters, title } from '../proofs/pdf-layout.ts';
import type { ProofIssuer } from '../proofs/sending-proof.pdf.ts';
import { drawSendingProof, sendingProofFooter, sendingProofHeader } from '../proofs/sending-proof.pdf.ts';

/** What the cover of a bulk file says. */
export interface BulkCover {
  nameProof: string;
  period: string;
  filter: string;
  total: number;
  issuer: ProofIssuer;
  createdAt: Date;
}

/** A line of the table of contents. */
export interface TocEntry {
  ema_uni_codigo: number;
  destinatario: string;
  assunto: string;
  status: string;
}

/** A file written: its SHA-256 and size. */
export type WrittenFile = HashedBytes;

const destination = (codigo: number) => `protocolo-${codigo}`;

/** The cover: name, period, filter, count, who made it, and the contents (each protocol links to its proof). */
function drawCover(doc: Pdf, cover: BulkCover, toc: TocEntry[]): void {
  title(doc, 'Comprovantes de Envio', cover.nameProof);
  field(doc, 'Período', `${cover.period} (horário de Brasília)`);
  field(doc, 'Filtro', cover.filter);
  field(doc, 'Mensagens', cover.total.toLocaleString('pt-BR'));
  field(doc, 'Gerado em', `${brasiliaDateTime(cover.createdAt, { seconds: true })} (horário de Brasília)`);
  field(doc, 'Gerado por', `${cover.issuer.nome} (${cover.issuer.login})`);
  section(doc, 'Sumário');
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  const cols = [
    { title: 'Nº', w: 34 },
    { title: 'Protocolo', w: 62 },
    { title: 'Destinatário', w: 150 },
    { title: 'Assunto', w: width - 34 - 62 - 150 - 110 },
    { title: 'Status', w: 110 },
  ];
  // Each row as tall as its tallest cell: a long subject or recipient wraps inside its column and
  // pushes the next row down (it used to be drawn one line high, the wrapped lines over the next row).
  const row = (cells: string[], opts: { bold?: boolean; goTo?: string }) => {
    doc
      .font(opts.bold ? FONT.bold : FONT.regular)
      .fontSize(8.5)
      .fillColor(opts.bold ? COLORS.muted : COLORS.text);
    const height = Math.max(...cells.map((text, i) => doc.heightOfString(printable(text), { width: (cols[i]?.w ?? 50) - 6 }))) + 3;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc
      .font(opts.bold ? FONT.bold : FONT.regular)
      .fontSize(8.5)
      .fillColor(opts.bold ? COLORS.muted : COLORS.text);
    const y = doc.y;
    let cx = x;
    cells.forEach((text, i) => {
      const w = cols[i]?.w ?? 50;
      doc.text(printable(text), cx, y, { width: w - 6, ...(opts.goTo ? { goTo: opts.goTo } : {}) });
      cx += w;
    });
    doc.y = y + height;
  };
  row(
    cols.map((c) => c.title),
    { bold: true },
  );
  for (const [i, t] of toc.entries()) {
    row([String(i + 1), String(t.ema_uni_codigo), t.destinatario, t.assunto, t.status], { goTo: destination(t.ema_uni_codigo) });
  }
  doc.x = x;
}

/**
 * One PDF of up to 500 proofs (BULK_PROOF_PDF_MAX), written to `file` as it is made: a cover with
 * the contents, then each message's sending proof with the very layout of the single one (its own
 * header, footer and "Página i de n", its QR code), each a bookmark and a link target. Each
 * proof's pages are numbered and flushed to the file before the next, so memory holds one proof.
 * `proofs` must come in the order of `toc`.
 */
export async function writePdfBundle(opts: {
  file: string;
  cover: BulkCover;
  toc: TocEntry[];
  proofs: AsyncIterable<SendingProof>;
  onProof: (done: number) => Promise<void>;
}): Promise<WrittenFile> {
  let header = `Comprovantes de Envio · ${opts.cover.nameProof}`;
  const doc = newPdf({
    title: opts.cover.nameProof,
    subject: 'Comprovantes de Envio',
    header: () => header,
    createdAt: opts.cover.createdAt,
  });
  const hashed = hashingStream();
  const written = pipeline(doc, hashed.stream, createWriteStream(opts.file));
  drawCover(doc, opts.cover, opts.toc);
  stampFooters(doc, `AR Online · ${opts.cover.nameProof} · Sumário · ${opts.cover.total} comprovantes`);
  doc.flushPages();
  let done = 0;
  for await (const p of opts.proofs) {
    header = sendingProofHeader(p);
    doc.addPage();
    doc.addNamedDestination(destination(p.ema_uni_codigo));
    doc.outline.addItem(printable(`Protocolo ${p.ema_uni_codigo} — ${p.destinatario.nome}`));
    await drawSendingProof(doc, p);
    stampFooters(doc, sendingProofFooter(p, opts.cover.issuer));
    doc.flushPages();
    await opts.onProof(++done);
  }
  doc.end();
  await written;
  return hashed.result();
}

/** A file of the ZIP: its name inside, where it is on disk, and the manifest's line. */
export interface ZipPart {
  name: string;
  path: string;
  manifest: (string | number)[];
}

/**
 * A ZIP of PDFs (above 500 messages) written to `file` as it is made, its parts read from disk
 * one at a time, then `manifesto.csv` (written to `manifestFile` as the parts go in, never in
 * memory): one line per file with its SHA-256, computed from the part itself.
 */
export async function writeZipBundle(opts: {
  file: string;
  manifestFile: string;
  manifestHeader: string[];
  parts: AsyncIterable<ZipPart>;
  line: (cells: (string | number)[]) => string;
}): Promise<WrittenFile> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const hashed = hashingStream();
  const written = pipeline(archive, hashed.stream, createWriteStream(opts.file));
  const manifest = createWriteStream(opts.manifestFile);
  manifest.write(`\uFEFF${opts.line(opts.manifestHeader)}`);
  for await (const part of opts.parts) {
    // A part is one proof (tens of KB): hashed from its bytes on disk, what goes into the ZIP.
    const sha = createHash('sha256')
      .update(await readFile(part.path))
      .digest('hex');
    if (!manifest.write(opts.line([...part.manifest, sha]))) await new Promise<void>((r) => manifest.once('drain', () => r()));
    // Appended as a path: archiver opens each file only when its turn comes.
    archive.file(part.path, { name: part.name });
  }
  await new Promise<void>((resolve, reject) => manifest.end((err?: Error | null) => (err ? reject(err) : resolve())));
  archive.file(opts.manifestFile, { name: 'manifesto.csv' });
  await archive.finalize();
  await written;
  return hashed.result();
}
