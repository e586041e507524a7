/**
 * The product's few cookies (the public page's answer cookies, the /dev session): read from the
 * request's Cookie header and written as Set-Cookie values the page's scripts cannot read. Browsers
 * send `name=value` pairs separated by `;` (RFC 6265 §5.4); a name may come more than once (cookies
 * of different paths), the most specific path first.
 */

/** The `[name, value]` pairs of a Cookie header, in order, each trimmed; a piece without a name is skipped. */
export function cookiePairs(header: string | undefined): [string, string][] {
  const pairs: [string, string][] = [];
  for (const piece of (header ?? '').split(';')) {
    const eq = piece.indexOf('=');
    const name = eq < 0 ? '' : piece.slice(0, eq).trim();
    if (name) pairs.push([name, piece.slice(eq + 1).trim()]);
  }
  return pairs;
}

/** The value of cookie `name` in a Cookie header (the first one sent), or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  return cookiePairs(header).find(([n]) => n === name)?.[1] ?? null;
}

export interface CookieOptions {
  path: string;
  /** Seconds; 0 removes the cookie. Without it the cookie lasts the browser's session. */
  maxAge?: number;
  publicUrl: string;
  /** Lax only where a cross-site top-level navigation must carry it (the single sign-on's return); Strict otherwise. */
  sameSite?: 'Strict' | 'Lax';
  /** The page's scripts may read it (the CSRF token's double submit); HttpOnly otherwise. */
  scriptReadable?: boolean;
}

/**
 * A Set-Cookie value: HttpOnly (out of the page's scripts) unless `scriptReadable`, SameSite=Strict
 * (sent only by the product's own pages) unless `sameSite: 'Lax'`, Secure when PUBLIC_URL is https,
 * for `path` and below. Without `maxAge` it lasts the browser's session.
 */
export function serverCookie(name: string, value: string, opts: CookieOptions): string {
  const maxAge = opts.maxAge === undefined ? '' : `; Max-Age=${opts.maxAge}`;
  const secure = opts.publicUrl.startsWith('https:') ? '; Secure' : '';
  const httpOnly = opts.scriptReadable ? '' : '; HttpOnly';
  return `${name}=${value}${maxAge}; Path=${opts.path}${httpOnly}; SameSite=${opts.sameSite ?? 'Strict'}${secure}`;
}

/** A Set-Cookie value only the server reads, sent only by the product's own pages (serverCookie's defaults). */
export function strictCookie(name: string, value: string, opts: { path: string; maxAge?: number; publicUrl: string }): string {
  return serverCookie(name, value, opts);
}
