import { createHash, createHmac } from 'node:crypto';
import { isS10, normalizeS10 } from '@ar/core';
import { z } from 'zod';
import { providerFetch } from '../../../ops/metrics.ts';
import { PermanentProviderError, type ProviderRequest } from '../channel.ts';
import { sameSignature } from '../signatures.ts';
import {
  type DigitalReceipt,
  LETTER_STATUS_OF,
  LETTER_TRACKING_STATUSES,
  type LetterAcceptance,
  LetterCallbackRefused,
  type LetterProvider,
  type LetterTrackingEvent,
  type OutgoingLetter,
} from './letter-provider.ts';

/**
 * The HTTP letter provider (docs/letter-provider.openapi.yaml): the contract the product speaks to
 * a hybrid-mail provider, or to an adapter in front of one (the Correios' e-Carta, whose API comes
 * with a commercial contract).
 *
 * - POST {LETTER_API_URL}/letters, JSON with the PDF in base64, its SHA-256 and the address; the
 *   key in `X-Api-Key` (LETTER_API_KEY) and the message's uuid in `Idempotency-Key`.
 * - GET {LETTER_API_URL}/letters/{id}: the letter and its tracking so far.
 * - The callbacks the provider posts: `{ events: [...] }`, signed `X-Letter-Signature:
 *   sha256=<hex HMAC-SHA256 of the raw body>` with LETTER_WEBHOOK_SECRET.
 */
export interface HttpLetterOptions {
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
  /** A request's time limit (30 s): a provider that does not answer is retried by the queue. */
  timeoutMs?: number;
}

/** `X-Letter-Signature`: 'sha256=' + the hex HMAC-SHA256 of the raw body, keyed with LETTER_WEBHOOK_SECRET. */
export const letterSignature = (secret: string, rawBody: Buffer | string) =>
  `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

export const LETTER_SIGNATURE_HEADER = 'x-letter-signature';

/** The largest digital AR taken inline (decoded): a scanned receipt is well under 1 MB. */
const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
const RECEIPT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'deve ser o SHA-256 em hexadecimal (64 caracteres minúsculos)');
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const receiptSchema = z.union([
  z.object({ contentType: z.enum(RECEIPT_TYPES), content: z.string().min(4), sha256: hex64.optional() }).strict(),
  z.object({ contentType: z.enum(RECEIPT_TYPES), url: z.url({ protocol: /^https?$/ }), sha256: hex64 }).strict(),
]);

const eventSchema = z.object({
  id: z.string().min(1).max(200),
  letterId: z.string().min(1).max(200),
  status: z.enum(LETTER_TRACKING_STATUSES),
  trackingCode: z.string().max(32),
  occurredAt: z.iso.datetime({ offset: true }),
  location: z.string().max(200).nullish(),
  reason: z.string().max(500).nullish(),
  receipt: receiptSchema.nullish(),
});
type WireEvent = z.output<typeof eventSchema>;

const callbackSchema = z.object({ events: z.array(z.unknown()).min(1).max(500) });
const acceptanceSchema = z.object({ id: z.string().min(1).max(200) });
const letterSchema = z.object({ id: z.string().min(1).max(200), events: z.array(z.unknown()).max(500) });

/**
 * The events of a callback or of GET /letters/{id}, each checked: the contract's shape, the
 * tracking code an S10 code of the Correios (BR), a reason for 'devolvido', the digital AR for
 * 'entregue' with bytes that match its hash. The first problem refuses them all.
 */
export function parseLetterEvents(items: unknown[]): LetterTrackingEvent[] {
  return items.map((item, i) => {
    const n = i + 1;
    const parsed = eventSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new LetterCallbackRefused(`Evento ${n}: campo ${issue?.path.join('.') || '(evento)'} inválido: ${issue?.message ?? ''}`.trim());
    }
    const e = parsed.data;
    if (!isS10(e.trackingCode))
      throw new LetterCallbackRefused(
        `Evento ${n}: código de rastreamento inválido "${e.trackingCode}": não é um código S10 dos Correios (duas letras, oito dígitos, o dígito verificador e BR).`,
      );
    if (e.status === 'devolvido' && !e.reason?.trim())
      throw new LetterCallbackRefused(`Evento ${n}: uma carta devolvida deve trazer o motivo da devolução (reason).`);
    if (e.status === 'entregue' && !e.receipt)
      throw new LetterCallbackRefused(`Evento ${n}: uma carta entregue deve trazer o AR digital (receipt), a imagem do recibo assinado.`);
    const receipt = e.receipt ? digitalReceipt(e.receipt, n) : undefined;
    return {
      eventKey: e.id,
      providerId: e.letterId,
      trackingCode: normalizeS10(e.trackingCode),
      status: e.status,
      productStatus: LETTER_STATUS_OF[e.status],
      at: new Date(e.occurredAt),
      location: e.location ?? null,
      ...(e.status === 'devolvido' ? { reason: e.reason?.trim() } : {}),
      ...(receipt ? { receipt } : {}),
      raw: withoutReceiptBytes(e, receipt),
    };
  });
}

function digitalReceipt(r: NonNullable<WireEvent['receipt']>, n: number): DigitalReceipt {
  if ('url' in r) return { kind: 'url', contentType: r.contentType, url: r.url, sha256: r.sha256 };
  if (r.content.length % 4 !== 0 || !BASE64.test(r.content))
    throw new LetterCallbackRefused(`Evento ${n}: o AR digital (receipt.content) não está em base64.`);
  const data = Buffer.from(r.content, 'base64');
  if (data.length > RECEIPT_MAX_BYTES) throw new LetterCallbackRefused(`Evento ${n}: o AR digital passa de 10 MB.`);
  const sha256 = createHash('sha256').update(data).digest('hex');
  if (r.sha256 && r.sha256 !== sha256)
    throw new LetterCallbackRefused(`Evento ${n}: o SHA-256 do AR digital não confere com o seu conteúdo (${sha256}).`);
  return { kind: 'inline', contentType: r.contentType, data, sha256 };
}

/** The event as received, an inline receipt's bytes replaced by their size and hash (they are kept as a file). */
function withoutReceiptBytes(e: WireEvent, receipt: DigitalReceipt | undefined): unknown {
  if (!e.receipt || !receipt || receipt.kind !== 'inline') return e;
  return { ...e, receipt: { contentType: receipt.contentType, sha256: receipt.sha256, bytes: receipt.data.length } };
}

export class HttpLetterProvider implements LetterProvider {
  readonly name = 'http' as const;
  private readonly base: string;

  constructor(private readonly opts: HttpLetterOptions) {
    this.base = opts.apiUrl.replace(/\/+$/, '');
  }

  async submit(letter: OutgoingLetter): Promise<LetterAcceptance> {
    const body = {
      reference: String(letter.protocol),
      document: {
        contentType: 'application/pdf',
        sha256: letter.sha256,
        pages: letter.pages,
        content: letter.pdf.toString('base64'),
      },
      recipient: letter.address,
      service: 'carta_registrada_ar_digital',
      callbackUrl: letter.callbackUrl,
    };
    const res = await this.request('POST', '/letters', {
      headers: { 'content-type': 'application/json', 'idempotency-key': letter.uuid },
      body: JSON.stringify(body),
    });
    const answer = await readJson(res);
    if (res.status === 200 || res.status === 201) {
      const ok = acceptanceSchema.safeParse(answer);
      if (!ok.success) throw new Error(`letter provider: an acceptance without an id (${res.status})`);
      return { providerId: ok.data.id, raw: answer };
    }
    throw refusalOrRetry(res.status, answer);
  }

  verify(req: ProviderRequest): boolean {
    return sameSignature(req.headers[LETTER_SIGNATURE_HEADER], letterSignature(this.opts.webhookSecret, req.rawBody));
  }

  parse(req: ProviderRequest): LetterTrackingEvent[] {
    let body: unknown;
    try {
      body = JSON.parse(req.rawBody.toString('utf8'));
    } catch {
      throw new LetterCallbackRefused('O corpo da notificação não é um JSON válido.');
    }
    const parsed = callbackSchema.safeParse(body);
    if (!parsed.success) throw new LetterCallbackRefused('A notificação deve trazer a lista de eventos (events), de 1 a 500.');
    return parseLetterEvents(parsed.data.events);
  }

  async track(providerId: string): Promise<LetterTrackingEvent[]> {
    const res = await this.request('GET', `/letters/${encodeURIComponent(providerId)}`, {});
    const answer = await readJson(res);
    if (res.status !== 200) throw refusalOrRetry(res.status, answer);
    const parsed = letterSchema.safeParse(answer);
    if (!parsed.success || parsed.data.id !== providerId)
      throw new Error(`letter provider: GET /letters/${providerId} answered another shape`);
    return parseLetterEvents(parsed.data.events);
  }

  private request(method: 'GET' | 'POST', path: string, init: { headers?: Record<string, string>; body?: string }): Promise<Response> {
    // Timed and counted as the letter provider's (docs/operations.md); the operation is the method, never the path's ids.
    return providerFetch('carta', method === 'POST' ? 'submit' : 'track', `${this.base}${path}`, {
      method,
      headers: { accept: 'application/json', 'x-api-key': this.opts.apiKey, ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000),
    });
  }
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text.slice(0, 500);
  }
}

/**
 * A 4xx other than 408 and 429 is the provider refusing this letter for good (a bad address, a
 * PDF it cannot print, a wrong key): the message ends in 'erro' with the provider's words. Anything
 * else (5xx, 408, 429) is retried by the queue.
 */
function refusalOrRetry(status: number, answer: unknown): Error {
  const message =
    answer && typeof answer === 'object' && typeof (answer as { message?: unknown }).message === 'string'
      ? (answer as { message: string }).message
      : typeof answer === 'string'
        ? answer
        : '';
  if (status >= 400 && status < 500 && status !== 408 && status !== 429)
    return new PermanentProviderError(`O provedor de cartas recusou a carta (HTTP ${status})${message ? `: ${message}` : '.'}`, answer);
  return new Error(`letter provider: HTTP ${status} ${message}`.trim());
}
