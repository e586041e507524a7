import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LETTER_LIMITS, letterAddress, UFS } from '@ar/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LETTER_ADDRESS } from '../../../../test/letters.ts';
import { PermanentProviderError, type ProviderRequest } from '../channel.ts';
import { HttpLetterProvider, letterSignature } from './http-letter.ts';
import { renderLetter } from './letter.pdf.ts';
import { LETTER_TRACKING_STATUSES, LetterCallbackRefused, type OutgoingLetter } from './letter-provider.ts';

/**
 * The HTTP letter adapter against a fake hybrid-mail provider on a local port (real HTTP): what it
 * sends, and the provider's signed tracking callbacks received by a local endpoint as the
 * product's route will receive them (raw bytes and headers).
 */
const API_KEY = 'chave-de-teste-123';
const SECRET = 'segredo-do-webhook';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The fake provider: POST /letters and GET /letters/{id} of docs/letter-provider.openapi.yaml. */
const provider = {
  received: [] as Received[],
  /** The next answer to POST /letters, when a test wants a refusal. */
  next: null as { status: number; body: unknown } | null,
  letters: new Map<string, unknown[]>(),
  url: '',
  server: http.createServer(async (req, res) => {
    const body = await readBody(req);
    provider.received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.headers['x-api-key'] !== API_KEY) return answer(401, { message: 'Chave de API inválida.' });
    if (req.method === 'POST' && req.url === '/letters') {
      if (provider.next) {
        const { status, body: b } = provider.next;
        provider.next = null;
        return answer(status, b);
      }
      const id = `ltr_${provider.letters.size + 1}`;
      provider.letters.set(id, []);
      return answer(201, { id, status: 'recebida' });
    }
    const m = /^\/letters\/([^/]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && m) {
      const id = decodeURIComponent(m[1] as string);
      const events = provider.letters.get(id);
      return events ? answer(200, { id, status: 'em_transito', events }) : answer(404, { message: 'Carta não encontrada.' });
    }
    answer(404, { message: 'Não encontrado.' });
  }),
};

/** The product's callback endpoint: hands each request to the test as the route would see it. */
const callbacks = {
  url: '',
  waiting: [] as ((r: ProviderRequest) => void)[],
  server: http.createServer(async (req, res) => {
    const rawBody = await readBody(req);
    const headers: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    res.writeHead(204).end();
    callbacks.waiting.shift()?.({ method: 'POST', url: `${callbacks.url}${req.url}`, headers, rawBody, form: {}, query: {} });
  }),
};

/** The provider posts a callback, signed with `secret` (or as `sign` says), and the endpoint's request is answered. */
async function postCallback(body: string, opts: { secret?: string; signature?: string | null } = {}): Promise<ProviderRequest> {
  const arrived = new Promise<ProviderRequest>((resolve) => callbacks.waiting.push(resolve));
  const signature = opts.signature === undefined ? letterSignature(opts.secret ?? SECRET, body) : opts.signature;
  const res = await fetch(`${callbacks.url}/v2/channels/letter/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-letter-signature': signature } : {}) },
    body,
  });
  expect(res.status).toBe(204);
  return arrived;
}

let adapter: HttpLetterProvider;
let letter: OutgoingLetter;
const address = letterAddress.parse(LETTER_ADDRESS);
// A scanned receipt stands in as PNG bytes: what matters is that its hash is of exactly these bytes.
const RECEIPT = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('AR digital assinado por Ana')]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const event = (over: Record<string, unknown> = {}) => ({
  id: 'evt_1',
  letterId: 'ltr_1',
  status: 'postado',
  trackingCode: 'RA473124829BR',
  occurredAt: '2026-11-26T10:15:00-03:00',
  location: 'AC Central São Paulo',
  ...over,
});

beforeAll(async () => {
  provider.url = await listen(provider.server);
  callbacks.url = await listen(callbacks.server);
  adapter = new HttpLetterProvider({ apiUrl: `${provider.url}/`, apiKey: API_KEY, webhookSecret: SECRET });
  const uuid = '3f2b8c1e-4d5a-4e6f-9a7b-1c2d3e4f5a6b';
  const rendered = await renderLetter({
    protocol: 482913,
    uuid,
    publicUrl: 'https://ar.exemplo.test',
    sender: { name: 'Cobrança Demo Ltda', returnAddress: null },
    recipient: address,
    subject: 'Notificação extrajudicial',
    html: '<p>Prezada Senhora, fica notificada.</p>',
    createdAt: new Date('2026-11-25T15:00:00Z'),
  });
  letter = {
    protocol: 482913,
    uuid,
    pdf: rendered.pdf,
    sha256: rendered.sha256,
    pages: rendered.pages,
    address,
    callbackUrl: 'https://ar.exemplo.test/v2/channels/letter/callback',
  };
});

afterAll(async () => {
  await new Promise((r) => provider.server.close(r));
  await new Promise((r) => callbacks.server.close(r));
});

beforeEach(() => {
  provider.received = [];
});

describe('submitting a letter (POST /letters)', () => {
  it('sends the API key, the idempotency key, the PDF byte for byte with its SHA-256, and the address', async () => {
    const accepted = await adapter.submit(letter);
    expect(accepted.providerId).toMatch(/^ltr_\d+$/);
    expect(provider.received).toHaveLength(1);
    const req = provider.received[0] as Received;
    expect([req.method, req.url]).toEqual(['POST', '/letters']);
    expect(req.headers['x-api-key']).toBe(API_KEY);
    expect(req.headers['idempotency-key']).toBe(letter.uuid);
    expect(req.headers['content-type']).toBe('application/json');
    const body = JSON.parse(req.body.toString('utf8'));
    const pdf = Buffer.from(body.document.content, 'base64');
    expect(pdf.equals(letter.pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(body.document).toMatchObject({ contentType: 'application/pdf', sha256: sha(pdf), pages: 2 });
    expect(body.document.sha256).toBe(letter.sha256);
    expect(body).toMatchObject({
      reference: '482913',
      recipient: { ...address, cep: '01310200', estado: 'SP' },
      service: 'carta_registrada_ar_digital',
      callbackUrl: letter.callbackUrl,
    });
  });

  it("takes a 4xx as a refusal for good, with the provider's words, and a 5xx or 429 as a retry", async () => {
    provider.next = { status: 422, body: { message: 'CEP inexistente na base dos Correios.' } };
    const refused = await adapter.submit(letter).catch((e) => e);
    expect(refused).toBeInstanceOf(PermanentProviderError);
    expect(refused.reason).toBe('O provedor de cartas recusou a carta (HTTP 422): CEP inexistente na base dos Correios.');
    for (const status of [503, 429]) {
      provider.next = { status, body: { message: 'Tente novamente.' } };
      const failed = await adapter.submit(letter).catch((e) => e);
      expect(failed).toBeInstanceOf(Error);
      expect(failed).not.toBeInstanceOf(PermanentProviderError);
    }
    const wrongKey = new HttpLetterProvider({ apiUrl: provider.url, apiKey: 'outra', webhookSecret: SECRET });
    const unauthorized = await wrongKey.submit(letter).catch((e) => e);
    expect(unauthorized).toBeInstanceOf(PermanentProviderError);
    expect(unauthorized.reason).toContain('HTTP 401');
  });
});

describe('tracking callbacks (X-Letter-Signature)', () => {
  it('verifies the HMAC-SHA256 of the raw body: true for the provider, false for anything else', async () => {
    const body = JSON.stringify({ events: [event()] });
    expect(adapter.verify(await postCallback(body))).toBe(true);
    // A body changed on the way, another secret, no signature, another body's signature, the hex alone.
    const changed = await postCallback(body.replace('AC Central', 'AC Centrol'), { signature: letterSignature(SECRET, body) });
    expect(adapter.verify(changed)).toBe(false);
    expect(adapter.verify(await postCallback(body, { secret: 'outro-segredo' }))).toBe(false);
    expect(adapter.verify(await postCallback(body, { signature: null }))).toBe(false);
    expect(adapter.verify(await postCallback(body, { signature: letterSignature(SECRET, '{"events":[]}') }))).toBe(false);
    expect(adapter.verify(await postCallback(body, { signature: letterSignature(SECRET, body).slice(7) }))).toBe(false);
  });

  it("parses each status and maps it to the product's: postado → send, in transit → none, entregue → delivered, devolvido → erro", async () => {
    const body = JSON.stringify({
      events: [
        event(),
        event({ id: 'evt_2', status: 'em_transito', occurredAt: '2026-11-27T08:00:00-03:00', location: 'CTE Campinas' }),
        event({ id: 'evt_3', status: 'saiu_para_entrega', occurredAt: '2026-11-28T07:30:00-03:00', location: 'CDD Bela Vista' }),
        event({
          id: 'evt_4',
          status: 'entregue',
          occurredAt: '2026-11-28T14:05:00-03:00',
          receipt: { contentType: 'image/png', content: RECEIPT.toString('base64'), sha256: sha(RECEIPT) },
        }),
      ],
    });
    const req = await postCallback(body);
    expect(adapter.verify(req)).toBe(true);
    const events = adapter.parse(req);
    expect(events.map((e) => [e.eventKey, e.status, e.productStatus, e.trackingCode, e.at.toISOString(), e.location])).toEqual([
      ['evt_1', 'postado', 'send', 'RA473124829BR', '2026-11-26T13:15:00.000Z', 'AC Central São Paulo'],
      ['evt_2', 'em_transito', null, 'RA473124829BR', '2026-11-27T11:00:00.000Z', 'CTE Campinas'],
      ['evt_3', 'saiu_para_entrega', null, 'RA473124829BR', '2026-11-28T10:30:00.000Z', 'CDD Bela Vista'],
      ['evt_4', 'entregue', 'delivered', 'RA473124829BR', '2026-11-28T17:05:00.000Z', 'AC Central São Paulo'],
    ]);
    const delivered = events[3];
    expect(delivered?.receipt).toEqual({ kind: 'inline', contentType: 'image/png', data: RECEIPT, sha256: sha(RECEIPT) });
    // The evidence keeps the event as received, the receipt's bytes by their hash and size.
    expect(delivered?.raw).toMatchObject({
      id: 'evt_4',
      receipt: { contentType: 'image/png', sha256: sha(RECEIPT), bytes: RECEIPT.length },
    });
    expect(JSON.stringify(delivered?.raw)).not.toContain(RECEIPT.toString('base64'));
  });

  it('takes the digital AR by address with its hash, and a returned letter with its reason', async () => {
    const receipt = { contentType: 'image/jpeg', url: 'https://cartas.exemplo.test/ar/ltr_1.jpg', sha256: sha(RECEIPT) };
    const [delivered, returned] = adapter.parse(
      await postCallback(
        JSON.stringify({
          events: [
            event({ id: 'evt_5', status: 'entregue', receipt }),
            event({ id: 'evt_6', letterId: 'ltr_2', trackingCode: 'rb 123 456 785 br', status: 'devolvido', reason: ' Mudou-se ' }),
          ],
        }),
      ),
    );
    expect(delivered?.receipt).toEqual({ kind: 'url', ...receipt });
    expect(returned).toMatchObject({ status: 'devolvido', productStatus: 'erro', reason: 'Mudou-se', trackingCode: 'RB123456785BR' });
  });

  it('refuses the whole callback, with the reason, when a tracking code is not a valid S10 code of the Correios', async () => {
    const refusal = async (events: unknown[]) => {
      const req = await postCallback(JSON.stringify({ events }));
      expect(adapter.verify(req)).toBe(true);
      try {
        adapter.parse(req);
      } catch (e) {
        expect(e).toBeInstanceOf(LetterCallbackRefused);
        return (e as LetterCallbackRefused).reason;
      }
      throw new Error('the callback was accepted');
    };
    // The check digit of 47312482 is 9, not 8.
    expect(await refusal([event({ trackingCode: 'RA473124828BR' })])).toBe(
      'Evento 1: código de rastreamento inválido "RA473124828BR": não é um código S10 dos Correios (duas letras, oito dígitos, o dígito verificador e BR).',
    );
    // A valid event before it does not get through on its own.
    expect(await refusal([event(), event({ id: 'evt_2', status: 'em_transito', trackingCode: 'RA473124829GB' })])).toContain(
      'Evento 2: código de rastreamento inválido "RA473124829GB"',
    );
    expect(await refusal([event({ trackingCode: '473124829' })])).toContain('código de rastreamento inválido');
  });

  it('refuses a delivery without its AR, an AR whose bytes do not match its hash, a return without a reason, an unknown status', async () => {
    const refusal = async (events: unknown[]) => {
      try {
        adapter.parse(await postCallback(JSON.stringify({ events })));
        return 'accepted';
      } catch (e) {
        return (e as LetterCallbackRefused).reason;
      }
    };
    expect(await refusal([event({ status: 'entregue' })])).toBe(
      'Evento 1: uma carta entregue deve trazer o AR digital (receipt), a imagem do recibo assinado.',
    );
    expect(
      await refusal([
        event({
          status: 'entregue',
          receipt: { contentType: 'image/png', content: RECEIPT.toString('base64'), sha256: sha(Buffer.from('outro')) },
        }),
      ]),
    ).toBe(`Evento 1: o SHA-256 do AR digital não confere com o seu conteúdo (${sha(RECEIPT)}).`);
    expect(await refusal([event({ status: 'entregue', receipt: { contentType: 'image/png', content: 'não é base64!' } })])).toBe(
      'Evento 1: o AR digital (receipt.content) não está em base64.',
    );
    expect(await refusal([event({ status: 'devolvido' })])).toBe(
      'Evento 1: uma carta devolvida deve trazer o motivo da devolução (reason).',
    );
    expect(await refusal([event({ status: 'extraviado' })])).toMatch(/^Evento 1: campo status inválido/);
    expect(await refusal([])).toBe('A notificação deve trazer a lista de eventos (events), de 1 a 500.');
    const notJson = await postCallback('eventos: postado');
    expect(() => adapter.parse(notJson)).toThrow('O corpo da notificação não é um JSON válido.');
  });
});

describe('GET /letters/{id}', () => {
  it('reads the tracking so far with the same checks', async () => {
    const { providerId } = await adapter.submit(letter);
    provider.letters.set(providerId, [
      event({ letterId: providerId }),
      event({ id: 'evt_2', letterId: providerId, status: 'em_transito' }),
    ]);
    const events = await adapter.track(providerId);
    expect(events.map((e) => [e.providerId, e.status, e.productStatus])).toEqual([
      [providerId, 'postado', 'send'],
      [providerId, 'em_transito', null],
    ]);
    const get = provider.received.at(-1) as Received;
    expect([get.method, get.url, get.headers['x-api-key']]).toEqual(['GET', `/letters/${providerId}`, API_KEY]);
    provider.letters.set(providerId, [event({ letterId: providerId, trackingCode: 'RA000000000BR' })]);
    await expect(adapter.track(providerId)).rejects.toBeInstanceOf(LetterCallbackRefused);
    await expect(adapter.track('ltr_inexistente')).rejects.toBeInstanceOf(PermanentProviderError);
  });
});

describe('docs/letter-provider.openapi.yaml', () => {
  it('lists the statuses, the states and the address limits the adapter and core check', async () => {
    const yaml = await fs.readFile(new URL('../../../../../../docs/letter-provider.openapi.yaml', import.meta.url), 'utf8');
    const enumAfter = (key: string) =>
      (new RegExp(`${key}:\\s*\\n?\\s*(?:type: string\\s*\\n\\s*)?enum: \\[([^\\]]+)\\]`).exec(yaml)?.[1] ?? '')
        .split(',')
        .map((s) => s.trim());
    expect(enumAfter('TrackingStatus')).toEqual([...LETTER_TRACKING_STATUSES]);
    expect(enumAfter('estado')).toEqual([...UFS]);
    for (const [field, max] of Object.entries(LETTER_LIMITS))
      expect(yaml).toMatch(new RegExp(`\\b${field}: \\{ type: [^}]*maxLength: ${max}\\b`));
  });

  it('is YAML a strict parser takes: no plain text with a comma inside a flow mapping', async () => {
    const yaml = await fs.readFile(new URL('../../../../../../docs/letter-provider.openapi.yaml', import.meta.url), 'utf8');
    // `{ description: Número, or S/N. }` splits at the comma: a YAML struct error for Redocly and others.
    const unquoted = yaml.split('\n').filter((line) => /\{[^}]*\b(?:description|summary|title): (?!["'])[^}]*,[^}]*\}/.test(line));
    expect(unquoted).toEqual([]);
  });

  it('documents the tracking callback with the answer the product gives: 204, no body', async () => {
    const yaml = await fs.readFile(new URL('../../../../../../docs/letter-provider.openapi.yaml', import.meta.url), 'utf8');
    const webhook = yaml.slice(yaml.indexOf('\nwebhooks:'), yaml.indexOf('\ncomponents:'));
    expect(webhook).toMatch(/"204": \{ description:/);
    expect(webhook).not.toMatch(/"200":/);
  });
});
