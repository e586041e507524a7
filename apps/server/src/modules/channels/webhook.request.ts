import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { ProviderRequest } from './channel.ts';

/**
 * A provider's callback as the adapters take it: the bytes exactly as received (the signature is
 * over them), the headers, the query, and the full address it was posted to (PUBLIC_URL + path).
 */
export function providerRequestOf(ctx: AppContext, request: FastifyRequest): ProviderRequest {
  const headers: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(request.headers)) headers[key] = Array.isArray(value) ? value.join(', ') : value;
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>))
    if (typeof value === 'string') query[key] = value;
  return {
    method: request.method === 'GET' ? 'GET' : 'POST',
    url: `${ctx.config.publicUrl}${request.url}`,
    headers,
    rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    form: {},
    query,
  };
}
