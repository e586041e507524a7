import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose value is a secret of the visitor's and never goes to the log: `verify`,
 * the security answer of the public page (spec 002 §2, docs/security-answer.md). Compared as the query
 * parser reads the name (percent-decoded) and in any case, so `?Verify=` and `?ver%69fy=` are
 * hidden too.
 */
const SECRET_QUERY_NAMES = new Set(['verify']);
export const REDACTED = '[oculto]';

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** The URL as it may be logged: each secret parameter's value replaced by [oculto]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      return SECRET_QUERY_NAMES.has(decodedName(name).trim().toLowerCase()) ? `${name}=${REDACTED}` : part;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${redacted}`;
}

/** A text that may hold URLs (a log message such as Fastify's 'Route GET:/… not found'), each secret parameter's value hidden. */
export function redactText(text: string): string {
  return text.replace(/([?&])([^=&?#\s]+)=([^&#\s]*)/g, (whole, sep: string, name: string) =>
    SECRET_QUERY_NAMES.has(decodedName(name).trim().toLowerCase()) ? `${sep}${name}=${REDACTED}` : whole,
  );
}

/** Fastify's request serializer (lib/logger-pino.js) with the URL redacted. */
function request(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

/**
 * The logger options the app is built with, plus the redacting request serializer and message hook:
 * every log line of a request (incoming, completed, errors, not found) shows the URL without the
 * security answer.
 */
export function withLogRedaction(logger: boolean | object): boolean | object {
  if (logger === false) return false;
  const options = logger === true ? {} : (logger as { serializers?: Record<string, unknown>; hooks?: Record<string, unknown> });
  return {
    ...options,
    serializers: { ...options.serializers, req: request },
    hooks: {
      ...options.hooks,
      // The message texts too: Fastify's own 404 writes the raw URL into its message.
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        return method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
        );
      },
    },
  };
}
