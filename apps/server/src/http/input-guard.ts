import { MSG } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Whether a request value holds a NUL byte in any string, object key or array item. PostgreSQL
 * cannot store U+0000 in text ('invalid byte sequence', 22021) and no field of the API needs it.
 * Walked without recursion, so a deeply nested body cannot overflow the stack.
 */
export function hasNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      stack.push(...v);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * The check every route gets before its own validation (a hook on the root instance, so a route
 * added later cannot skip it): a NUL byte in the path, the query, the parsed body or a header is a
 * 400 with a Portuguese message, before any handler or query sees it.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body) || hasNul(request.headers)) {
      throw new AppError(400, MSG.invalidCharacters);
    }
  });
}
