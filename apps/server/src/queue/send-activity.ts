/**
 * When this process last worked on outgoing messages (a send being queued, a batch being
 * delivered). The stamp worker waits for a pause in that before signing a batch: stamps may lag a
 * few seconds behind the messages, the messages should not wait for the stamps (DESIGN §7 measures
 * acceptance at the recipient's server). In process only: another process's sends are not seen.
 */
let lastActivity = 0;

export function markSendActivity(): void {
  lastActivity = Date.now();
}

/**
 * Resolves once no send has been active for `quietMs`, or after `maxWaitMs` whatever happens (a
 * steady stream of sends still gets its stamps, one batch at a time).
 */
export async function waitForSendPause(quietMs = 300, maxWaitMs = 15_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - lastActivity < quietMs && Date.now() - started < maxWaitMs) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(quietMs, 100)));
  }
}
