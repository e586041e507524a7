import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake provider received, as it came over the wire. */
export interface ReceivedRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, when it is JSON. */
  json: unknown;
}

export interface FakeAnswer {
  status?: number;
  /** JSON, or a string or bytes sent as they are (say what they are in `headers`). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeProvider {
  /** http://127.0.0.1:port */
  url: string;
  received: ReceivedRequest[];
  /** What the next requests are answered (by default 200 with the answer of `respond`). */
  respond: (req: ReceivedRequest) => FakeAnswer | Promise<FakeAnswer>;
  close(): Promise<void>;
}

/**
 * A provider's HTTP API played by a real server on a local port (Graph, Zenvia, Twilio): the test
 * sets what it answers and reads what it received, so an adapter is checked over real HTTP.
 */
export async function startFakeProvider(respond: FakeProvider['respond'] = () => ({ body: {} })): Promise<FakeProvider> {
  const fake: FakeProvider = { url: '', received: [], respond, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = body ? JSON.parse(body) : null;
      } catch {
        json = null;
      }
      const received: ReceivedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, json };
      fake.received.push(received);
      try {
        const answer = await fake.respond(received);
        const text = Buffer.isBuffer(answer.body) || typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
        res.end(text);
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** A form-encoded request's fields (Twilio's API and callbacks). */
export const formOf = (req: ReceivedRequest): Record<string, string> => Object.fromEntries(new URLSearchParams(req.body));
