import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isS10, letterAddress } from '@ar/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-reader.ts';
import { PermanentProviderError, type ProviderRequest } from '../../modules/channels/channel.ts';
import { HttpLetterProvider } from '../../modules/channels/letter/http-letter.ts';
import { renderLetter } from '../../modules/channels/letter/letter.pdf.ts';
import type { LetterTrackingEvent, OutgoingLetter } from '../../modules/channels/letter/letter-provider.ts';
import { LetterSimulator } from './letter-simulator.ts';

/**
 * The simulator served on a local port, spoken to by the product's HTTP adapter, its callbacks
 * posted over HTTP to a local endpoint and read back by the adapter (verify, parse): the same path
 * a real provider's letters take.
 */
const API_KEY = 'sim-key';
const SECRET = 'sim-secret';

const readBody = (req: http.IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
const headersOf = (req: http.IncomingMessage) =>
  Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
const listen = async (server: http.Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const simulator = new LetterSimulator({ apiKey: API_KEY, webhookSecret: SECRET, now: () => new Date('2026-11-27T12:00:00Z') });
const simServer = http.createServer(async (req, res) => {
  const answer = simulator.handle({ method: req.method ?? '', path: req.url ?? '', headers: headersOf(req), body: await readBody(req) });
  res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
});
const received: ProviderRequest[] = [];
let callbackBase = '';
const callbackServer = http.createServer(async (req, res) => {
  const rawBody = await readBody(req);
  received.push({ method: 'POST', url: `${callbackBase}${req.url}`, headers: headersOf(req), rawBody, form: {}, query: {} });
  res.writeHead(200).end();
});

let adapter: HttpLetterProvider;
let simUrl = '';
const letterTo = async (cep: string, uuid: string): Promise<OutgoingLetter> => {
  const address = letterAddress.parse({
    nome: 'Carlos Eduardo Lima',
    endereco: 'Rua das Flores',
    numero: '12',
    bairro: 'Centro',
    cidade: 'Curitiba',
    estado: 'PR',
    cep,
  });
  const r = await renderLetter({
    protocol: 900001,
    uuid,
    publicUrl: 'https://ar.exemplo.test',
    sender: { name: 'Cobrança Demo Ltda', returnAddress: null },
    recipient: address,
    subject: 'Notificação',
    html: '<p>Texto.</p>',
    createdAt: new Date('2026-11-25T15:00:00Z'),
  });
  return {
    protocol: 900001,
    uuid,
    pdf: r.pdf,
    sha256: r.sha256,
    pages: r.pages,
    address,
    callbackUrl: `${callbackBase}/v2/channels/letter/callback`,
  };
};

/** Walks a letter to its end: each step's callback verified and parsed by the adapter. */
async function walk(providerId: string): Promise<LetterTrackingEvent[]> {
  const events: LetterTrackingEvent[] = [];
  while ((await simulator.step(providerId)) !== null) {
    const req = received.at(-1) as ProviderRequest;
    expect(adapter.verify(req)).toBe(true);
    events.push(...adapter.parse(req));
  }
  return events;
}

beforeAll(async () => {
  simUrl = await listen(simServer);
  adapter = new HttpLetterProvider({ apiUrl: simUrl, apiKey: API_KEY, webhookSecret: SECRET });
  callbackBase = await listen(callbackServer);
});
afterAll(async () => {
  await new Promise((r) => simServer.close(r));
  await new Promise((r) => callbackServer.close(r));
});

describe('the letter simulator', () => {
  it('takes a letter once per idempotency key, gives it a valid S10 code and delivers it with a digital AR', async () => {
    const letter = await letterTo('80010-000', '8a1c0d2e-0000-4000-8000-000000000001');
    const { providerId } = await adapter.submit(letter);
    expect((await adapter.submit(letter)).providerId).toBe(providerId);
    expect(isS10(simulator.trackingCodeOf(providerId) ?? '')).toBe(true);

    const events = await walk(providerId);
    expect(events.map((e) => [e.status, e.productStatus])).toEqual([
      ['postado', 'send'],
      ['em_transito', null],
      ['saiu_para_entrega', null],
      ['entregue', 'delivered'],
    ]);
    const receipt = events[3]?.receipt;
    expect(receipt?.kind).toBe('inline');
    const text = await pdfText(receipt?.kind === 'inline' ? receipt.data : Buffer.alloc(0));
    expect(text).toContain(simulator.trackingCodeOf(providerId));
    expect(text).toContain('Carlos Eduardo Lima');
    // The adapter's GET reads the same history.
    expect((await adapter.track(providerId)).map((e) => e.eventKey)).toEqual(events.map((e) => e.eventKey));
  });

  it('returns a letter whose CEP ends in 999, with the reason', async () => {
    const { providerId } = await adapter.submit(await letterTo('80010-999', '8a1c0d2e-0000-4000-8000-000000000002'));
    const last = (await walk(providerId)).at(-1);
    expect(last).toMatchObject({ status: 'devolvido', productStatus: 'erro', reason: 'Endereço insuficiente' });
  });

  it('refuses for good a PDF that does not match its hash, and a wrong key', async () => {
    const letter = await letterTo('80010-000', '8a1c0d2e-0000-4000-8000-000000000003');
    const refused = await adapter.submit({ ...letter, sha256: '0'.repeat(64) }).catch((e) => e);
    expect(refused).toBeInstanceOf(PermanentProviderError);
    expect(refused.reason).toBe('O provedor de cartas recusou a carta (HTTP 422): O PDF recebido não confere com o SHA-256 informado.');
    const wrongKey = new HttpLetterProvider({ apiUrl: simUrl, apiKey: 'outra', webhookSecret: SECRET });
    expect((await wrongKey.submit(letter).catch((e) => e)).reason).toBe(
      'O provedor de cartas recusou a carta (HTTP 401): Chave de API inválida.',
    );
  });
});
