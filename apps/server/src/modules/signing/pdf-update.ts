/**
 * Incremental updates of the PDFs the product makes (classic cross-reference tables, as pdfkit and
 * the updates below write them): the signature (pades.ts) and the validation data (dss.ts) each
 * append objects, a cross-reference section and a trailer, leaving every earlier byte as it was.
 */

export interface Trailer {
  size: number;
  root: number;
  info: string | null;
  id: string | null;
  startxref: number;
}

/** The last trailer of a PDF. */
export function readTrailer(text: string): Trailer {
  const start = text.lastIndexOf('startxref');
  const startxref = Number.parseInt(text.slice(start + 9).trim(), 10);
  const trailerAt = text.lastIndexOf('trailer');
  if (start < 0 || trailerAt < 0 || !Number.isFinite(startxref)) throw new Error('PDF sem trailer clássico');
  const dict = text.slice(trailerAt, start);
  const size = Number(/\/Size\s+(\d+)/.exec(dict)?.[1]);
  const root = Number(/\/Root\s+(\d+)\s+0\s+R/.exec(dict)?.[1]);
  if (!size || !root) throw new Error('PDF sem /Size ou /Root no trailer');
  const info = /\/Info\s+(\d+\s+0\s+R)/.exec(dict)?.[1] ?? null;
  const id = /\/ID\s*(\[[^\]]*\])/.exec(dict)?.[1] ?? null;
  return { size, root, info, id, startxref };
}

/**
 * Byte offset of object `num`'s newest version: the cross-reference section at `startxref` (its
 * subsections), then the earlier ones by /Prev.
 */
export function objectOffset(text: string, startxref: number, num: number): number {
  let at: number | null = startxref;
  for (let hops = 0; at !== null && hops < 100; hops++) {
    if (!text.startsWith('xref', at)) throw new Error('tabela xref não encontrada');
    let pos = text.indexOf('\n', at) + 1;
    for (;;) {
      const end = text.indexOf('\n', pos);
      const header = /^(\d+) (\d+)\s*$/.exec(text.slice(pos, end));
      if (!header) break;
      const first = Number(header[1]);
      const count = Number(header[2]);
      pos = end + 1;
      if (num >= first && num < first + count) {
        const entry = text.slice(pos + (num - first) * 20, pos + (num - first) * 20 + 20);
        if (entry[17] === 'n') return Number.parseInt(entry.slice(0, 10), 10);
      }
      pos += count * 20;
    }
    const trailer = text.slice(pos, text.indexOf('startxref', pos));
    const prev = /\/Prev\s+(\d+)/.exec(trailer)?.[1];
    at = prev ? Number(prev) : null;
  }
  throw new Error(`objeto ${num} não encontrado`);
}

/** The dictionary text of the object at `offset` (between "<<" and its matching ">>"). */
export function objectDictionary(text: string, offset: number): string {
  const open = text.indexOf('<<', offset);
  let depth = 0;
  for (let i = open; i < text.length - 1; i++) {
    if (text[i] === '<' && text[i + 1] === '<') {
      depth++;
      i++;
    } else if (text[i] === '>' && text[i + 1] === '>') {
      depth--;
      i++;
      if (depth === 0) return text.slice(open + 2, i - 1);
    }
  }
  throw new Error('dicionário sem fim');
}

/**
 * Appends `objects` (number and body: a dictionary's text, or bytes) as an incremental update with
 * its cross-reference section and a trailer pointing back to the previous one. Answers the new file
 * and where each object starts.
 */
export function appendUpdate(
  pdf: Buffer,
  trailer: Trailer,
  objects: [number, string | Buffer][],
  size: number,
): { out: Buffer; offsets: Map<number, number> } {
  const parts: Buffer[] = [Buffer.from(pdf.at(-1) === 0x0a ? '' : '\n', 'latin1')];
  let length = pdf.length + (parts[0]?.length ?? 0);
  const offsets = new Map<number, number>();
  for (const [num, body] of objects) {
    offsets.set(num, length);
    const part = Buffer.concat([
      Buffer.from(`${num} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(part);
    length += part.length;
  }
  const nums = [...offsets.keys()].sort((a, b) => a - b);
  let xref = 'xref\n';
  for (let i = 0; i < nums.length; ) {
    let j = i;
    while (j + 1 < nums.length && nums[j + 1] === (nums[j] ?? 0) + 1) j++;
    xref += `${nums[i]} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) xref += `${String(offsets.get(nums[k] ?? 0)).padStart(10, '0')} 00000 n \n`;
    i = j + 1;
  }
  xref += `trailer\n<<\n/Size ${size}\n/Root ${trailer.root} 0 R\n${trailer.info ? `/Info ${trailer.info}\n` : ''}${trailer.id ? `/ID ${trailer.id}\n` : ''}/Prev ${trailer.startxref}\n>>\nstartxref\n${length}\n%%EOF\n`;
  return { out: Buffer.concat([pdf, ...parts, Buffer.from(xref, 'latin1')]), offsets };
}

/** The last signature's /ByteRange and its CMS (DER, without the zero padding), or null. */
export function lastSignature(pdf: Buffer): { range: [number, number, number, number]; cms: Buffer } | null {
  const text = pdf.toString('latin1');
  const m = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(-1);
  if (!m) return null;
  const range = m.slice(1).map(Number) as [number, number, number, number];
  const [, b, c] = range;
  const hex = text.slice(b + 1, c - 1);
  const padded = Buffer.from(/^[0-9a-fA-F]*$/.test(hex) && hex.length % 2 === 0 ? hex : '', 'hex');
  // The CMS's own length (a DER SEQUENCE with a long-form length) leaves out the padding.
  const lengthBytes = (padded[1] ?? 0) & 0x7f;
  const length =
    (padded[1] ?? 0) < 0x80
      ? 2 + (padded[1] ?? 0)
      : 2 + lengthBytes + Number.parseInt(padded.subarray(2, 2 + lengthBytes).toString('hex') || '0', 16);
  return { range, cms: padded.subarray(0, Math.min(length, padded.length)) };
}
