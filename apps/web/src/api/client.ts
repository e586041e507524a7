import { MSG } from '@ar/core/messages';
import { showAlert, showInternalError, showOffline } from '../app/alerts.ts';
import { rememberFailedCall } from '../app/error-reporting.ts';
import { clearSession, csrfToken, getSession, rememberRoute } from '../session/session.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

/** The call never reached the server; the client has already told the user. */
export const isNetworkError = (e: unknown): boolean => e instanceof ApiError && e.status === 0;

/** Set by the router so a 401 can send the user to /login from anywhere. */
let navigateTo: (path: string) => void = (path) => window.location.assign(path);
export function setNavigator(fn: (path: string) => void) {
  navigateTo = fn;
}

/**
 * A page being left (reload, typed address, a link out) cancels its calls in flight; that is not a
 * failure to show or report. Set when the page starts unloading; cleared if it is still here a few
 * seconds later (a download, or a navigation the browser abandoned).
 */
let leavingSince = 0;
if (typeof window !== 'undefined') {
  const leaving = () => {
    leavingSince = Date.now();
  };
  window.addEventListener('beforeunload', leaving);
  window.addEventListener('pagehide', leaving);
  window.addEventListener('pageshow', () => {
    leavingSince = 0;
  });
}
const isLeaving = () => leavingSince > 0 && Date.now() - leavingSince < 5_000;

let expiring = false;
function expireSession() {
  if (expiring) return;
  expiring = true;
  const here = window.location.pathname + window.location.search;
  clearSession();
  if (window.location.pathname !== '/login') {
    rememberRoute(here);
    showAlert('Aviso', MSG.sessionExpired, () => {
      expiring = false;
    });
    navigateTo('/login');
  } else expiring = false;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null | string[] | number[]>;
  /**
   * Do not report a server's failure; the caller shows its own message. A network failure is
   * still shown by the client (spec 000 §8), on every call, since no caller can tell it better.
   */
  silent?: boolean;
}

/** The query string of a call: empty values left out, a list as the key repeated (the server's contracts read it so). */
export function toQuery(query: RequestOptions['query'] | Record<string, unknown>): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * The headers that carry the session: the session cookie goes by itself (same origin); a call that
 * changes something adds the session's CSRF token (docs/access.md).
 */
export function sessionHeaders(method: string): Record<string, string> {
  const csrf = method === 'GET' || method === 'HEAD' ? null : csrfToken();
  return csrf ? { 'x-csrf-token': csrf } : {};
}

/**
 * Every call to /v2, typed (typed-client.ts) or not (api below), goes out through here. A 401 on a
 * signed-in call ends the session ('Sessão expirada!...'); a network failure shows 'Erro Interno'
 * online or 'Conexão perdida!... Cod 31' offline, silent or not, and rejects with status 0
 * (`isNetworkError`) so the caller does not add a second message. Other failures reject with
 * ApiError carrying the server's Portuguese message. A success answers its JSON body again as a
 * fresh JSON response (null when the body was not JSON), for the caller to read.
 */
export async function sessionFetch(request: Request, silent = false): Promise<Response> {
  const session = getSession();
  const method = request.method;
  // '/v2/etiquetas/5': what the failure report names (never the query).
  const path = new URL(request.url, window.location.href).pathname;
  request.headers.set('accept', 'application/json');
  for (const [name, value] of Object.entries(sessionHeaders(method))) request.headers.set(name, value);
  let response: Response;
  try {
    response = await fetch(request);
  } catch {
    if (isLeaving()) throw new ApiError(0, MSG.internalError);
    rememberFailedCall({ method, path, status: 0 });
    const offline = navigator.onLine === false;
    if (offline) showOffline();
    else showInternalError();
    throw new ApiError(0, offline ? MSG.offline : MSG.internalError);
  }
  const isJson = response.headers.get('content-type')?.includes('application/json');
  const data: unknown = isJson ? await response.json().catch(() => null) : null;
  if (response.ok) return new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } });
  const message = (data as { message?: string } | null)?.message ?? MSG.internalError;
  const requestId = (data as { requestId?: string } | null)?.requestId;
  rememberFailedCall({ method, path, status: response.status, requestId });
  if (response.status === 401 && session) {
    expireSession();
  } else if (response.status >= 500 && !silent) {
    reportClientError(`${method} ${path.replace(/^\/v2/, '')} → ${response.status}`, requestId);
  }
  throw new ApiError(response.status, message, data);
}

/**
 * A call whose path is only known at run time (the paged table's list, given by its screen), so
 * its answer cannot be typed by the API's contracts: the caller names the type. Every other call
 * goes through the typed client (typed-client.ts).
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  const headers: Record<string, string> = opts.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {};
  const body = opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body);
  const request = new Request(new URL(`/v2${path}${toQuery(opts.query)}`, window.location.href), { method, headers, body });
  return (await (await sessionFetch(request, opts.silent)).json()) as T;
}

/**
 * Failures seen by the browser are sent to the server log, tied to the request id when known: the
 * trail an installation has even without an error-reporting service (error-reporting.ts sends to
 * that one, when configured).
 */
export function reportClientError(message: string, requestId?: string) {
  try {
    void fetch('/v2/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: message.slice(0, 2000), requestId, url: window.location.pathname }),
      keepalive: true,
    }).catch(() => {});
  } catch {
    /* reporting must never break the page */
  }
}
