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

/**
 * A Set-Cookie value only the server reads: HttpOnly (out of the page's scripts), SameSite=Strict
 * (sent only by the product's own pages), Secure when PUBLIC_URL is https, for `path` and below.
 * Without `maxAge` it lasts the browser's session.
 */
export function strictCookie(name: string, value: string, opts: { path: string; maxAge?: number; publicUrl: string }): string {
  const maxAge = opts.maxAge === undefined ? '' : `; Max-Age=${opts.maxAge}`;
  const secure = opts.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${name}=${value}${maxAge}; Path=${opts.path}; HttpOnly; SameSite=Strict${secure}`;
}
