import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/** One item of an envelope: its header and its payload (parsed when it is JSON). */
export interface EnvelopeItem {
  header: { type: string; length?: number; [k: string]: unknown };
  payload: unknown;
}
export interface ReceivedEnvelope {
  project: string;
  /** The sentry_key the SDK authenticated with (query or X-Sentry-Auth). */
  key: string | null;
  /** The whole body as received (after gunzip): what a leak check reads. */
  raw: string;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

/**
 * A stand-in for Sentry's ingest (self-hosted Sentry and GlitchTip speak the same): it accepts
 * `POST /api/{project}/envelope/`, plain or gzip, parses the envelope (a header line, then for each
 * item a header line and a payload of `length` bytes or up to the next newline) and keeps it.
 * CORS is open, as Sentry's is, so the browser SDK can post to it.
 */
export async function startFakeSentry(port = 0) {
  const envelopes: ReceivedEnvelope[] = [];
  const server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const url = new URL(req.url ?? '/', 'http://x');
    const match = /^\/api\/(\d+)\/envelope\/?$/.exec(url.pathname);
    if (req.method !== 'POST' || !match) return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        let body = Buffer.concat(chunks);
        if (req.headers['content-encoding'] === 'gzip') body = zlib.gunzipSync(body);
        const auth = String(req.headers['x-sentry-auth'] ?? '');
        const key = url.searchParams.get('sentry_key') ?? /sentry_key=([^,\s]+)/.exec(auth)?.[1] ?? null;
        envelopes.push({ project: match[1] as string, key, raw: body.toString('utf8'), ...parseEnvelope(body) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    port: address.port,
    /** A DSN for project 1 with the public key `chavepublica`. */
    dsn: `http://chavepublica@127.0.0.1:${address.port}/1`,
    envelopes,
    /** The error events received so far (items of type 'event'). */
    events(): Record<string, unknown>[] {
      return envelopes.flatMap((e) => e.items.filter((i) => i.header.type === 'event').map((i) => i.payload as Record<string, unknown>));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function parseEnvelope(body: Buffer): { header: Record<string, unknown>; items: EnvelopeItem[] } {
  let at = 0;
  const line = () => {
    const end = body.indexOf(10, at);
    const text = body.subarray(at, end === -1 ? body.length : end).toString('utf8');
    at = end === -1 ? body.length : end + 1;
    return text;
  };
  const header = JSON.parse(line()) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (at < body.length) {
    const text = line();
    if (!text.trim()) continue;
    const itemHeader = JSON.parse(text) as EnvelopeItem['header'];
    let payload: string;
    if (typeof itemHeader.length === 'number') {
      payload = body.subarray(at, at + itemHeader.length).toString('utf8');
      at += itemHeader.length;
      if (body[at] === 10) at++;
    } else payload = line();
    let parsed: unknown = payload;
    try {
      parsed = JSON.parse(payload);
    } catch {
      // an attachment or other non-JSON item
    }
    items.push({ header: itemHeader, payload: parsed });
  }
  return { header, items };
}
