import { type ProviderName, providerFetch } from '../../../ops/metrics.ts';
import type { ProviderRequest } from '../channel.ts';
import { ProviderThrottledError, providerDispatcher, retryAfterMs } from './provider-pool.ts';

/** How long a provider's API may take to answer a send before the queue retries it. */
export const PROVIDER_TIMEOUT_MS = 15_000;

/** A provider's answer: its status and its body, parsed when it is JSON (else null, with the text kept). */
export interface ProviderAnswer {
  status: number;
  ok: boolean;
  json: unknown;
  text: string;
  /** The Retry-After header, if any (a 429's). */
  retryAfter: string | null;
}

/**
 * The error to throw for an answer the provider may take later: a ProviderThrottledError for a 429
 * (every send to the provider then waits Retry-After, provider-pool.ts), else a plain Error (the queue retries).
 */
export function retryableError(answer: Pick<ProviderAnswer, 'status' | 'retryAfter'>, message: string): Error {
  return answer.status === 429 ? new ProviderThrottledError(message, retryAfterMs(answer.retryAfter)) : new Error(message);
}

/**
 * One call to a provider's JSON API, timed and counted by provider and operation (docs/operations.md).
 * A network failure or a timeout throws (the queue retries).
 */
export async function callProvider(
  metric: { provider: ProviderName; operation: string },
  url: string,
  init: { method: 'GET' | 'POST' | 'PATCH'; headers: Record<string, string>; body?: unknown },
): Promise<ProviderAnswer> {
  const res = await providerFetch(metric.provider, metric.operation, url, {
    method: init.method,
    headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    // The provider's own bounded keep-alive pool (provider-pool.ts); Node's fetch takes undici's dispatcher.
    dispatcher: providerDispatcher(metric.provider),
  } as RequestInit);
  const text = await res.text();
  return { status: res.status, ok: res.ok, json: parseJson(text), text, retryAfter: res.headers.get('retry-after') };
}

/** JSON text → value; anything else → null. */
export function parseJson(text: string | Buffer): unknown {
  try {
    return JSON.parse(typeof text === 'string' ? text : text.toString('utf8'));
  } catch {
    return null;
  }
}

/** A header of a callback, whatever the case it was given in. */
export function headerOf(req: Pick<ProviderRequest, 'headers'>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(req.headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/** A plain object, or an empty one: the walk over a provider's payload never throws on a missing level. */
export function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** An E.164 number (+55…) as providers write it: digits only. */
export function digitsOf(e164: string): string {
  return e164.replace(/\D/g, '');
}

/** A provider's digits (5511…) as E.164. */
export function e164Of(digits: string): string {
  return `+${digitsOf(digits)}`;
}

/** A time the provider gave, or now when it gave none that parses (an event is never dropped for its clock). */
export function dateOr(value: Date | null): Date {
  return value && !Number.isNaN(value.getTime()) ? value : new Date();
}
