import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type Config, installationKey } from '../../config.ts';
import { cookieValue, serverCookie } from '../../http/cookies.ts';

/*
 * The web's session (docs/access.md, "Sessions in every tab"): the session token travels in an
 * HttpOnly cookie every tab of the browser sends and no script can read, SameSite=Strict (another
 * site's page never sends it), for the browser's session. Calls that change something must also
 * carry the session's CSRF token in a header (a signed double submit): the token is an HMAC of the
 * session, given in a cookie the page's scripts read (`ar_csrf`), which a page of another origin can
 * neither read nor forge. API clients keep using `Authorization: Bearer`, which needs neither.
 */

export const SESSION_COOKIE = 'ar_sessao';
export const CSRF_COOKIE = 'ar_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const CSRF_LABEL = 'session-csrf';

/** The CSRF token of a session: an HMAC of its token's hash, the same in every tab and useless outside the session. */
export function csrfToken(config: Pick<Config, 'dataDir'>, tokenHash: string): string {
  return createHmac('sha256', installationKey(config.dataDir, CSRF_LABEL)).update(tokenHash).digest('base64url');
}

/** The Set-Cookie values of a new session: its token (HttpOnly) and its CSRF token (read by the page). */
export function sessionCookies(config: Pick<Config, 'dataDir' | 'publicUrl'>, token: string, tokenHash: string): string[] {
  const base = { path: '/', publicUrl: config.publicUrl };
  return [
    serverCookie(SESSION_COOKIE, token, base),
    serverCookie(CSRF_COOKIE, csrfToken(config, tokenHash), { ...base, scriptReadable: true }),
  ];
}

/** The Set-Cookie values that remove both (sign-out). */
export function endedSessionCookies(config: Pick<Config, 'publicUrl'>): string[] {
  const base = { path: '/', publicUrl: config.publicUrl, maxAge: 0 };
  return [serverCookie(SESSION_COOKIE, '', base), serverCookie(CSRF_COOKIE, '', { ...base, scriptReadable: true })];
}

/** The session token of a Cookie header, or null. */
export const cookieSessionToken = (cookieHeader: string | undefined): string | null => cookieValue(cookieHeader, SESSION_COOKIE);

/** Whether a method changes nothing (no CSRF token needed). */
export const isSafeMethod = (request: FastifyRequest): boolean =>
  request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
