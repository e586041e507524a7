import type { SessionUser } from '@ar/core';
import { useSyncExternalStore } from 'react';

/*
 * The signed-in user, the same in every tab of the browser (docs/access.md, "Sessions in every
 * tab"). The session itself is the server's HttpOnly cookie, which no script here reads; this keeps
 * what the screens show (the user, whether a new password is due) in local storage, so a tab opened
 * later renders at once, and every tab hears another tab's sign-in and sign-out (the storage event).
 * The CSRF cookie (ar_csrf, readable) lasts exactly as long as the browser's session cookie: without
 * it, what local storage holds is a past session's and counts for nothing.
 */
const USER = 'ar.user';
const MUST_CHANGE = 'ar.mustChangePassword';
const LAST_ROUTE = 'ar.lastRoute';
const CSRF_COOKIE = 'ar_csrf';

export interface Session {
  user: SessionUser;
  mustChangePassword: boolean;
}

const listeners = new Set<() => void>();
let cached: Session | null | undefined;

/** The session's CSRF token (the readable cookie the server set at sign-in), sent back on every call that changes something. */
export function csrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  for (const piece of document.cookie.split(';')) {
    const eq = piece.indexOf('=');
    if (piece.slice(0, eq).trim() === CSRF_COOKIE) return piece.slice(eq + 1).trim() || null;
  }
  return null;
}

function read(): Session | null {
  const user = localStorage.getItem(USER);
  if (!user || !csrfToken()) return null;
  try {
    return { user: JSON.parse(user) as SessionUser, mustChangePassword: localStorage.getItem(MUST_CHANGE) === '1' };
  } catch {
    return null;
  }
}

function emit() {
  cached = read();
  for (const l of listeners) l();
}

// Another tab signed in, out, or changed the user: this tab follows.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === USER || e.key === MUST_CHANGE) emit();
  });
}

export function getSession(): Session | null {
  if (cached === undefined) cached = read();
  return cached;
}

/** After a sign-in (the server has set the session's cookies). */
export function saveSession(user: SessionUser, mustChangePassword: boolean) {
  localStorage.setItem(USER, JSON.stringify(user));
  if (mustChangePassword) localStorage.setItem(MUST_CHANGE, '1');
  else localStorage.removeItem(MUST_CHANGE);
  emit();
}

export function updateSessionUser(user: SessionUser) {
  if (!getSession()) return;
  const json = JSON.stringify(user);
  if (localStorage.getItem(USER) === json) return;
  localStorage.setItem(USER, json);
  emit();
}

export function passwordChanged() {
  localStorage.removeItem(MUST_CHANGE);
  emit();
}

/** Signed out here or found expired: every tab of the browser leaves (they hear the storage event). */
export function clearSession() {
  localStorage.removeItem(USER);
  localStorage.removeItem(MUST_CHANGE);
  emit();
}

/** The last route visited inside the signed-in area, to return to after a new sign-in (this tab's). */
export function rememberRoute(path: string) {
  sessionStorage.setItem(LAST_ROUTE, path);
}
export function takeRememberedRoute(): string | null {
  const r = sessionStorage.getItem(LAST_ROUTE);
  sessionStorage.removeItem(LAST_ROUTE);
  return r;
}

export function useSession(): Session | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSession,
    () => null,
  );
}
