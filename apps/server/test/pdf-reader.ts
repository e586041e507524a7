import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

const run = promisify(execFile);

/**
 * Test helpers that read a PDF as its reader would: its text with poppler's `pdftotext`, and the QR
 * codes on its pages rendered to images by `pdftoppm` and decoded by jsQR (what a phone camera does).
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await fs.writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', file, '-'], { maxBuffer: 32 * 1024 * 1024 });
    return stdout;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export async function pdfPageCount(pdf: Uint8Array): Promise<number> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await fs.writeFile(file, pdf);
    const { stdout } = await run('pdfinfo', [file]);
    return Number(/Pages:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Every QR code found on the PDF's pages (or on pages first to last only), decoded from the rendered images. */
export async function pdfQrCodes(pdf: Uint8Array, pages?: { first: number; last: number }): Promise<string[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await fs.writeFile(file, pdf);
    const range = pages ? ['-f', String(pages.first), '-l', String(pages.last)] : [];
    await run('pdftoppm', ['-png', '-r', '150', ...range, file, path.join(dir, 'page')]);
    const found: string[] = [];
    for (const name of (await fs.readdir(dir)).filter((n) => n.endsWith('.png')).sort()) {
      const png = PNG.sync.read(await fs.readFile(path.join(dir, name)));
      const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
      // jsQR now and then reads a finder-like pattern in a page of text as a code with nothing in
      // it (CI, a letter's address page, 2026-12-06); no code the product draws is empty.
      if (code?.data) found.push(code.data);
    }
    return found;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The files embedded in the PDF (its attachments), by name, as a reader's "save attachment" gives them. */
export async function pdfAttachments(pdf: Uint8Array): Promise<Map<string, Buffer>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await fs.writeFile(file, pdf);
    const out = path.join(dir, 'files');
    await fs.mkdir(out);
    await run('pdfdetach', ['-saveall', '-o', out, file]);
    const files = new Map<string, Buffer>();
    for (const name of await fs.readdir(out)) files.set(name, await fs.readFile(path.join(out, name)));
    return files;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export interface PdfWord {
  /** 1-based. */
  page: number;
  text: string;
  /** Points from the page's top left corner, as poppler's `pdftotext -bbox` gives them. */
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Each word of the PDF with its box (`pdftotext -bbox`): where the text lies on the page. */
export async function pdfWords(pdf: Uint8Array): Promise<PdfWord[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await fs.writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 32 * 1024 * 1024 });
    const words: PdfWord[] = [];
    let page = 0;
    const fromXml = (s: string) =>
      s
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&');
    for (const m of stdout.matchAll(/<page\b|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
      if (m[0] === '<page') page++;
      else words.push({ page, text: fromXml(m[5] ?? ''), xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]) });
    }
    return words;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The PDF's pages (or pages first to last) rendered by pdftoppm, as a reader would see them, decoded as PNG. */
export async function pdfPageImages(pdf: Uint8Array, pages?: { first: number; last: number }, dpi = 100): Promise<PNG[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await fs.writeFile(file, pdf);
    const range = pages ? ['-f', String(pages.first), '-l', String(pages.last)] : [];
    await run('pdftoppm', ['-png', '-r', String(dpi), ...range, file, path.join(dir, 'page')]);
    const names = (await fs.readdir(dir)).filter((n) => n.endsWith('.png')).sort();
    return Promise.all(names.map(async (n) => PNG.sync.read(await fs.readFile(path.join(dir, n)))));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
