import type { SessionUser } from '@ar/core';
import { useSyncExternalStore } from 'react';

/** Token and user live in session storage (spec 000 §4): closing the tab ends the session. */
const TOKEN = 'ar.token';
const USER = 'ar.user';
const MUST_CHANGE = 'ar.mustChangePassword';
const LAST_ROUTE = 'ar.lastRoute';

export interface Session {
  token: string;
  user: SessionUser;
  mustChangePassword: boolean;
}

const listeners = new Set<() => void>();
let cached: Session | null | undefined;

function read(): Session | null {
  const token = sessionStorage.getItem(TOKEN);
  const user = sessionStorage.getItem(USER);
  if (!token || !user) return null;
  try {
    return { token, user: JSON.parse(user) as SessionUser, mustChangePassword: sessionStorage.getItem(MUST_CHANGE) === '1' };
  } catch {
    return null;
  }
}

function emit() {
  cached = read();
  for (const l of listeners) l();
}

export function getSession(): Session | null {
  if (cached === undefined) cached = read();
  return cached;
}

export function saveSession(token: string, user: SessionUser, mustChangePassword: boolean) {
  sessionStorage.setItem(TOKEN, token);
  sessionStorage.setItem(USER, JSON.stringify(user));
  if (mustChangePassword) sessionStorage.setItem(MUST_CHANGE, '1');
  else sessionStorage.removeItem(MUST_CHANGE);
  emit();
}

export function updateSessionUser(user: SessionUser) {
  if (!getSession()) return;
  sessionStorage.setItem(USER, JSON.stringify(user));
  emit();
}

export function passwordChanged() {
  sessionStorage.removeItem(MUST_CHANGE);
  emit();
}

export function clearSession() {
  sessionStorage.removeItem(TOKEN);
  sessionStorage.removeItem(USER);
  sessionStorage.removeItem(MUST_CHANGE);
  emit();
}

/** The last route visited inside the signed-in area, to return to after a new sign-in. */
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
