import type { Actor } from './actor.ts';

/**
 * Sessions looked up in the last few seconds, by token hash: a screen's requests come in bursts,
 * and the session query was one of the few queries of a list request. An entry lives at most
 * SESSION_CACHE_MS and never past the session's own expiry.
 *
 * Every write that can change an actor (logout, password change, blocking, a user's or an entity's
 * edit) calls `forgetSessions(db)` (auth.queries.ts): it empties this process's cache at once and,
 * through `pg_notify('ar_sessoes')` on the same connection, every other process's when the write
 * commits (NOTIFY inside a transaction is delivered at its commit). The other processes listen with
 * `listenForSessionChanges` (runtime.ts, PostgreSQL only; docs/scale.md). While a process of a
 * PostgreSQL installation is not listening (before its listener connects, or after it lost its
 * connection until it is back), it does not cache at all: a cached session is never older than the
 * last change another process committed, plus the notification's delivery.
 */
const SESSION_CACHE_MS = 5_000;
const MAX_CACHED = 10_000;
export const SESSIONS_CHANNEL = 'ar_sessoes';
const cache = new Map<string, { actor: Actor; until: number }>();

/** 'local': one process (PGlite, tests); 'listening' / 'deaf': a PostgreSQL installation's listener state. */
let mode: 'local' | 'listening' | 'deaf' = 'local';

export function cachedSession(tokenHash: string): Actor | undefined {
  if (mode === 'deaf') return undefined;
  const hit = cache.get(tokenHash);
  if (!hit) return undefined;
  if (hit.until > Date.now()) return hit.actor;
  cache.delete(tokenHash);
  return undefined;
}

export function cacheSession(actor: Actor, expires: Date): void {
  if (mode === 'deaf') return;
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(actor.tokenHash, { actor, until: Math.min(Date.now() + SESSION_CACHE_MS, new Date(expires).getTime()) });
}

/** Empties this process's cache (forgetSessions in auth.queries.ts also tells the other processes). */
export function forgetCachedSessions(): void {
  cache.clear();
}

/** A listener's connection came up (caching allowed) or went down (no caching until it is back). */
export function setSessionListening(listening: boolean): void {
  mode = listening ? 'listening' : 'deaf';
  cache.clear();
}

/** Back to one process (a PostgreSQL runtime closed): caching as before, with nothing kept. */
export function resetSessionCacheMode(): void {
  mode = 'local';
  cache.clear();
}
