import { useCallback, useRef, useState } from 'react';

/**
 * Which of a screen's long actions are running (a proof, a laudo, a report, a file being
 * generated and downloaded), by key: the button of a running one shows Mantine's loading state, so a
 * person sees the work going on, and a second click does not start it again. `work` reports its own
 * failure (the screen's Portuguese message); the key is freed however it ends.
 */
export function useBusy() {
  const running = useRef(new Set<string>());
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const run = useCallback(async (key: string, work: () => Promise<unknown>) => {
    if (running.current.has(key)) return;
    running.current.add(key);
    setBusy(new Set(running.current));
    try {
      await work();
    } finally {
      running.current.delete(key);
      setBusy(new Set(running.current));
    }
  }, []);
  const isBusy = useCallback((key: string) => busy.has(key), [busy]);
  return { run, isBusy };
}
