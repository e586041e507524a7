/**
 * The bytes of a data URL (`data:[type][;params];base64,...`) or of bare base64, as core's
 * `dataUrlBytes` reads them, with Node's own base64 decoder, a piece at a time with `pause()`
 * awaited between pieces: a 5 MB batch file is a 7 MB string, which core's portable decoding (a
 * regular expression over it, then `atob` and a loop a byte) held the event loop for 0.1–0.2 s,
 * every other request waiting (docs/remessas.md). Null when the value is neither, or its text is
 * not exactly base64: Node's decoder skips what is not base64 and stops at a '=' inside the text,
 * so such a text decodes to fewer bytes than its length promises.
 */
export async function dataUrlBuffer(
  value: string,
  pause: () => Promise<unknown> = nextTurn,
): Promise<{ type: string; bytes: Buffer } | null> {
  let type = '';
  let b64 = value;
  if (value.startsWith('data:')) {
    const comma = value.indexOf(',');
    if (comma < 0) return null;
    const head = value.slice(5, comma);
    if (!head.endsWith(';base64')) return null;
    type = head.slice(0, head.indexOf(';')).toLowerCase();
    b64 = value.slice(comma + 1);
  }
  if (/\s/.test(b64)) b64 = b64.replace(/\s/g, '');
  const rest = b64.length % 4;
  // Node also reads the URL alphabet ('-', '_'), which a data URL's base64 does not have.
  if (rest === 1 || b64.includes('-') || b64.includes('_')) return null;
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  if (padding > 0 && rest !== 0) return null;
  const expected = Math.floor(b64.length / 4) * 3 + (rest === 0 ? 0 : rest - 1) - padding;
  const pieces: Buffer[] = [];
  for (let i = 0; i < b64.length; i += PIECE) {
    if (i > 0) await pause();
    pieces.push(Buffer.from(b64.slice(i, i + PIECE), 'base64'));
  }
  const bytes = pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces);
  return bytes.length === Math.max(0, expected) ? { type, bytes } : null;
}

/** Characters decoded between two pauses (a multiple of 4: each piece is whole base64 groups). */
const PIECE = 512 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
