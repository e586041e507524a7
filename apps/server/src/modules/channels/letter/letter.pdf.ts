import { createHash } from 'node:crypto';
import { BRASILIA_TZ, brasiliaDateTime, type LetterAddress, letterAddressLines } from '@ar/core';
import { publicPageUrl } from '../../proofs/format.ts';
import {
  BOTTOM,
  COLORS,
  drawQrCode,
  endHeader,
  FONT,
  MARGIN,
  type Pdf,
  pdfaDocument,
  printable,
  stampFooters,
  TOP,
} from '../../proofs/pdf-layout.ts';
import { htmlToParagraphs } from './letter-text.ts';

/**
 * The AR-Carta letter (docs/letter-pdf.md): an A4 PDF a hybrid-mail provider prints, folds into a DL
 * envelope with a window and posts as a registered letter.
 *
 * Page 1, the cover, in the layout those providers ask for: the recipient's postal address inside
 * the envelope's window, with the sender's return line above it, and the protocol beside it.
 * The window is DIN 680's for a DL envelope (ISO 269, 110 × 220 mm): 90 × 45 mm, 20 mm from the
 * left edge and 15 mm from the bottom, i.e. 50 mm from the top — the same zone DIN 5008 keeps
 * for the address on a letter. The text stays 4 mm inside it, so a sheet that moves in the
 * envelope still shows it whole; following the Correios, the address is the name, the street with
 * number and complement, the district, and the CEP with the city and state on the last line.
 *
 * The following pages are the letter: the sender's letterhead, the date (Brasília), the recipient,
 * the subject, the message as plain paragraphs, and the protocol with a QR code to the public page
 * whose address is printed under it.
 */
export interface LetterInput {
  /** The message's protocol number (ema_uni_codigo). */
  protocol: number;
  /** The message's uuid (ema_uni_id): the public page's address. */
  uuid: string;
  /** PUBLIC_URL. */
  publicUrl: string;
  sender: {
    /** The letterhead: the name the message is sent under (ema_uni_name_from). */
    name: string;
    /** Where the Correios return an undelivered letter, one line; null: the name alone. */
    returnAddress: string | null;
  };
  recipient: LetterAddress;
  subject: string;
  /** The message as stored (rich text); printed as plain paragraphs, no markup. */
  html: string;
  /** When the letter was made: its date and the footer's. */
  createdAt: Date;
}

export interface RenderedLetter {
  pdf: Buffer;
  sha256: string;
  pages: number;
}

const MM = 72 / 25.4;
/** The DL window (DIN 680), in points from the page's top left corner. */
export const LETTER_WINDOW = { x: 20 * MM, y: 50 * MM, width: 90 * MM, height: 45 * MM } as const;
const INSET = 4 * MM;
const QR_SIZE = 96;

const LONG_DATE = new Intl.DateTimeFormat('pt-BR', { timeZone: BRASILIA_TZ, day: 'numeric', month: 'long', year: 'numeric' });

export async function renderLetter(input: LetterInput): Promise<RenderedLetter> {
  const url = publicPageUrl(input.publicUrl, input.uuid);
  const made = `${brasiliaDateTime(input.createdAt)} (horário de Brasília)`;
  const doc = pdfaDocument({
    size: 'A4',
    margins: { top: TOP, bottom: BOTTOM, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'pt-BR',
    displayTitle: true,
    info: {
      Title: `AR-Carta — protocolo ${input.protocol}`,
      Subject: printable(input.subject),
      Author: printable(input.sender.name),
      Creator: 'AR Online',
      CreationDate: input.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawCover(doc, input, made);
  doc.on('pageAdded', () => letterhead(doc, input));
  doc.addPage();
  drawLetter(doc, input, url, made);

  const pages = doc.bufferedPageRange().count;
  doc.switchToPage(0);
  coverInfo(doc, 'Folhas', `${pages} (com esta capa)`, 3);
  stampFooters(doc, `AR-Carta · Protocolo nº ${input.protocol} · ${input.uuid} · Emitida em ${made}`);
  doc.end();
  const pdf = await done;
  return { pdf, sha256: createHash('sha256').update(pdf).digest('hex'), pages };
}

const width = (doc: Pdf) => doc.page.width - MARGIN * 2;

/** Page 1: the title, the protocol block beside the window, the window's address, and what the sheet is. */
function drawCover(doc: Pdf, input: LetterInput, made: string): void {
  doc
    .font(FONT.bold)
    .fontSize(13)
    .fillColor(COLORS.brand)
    .text('AR-Carta', LETTER_WINDOW.x, 22 * MM, { lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(COLORS.muted)
    .text('Carta registrada com aviso de recebimento digital', LETTER_WINDOW.x, 22 * MM + 16, { lineBreak: false });

  // The information block of DIN 5008: at 125 mm from the left, level with the window.
  coverInfo(doc, 'Protocolo nº', String(input.protocol), 0);
  coverInfo(doc, 'Identificador', input.uuid, 1);
  coverInfo(doc, 'Emitida em', made, 2);

  addressBlock(doc, input);

  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(COLORS.muted)
    .text(
      printable(
        `Capa de endereçamento: o endereço acima fica na janela do envelope (DL, 110 × 220 mm). A carta de ${input.sender.name} começa na folha seguinte.`,
      ),
      LETTER_WINDOW.x,
      LETTER_WINDOW.y + LETTER_WINDOW.height + 12 * MM,
      { width: width(doc) - (LETTER_WINDOW.x - MARGIN) },
    );
  doc.fillColor(COLORS.text);
}

/** One label/value pair of the cover's information block (row `i`). */
function coverInfo(doc: Pdf, label: string, value: string, i: number): void {
  const x = 125 * MM;
  const y = LETTER_WINDOW.y + i * 26;
  const w = doc.page.width - x - MARGIN;
  doc.font(FONT.bold).fontSize(7.5).fillColor(COLORS.muted).text(label, x, y, { width: w, lineBreak: false });
  doc
    .font(label === 'Identificador' ? FONT.mono : FONT.regular)
    .fontSize(label === 'Identificador' ? 6.6 : 8.5)
    .fillColor(COLORS.text)
    .text(printable(value), x, y + 9, { width: w, lineBreak: false });
}

/**
 * The window's text: the return line (small, as DIN 5008's return-address zone), then the
 * recipient in the largest size from 10 to 7 pt at which every line fits the window's width.
 */
function addressBlock(doc: Pdf, input: LetterInput): void {
  const x = LETTER_WINDOW.x + INSET;
  const inner = LETTER_WINDOW.width - INSET * 2;
  const ret = printable(`Remetente: ${[input.sender.name, input.sender.returnAddress].filter(Boolean).join(' · ')}`.slice(0, 200));
  let retSize = 7;
  doc.font(FONT.regular);
  while (retSize > 5 && doc.fontSize(retSize).widthOfString(ret) > inner) retSize -= 0.5;
  let y = LETTER_WINDOW.y + INSET;
  doc
    .fontSize(retSize)
    .fillColor(COLORS.muted)
    .text(ret, x, y, { width: inner, height: retSize * 1.3, lineBreak: false, ellipsis: true });
  y += retSize * 1.3 + 1;
  doc
    .moveTo(x, y)
    .lineTo(x + inner, y)
    .lineWidth(0.4)
    .strokeColor(COLORS.line)
    .stroke();
  y += 5;

  const lines = letterAddressLines(input.recipient).map(printable);
  let size = 10;
  doc.font(FONT.regular);
  while (size > 7 && lines.some((l) => doc.fontSize(size).widthOfString(l) > inner)) size -= 0.5;
  doc.fontSize(size).fillColor(COLORS.text);
  const bottom = LETTER_WINDOW.y + LETTER_WINDOW.height - INSET;
  for (const [i, line] of lines.entries()) {
    doc.font(i === 0 ? FONT.bold : FONT.regular);
    // A line still too wide at 7 pt wraps inside the window; nothing is written below its inset.
    const h = Math.min(doc.heightOfString(line, { width: inner }), bottom - y);
    if (h <= 0) break;
    doc.text(line, x, y, { width: inner, height: h, ellipsis: true });
    y += h + 1;
  }
}

/** The running header of the letter's pages: the sender's letterhead and the protocol. */
function letterhead(doc: Pdf, input: LetterInput): void {
  const w = width(doc);
  doc.save();
  doc
    .font(FONT.bold)
    .fontSize(14)
    .fillColor(COLORS.brand)
    .text(printable(input.sender.name), MARGIN, 30, { width: w - 150, lineBreak: false, ellipsis: true });
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text(`AR-Carta · Protocolo nº ${input.protocol}`, MARGIN + w - 150, 35, { width: 150, align: 'right', lineBreak: false });
  endHeader(doc);
}

function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - BOTTOM) doc.addPage();
}

/** The letter itself, from the top of page 2. */
function drawLetter(doc: Pdf, input: LetterInput, url: string, made: string): void {
  const w = width(doc);
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(COLORS.text)
    .text(LONG_DATE.format(input.createdAt), MARGIN, doc.y, { width: w, align: 'right' });
  doc.moveDown(1.2);

  const [name, ...address] = letterAddressLines(input.recipient).map(printable);
  doc.font(FONT.regular).fontSize(10).text('A(o)', MARGIN, doc.y, { width: w });
  doc.font(FONT.bold).text(name ?? '', { width: w });
  doc.font(FONT.regular).text(address.join('\n'), { width: w });
  doc.moveDown(1.2);

  doc
    .font(FONT.bold)
    .fontSize(10.5)
    .text(`Assunto: ${printable(input.subject)}`, MARGIN, doc.y, { width: w });
  doc.moveDown(0.9);

  doc.font(FONT.regular).fontSize(10.5).fillColor(COLORS.text);
  for (const p of htmlToParagraphs(input.html)) {
    const text = printable(p);
    const h = doc.heightOfString(text, { width: w, lineGap: 2, align: 'justify' });
    if (h < 120) ensureSpace(doc, h);
    doc.text(text, MARGIN, doc.y, { width: w, lineGap: 2, align: 'justify' });
    doc.moveDown(0.6);
  }

  // The protocol and the QR code, kept together at the end.
  ensureSpace(doc, QR_SIZE + 60);
  doc.moveDown(0.8);
  const top = doc.y;
  doc
    .moveTo(MARGIN, top)
    .lineTo(MARGIN + w, top)
    .lineWidth(0.5)
    .strokeColor(COLORS.line)
    .stroke();
  const textWidth = w - QR_SIZE - 14;
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLORS.brand)
    .text(`Protocolo nº ${input.protocol}`, MARGIN, top + 10, { width: textWidth });
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(COLORS.text)
    .text(`Identificador ${input.uuid}`, { width: textWidth })
    .text(`Emitida em ${made}.`, { width: textWidth })
    .moveDown(0.4)
    .text(
      'Esta carta foi registrada eletronicamente pelo AR Online. Aponte a câmera do celular para o código QR ao lado para ver a mensagem, seus anexos e seu registro na página pública, no endereço abaixo.',
      { width: textWidth },
    );
  drawQrCode(doc, url, MARGIN + w - QR_SIZE, top + 4, QR_SIZE);
  doc.y = Math.max(doc.y, top + 4 + QR_SIZE) + 4;
  doc.font(FONT.mono).fontSize(8).fillColor(COLORS.text).text(printable(url), MARGIN, doc.y, { width: w, link: url });
}
