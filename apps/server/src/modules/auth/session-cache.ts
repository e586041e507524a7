import type { Actor } from './actor.ts';

/**
 * Sessions looked up in the last few seconds, by token hash: a screen's requests come in bursts,
 * and the session query was one of the few queries of a list request. An entry lives at most
 * SESSION_CACHE_MS and never past the session's own expiry. Every write that can change an actor
 * (logout, password change, blocking, a user's or an entity's edit) empties the cache of this
 * process (`forgetCachedSessions`); another process of the same installation — or a request that
 * read the session while such a write's transaction was still open — sees the change at most
 * SESSION_CACHE_MS later.
 */
const SESSION_CACHE_MS = 5_000;
const MAX_CACHED = 10_000;
const cache = new Map<string, { actor: Actor; until: number }>();

export function cachedSession(tokenHash: string): Actor | undefined {
  const hit = cache.get(tokenHash);
  if (!hit) return undefined;
  if (hit.until > Date.now()) return hit.actor;
  cache.delete(tokenHash);
  return undefined;
}

export function cacheSession(actor: Actor, expires: Date): void {
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(actor.tokenHash, { actor, until: Math.min(Date.now() + SESSION_CACHE_MS, new Date(expires).getTime()) });
}

export function forgetCachedSessions(): void {
  cache.clear();
}
