/**
 * What an error report may carry (docs/error-reporting.md): never an e-mail address, a token, a
 * password or a message's secret uuid. The server and the web run every text of a report (its
 * message, the exception's value, a path) through these before it leaves the process, so a
 * failure whose text quotes what the user typed ('duplicate key (usu_login)=(ana@x.com)') is still
 * reported, without the address.
 */

const EMAIL = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const BEARER = /\b(bearer|basic|token|senha|password|passwd|secret|verify|authorization|cookie)(\s*[:=]\s*|\s+)("?)[^\s"',;&]+/gi;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g;
/** A run of 24+ letters, digits, '-' or '_' with a digit in it: a session token, a hash, a key. */
const LONG_TOKEN = /\b(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{24,}\b/g;
/** A URL's user and password (postgres://user:pass@host, smtp://…). */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+(:[^/\s@]*)?@/gi;

export const SCRUBBED = {
  email: '[e-mail]',
  secret: '[removido]',
  uuid: '[uuid]',
  token: '[token]',
} as const;

/** One text of a report with its addresses, secrets, uuids and tokens replaced by a placeholder. */
export function scrubText(text: string): string {
  return text
    .replace(URL_CREDENTIALS, `$1${SCRUBBED.secret}@`)
    .replace(EMAIL, SCRUBBED.email)
    .replace(JWT, SCRUBBED.token)
    .replace(BEARER, (_m, word: string, sep: string, quote: string) => `${word}${sep}${quote}${SCRUBBED.secret}`)
    .replace(UUID, SCRUBBED.uuid)
    .replace(LONG_TOKEN, SCRUBBED.token);
}

/**
 * A path as a report shows it: without its query (a `?verify=` answer, a search term) and with every
 * segment that names someone or holds a secret (an e-mail, a uuid, a token) replaced. Numeric ids
 * stay: they say which screen or record failed and name no one.
 */
export function scrubPath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return bare
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // keep the raw segment
      }
      const clean = scrubText(decoded);
      return clean === decoded ? segment : clean;
    })
    .join('/');
}

/** Keys whose values never leave in a report, whatever they hold. */
const SECRET_KEY =
  /pass|senha|secret|token|cookie|authorization|verify|resposta|answer|email|e-mail|login|to$|destinat|content|conteudo|body|anexo|attachment/i;

/**
 * A report's structured data, cleaned: values under a secret key removed, every string scrubbed,
 * nesting and length bounded (a report is evidence of a failure, not a copy of the data).
 */
export function scrubData(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value.length > 2000 ? `${value.slice(0, 2000)}…` : value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 6) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrubData(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>).slice(0, 100)) {
    out[key] = SECRET_KEY.test(key) ? SCRUBBED.secret : scrubData(v, depth + 1);
  }
  return out;
}
