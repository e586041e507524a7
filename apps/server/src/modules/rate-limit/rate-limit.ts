import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { addToWindow, clearKey, trimOldWindows, windowCounts } from './rate-limit.queries.ts';

/**
 * Request limits kept in the database (table `limites`, docs/security.md), so that every server
 * process counts the same requests. A limit allows `max` events of a kind per key in a sliding
 * window of `minutes`, estimated from two fixed windows (the current one, plus the previous one
 * weighted by how much of it still overlaps): a burst at the edge of a window cannot double the
 * allowance, and a check is two small queries on the primary key.
 */
export interface Limit {
  /** What is counted: 'login', 'login-ip', 'security-answer', ... */
  kind: string;
  max: number;
  minutes: number;
}

export interface LimitState {
  /** Estimated events in the last `minutes`. */
  count: number;
  isOver: boolean;
  /** Whole minutes (at least 1) until the estimate falls below `max` again, for the message. */
  retryMinutes: number;
  /** The same wait in whole seconds (at least 1): Retry-After. */
  retrySeconds: number;
  /** Seconds until the current fixed window ends (RateLimit-Reset). */
  resetSeconds: number;
}

export async function limitState(db: Kysely<DB>, limit: Limit, key: string): Promise<LimitState> {
  const seconds = limit.minutes * 60;
  const { current, previous, elapsed } = await windowCounts(db, limit.kind, key, seconds);
  const overlap = Math.max(0, 1 - elapsed / seconds);
  const count = current + Math.floor(previous * overlap);
  // The previous window's share fades as the current one runs; at the latest the count drops at
  // the end of the next window.
  let wait = seconds - elapsed;
  if (current < limit.max && previous > 0) {
    // Seconds until previous × overlap ≤ max − current − 1.
    const room = limit.max - current - 1;
    const untilFades = seconds * (1 - room / previous) - elapsed;
    wait = Math.max(0, Math.min(wait, untilFades));
  } else if (current >= limit.max) wait += seconds;
  return {
    count,
    isOver: count >= limit.max,
    retryMinutes: Math.max(1, Math.ceil(wait / 60)),
    retrySeconds: Math.max(1, Math.ceil(wait)),
    resetSeconds: Math.max(1, Math.ceil(seconds - elapsed)),
  };
}

/** Counts `by` events (default one) of the limit's kind for the key. */
export async function countEvent(db: Kysely<DB>, limit: Limit, key: string, by = 1): Promise<void> {
  await addToWindow(db, limit.kind, key, limit.minutes * 60, by);
  // No job for the old windows: now and then a request trims them (the delete is by an index).
  if (Math.random() < 0.01) await trimOldWindows(db);
}

/** Counts one event and answers the state after it: the usual "allow N requests" check. */
export async function consume(db: Kysely<DB>, limit: Limit, key: string): Promise<LimitState> {
  const before = await limitState(db, limit, key);
  if (before.isOver) return before;
  await countEvent(db, limit, key);
  return { ...before, count: before.count + 1 };
}

/** Forgets a key's count (a successful sign-in clears its login's failures). */
export async function resetCount(db: Kysely<DB>, limit: Limit, key: string): Promise<void> {
  await clearKey(db, limit.kind, key);
}
