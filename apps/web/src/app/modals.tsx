import { lazy, Suspense, useSyncExternalStore } from 'react';

// Mantine's modals (the provider, Modal, its scroll area, focus trap and transitions: ~17 KB gzip)
// load on first need rather than with every page: the first alert, or the providers of every screen
// but the login (AppProviders). The login screen loads them only to show an error
// (docs/performance.md, web budget).
const ModalsHost = lazy(() => import('./ModalsHost.tsx'));

let wanted = false;
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});
const listeners = new Set<() => void>();

/** Loads and mounts the modals' provider once; resolves when `modals.open` will be shown. */
export function ensureModals(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  return ready;
}

/** The place of the one ModalsProvider, beside the router: empty until ensureModals() is called. */
export function ModalsSlot() {
  const show = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <ModalsHost onReady={markReady} />
    </Suspense>
  );
}
