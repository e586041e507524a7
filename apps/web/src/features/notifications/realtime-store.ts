import {
  type EmailStatusChange,
  type EmailStatusPush,
  isNewerTotals,
  type NotifyByProofs,
  type RemessaStatusPush,
  type TotalAlertas,
} from '@ar/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * What the realtime socket told this tab (docs/realtime.md): the unread totals per sector, and the
 * events screens follow. Kept apart from the socket itself (socket.ts), so a screen subscribing
 * here never loads socket.io-client: only the signed-in frame does, lazily.
 */
export const NO_ALERTS: TotalAlertas = { comprovante: 0, email: 0, sms: 0, whatsapp: 0, versao: '' };

/** A value the socket sets and screens read (useSyncExternalStore); listeners run only on a change. */
function externalValue<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  };
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const l of listeners) l();
    },
    use: (): T =>
      useSyncExternalStore(
        subscribe,
        () => value,
        () => initial,
      ),
  };
}

const totals = externalValue<TotalAlertas>(NO_ALERTS);
/**
 * Totals from the socket or an HTTP answer. They were read by different requests and arrive in any
 * order (a clear's answer after a push read before it): the ones read in an older snapshot than
 * those on screen are dropped (`isNewerTotals`). `reset` takes them whatever their version: a new
 * connection's first totals, or signing out.
 */
export function setTotalAlertas(next: TotalAlertas, opts: { reset?: boolean } = {}) {
  if (opts.reset || isNewerTotals(next, totals.get())) totals.set(next);
}
/** The unread notifications per sector (`comprovante` counts the proofs ready and not yet seen). */
export const useTotalAlertas = totals.use;

/**
 * Whether the socket is connected and signed in (its user's room joined, so pushes arrive). A
 * screen that follows something live polls only while this is false (docs/realtime.md).
 */
const connected = externalValue(false);
export const setRealtimeConnected = connected.set;
export const useRealtimeConnected = connected.use;

/**
 * `emailStatus` and `remessaStatus` pushes, and `null` after the socket (re)connects: then
 * anything may have changed while it was away, and a screen reloads what it shows.
 */
type StatusListener = (push: EmailStatusPush | null) => void;
type RemessaListener = (push: RemessaStatusPush | null) => void;
const statusListeners = new Set<StatusListener>();
const remessaListeners = new Set<RemessaListener>();
const proofListeners = new Set<(p: NotifyByProofs) => void>();

export function dispatchEmailStatus(push: EmailStatusPush | null) {
  for (const l of statusListeners) l(push);
}
export function dispatchRemessaStatus(push: RemessaStatusPush | null) {
  for (const l of remessaListeners) l(push);
}
export function dispatchProofReady(p: NotifyByProofs) {
  for (const l of proofListeners) l(p);
}

function useSubscription<T>(set: Set<(v: T) => void>, listener: (v: T) => void) {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const l = (v: T) => latest.current(v);
    set.add(l);
    return () => {
      set.delete(l);
    };
  }, [set]);
}

/** Calls `listener` with each status change of the user's messages (null: reload, the socket was away). */
export function useEmailStatusPush(listener: StatusListener) {
  useSubscription(statusListeners, listener);
}

/** Calls `listener` with each change of the user's batch files (null: reload, the socket was away). */
export function useRemessaStatusPush(listener: RemessaListener) {
  useSubscription(remessaListeners, listener);
}

/** Calls `listener` when one of the user's bulk proofs is ready (`notifyByProofs`; the reference is the proof's id). */
export function useProofReady(listener: (p: NotifyByProofs) => void) {
  useSubscription(proofListeners, listener);
}

/**
 * A reload of the queries under `queryKeys` that runs once, REFRESH_DELAY_MS after the first call
 * of a burst (a batch of sends turning to Enviado, a file's slices queued one after another).
 */
export const REFRESH_DELAY_MS = 300;
export function useDebouncedRefresh(queryKeys: readonly (readonly unknown[])[]): () => void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const keys = useRef(queryKeys);
  keys.current = queryKeys;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  return () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      for (const queryKey of keys.current) void client.invalidateQueries({ queryKey });
    }, REFRESH_DELAY_MS);
  };
}

/**
 * Reloads the queries under `queryKey` when a status of the user's messages changes (`matches`
 * picks the changes that concern the screen) or the socket comes back after a loss, once a burst.
 */
export function useRefreshOnEmailStatus(queryKey: readonly unknown[], matches: (change: EmailStatusChange) => boolean = () => true) {
  const refresh = useDebouncedRefresh([queryKey]);
  useEmailStatusPush((push) => {
    if (push && !push.emails.some(matches)) return;
    refresh();
  });
}
