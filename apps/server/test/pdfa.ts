import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PdfACheck {
  /** `pdfinfo -meta`: the XMP packet of the document's (last) catalog. */
  xmp: string;
  /** `pdffonts`: every font a page uses, whether it is embedded ("emb" column). */
  fonts: { name: string; embedded: boolean }[];
  /** `qpdf --check` exited 0. */
  qpdfOk: boolean;
  qpdfOutput: string;
  /** The catalog (the trailer's /Root, after any incremental update) and its first output intent, as qpdf shows them. */
  catalog: string;
  outputIntent: string;
  /** `pdfinfo`: "PDF version" and "Encrypted". */
  info: string;
}

const objectRef = (text: string, key: string) => new RegExp(`/${key}\\s*\\[?\\s*(\\d+)\\s+0\\s+R`).exec(text)?.[1];

/** What PDF/A-3b asks of a file that poppler and qpdf can show: the XMP identification, embedded fonts, the output intent, a sound file. */
export async function checkPdfA(pdf: Uint8Array): Promise<PdfACheck> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-pdfa-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await fs.writeFile(file, pdf);
    const xmp = (await run('pdfinfo', ['-meta', file])).stdout;
    const info = (await run('pdfinfo', [file])).stdout;
    const fonts = (await run('pdffonts', [file])).stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        // name, type (may have spaces), encoding, then emb sub uni (yes/no) and the object id.
        const m = /^(\S+)\s+.*?\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
        return { name: m?.[1] ?? line, embedded: m?.[2] === 'yes' };
      });
    const qpdf = await run('qpdf', ['--check', file]).then(
      (r) => ({ ok: true, out: r.stdout }),
      (e: { stdout?: string; stderr?: string }) => ({ ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
    );
    const trailer = (await run('qpdf', ['--show-object=trailer', file])).stdout;
    const root = objectRef(trailer, 'Root');
    const catalog = root ? (await run('qpdf', [`--show-object=${root}`, file])).stdout : '';
    const intent = objectRef(catalog, 'OutputIntents');
    const outputIntent = intent ? (await run('qpdf', [`--show-object=${intent}`, file])).stdout : '';
    return { xmp, fonts, qpdfOk: qpdf.ok, qpdfOutput: qpdf.out, catalog, outputIntent, info };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
