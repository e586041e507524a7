import type { EmailStatusChange, EmailStatusPush, NotifyByProofs, TotalAlertas } from '@ar/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * What the realtime socket told this tab (docs/realtime.md): the unread totals per sector, and the
 * events screens follow. Kept apart from the socket itself (socket.ts), so a screen subscribing
 * here never loads socket.io-client: only the signed-in frame does, lazily.
 */
export const NO_ALERTS: TotalAlertas = { comprovante: 0, email: 0, sms: 0, whatsapp: 0 };

let totals: TotalAlertas = NO_ALERTS;
const totalListeners = new Set<() => void>();

export function setTotalAlertas(next: TotalAlertas) {
  totals = next;
  for (const l of totalListeners) l();
}

/** The unread notifications per sector (`comprovante` counts the proofs ready and not yet seen). */
export function useTotalAlertas(): TotalAlertas {
  return useSyncExternalStore(
    (l) => {
      totalListeners.add(l);
      return () => totalListeners.delete(l);
    },
    () => totals,
    () => NO_ALERTS,
  );
}

/**
 * `emailStatus` pushes, and `null` after the socket (re)connects: then anything may have changed
 * while it was away, and a screen reloads what it shows.
 */
type StatusListener = (push: EmailStatusPush | null) => void;
const statusListeners = new Set<StatusListener>();
const proofListeners = new Set<(p: NotifyByProofs) => void>();

export function dispatchEmailStatus(push: EmailStatusPush | null) {
  for (const l of statusListeners) l(push);
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

/** Calls `listener` when one of the user's bulk proofs is ready (`notifyByProofs`; the reference is the proof's id). */
export function useProofReady(listener: (p: NotifyByProofs) => void) {
  useSubscription(proofListeners, listener);
}

/**
 * Reloads the queries under `queryKey` when a status of the user's messages changes (`matches`
 * picks the changes that concern the screen) or the socket comes back after a loss. A burst (a
 * batch of sends turning to Enviado) reloads once, REFRESH_DELAY_MS after its first push.
 */
export const REFRESH_DELAY_MS = 300;
export function useRefreshOnEmailStatus(queryKey: readonly unknown[], matches: (change: EmailStatusChange) => boolean = () => true) {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const key = useRef(queryKey);
  key.current = queryKey;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useEmailStatusPush((push) => {
    if (push && !push.emails.some(matches)) return;
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.invalidateQueries({ queryKey: key.current });
    }, REFRESH_DELAY_MS);
  });
}
