/**
 * Whether this process is working on outgoing messages (a send being queued, a batch being
 * delivered), and when it last did. The stamp worker waits for a pause in that before signing a
 * batch: stamps may lag a few seconds behind the messages, the messages should not wait for the
 * stamps (DESIGN §7 measures acceptance at the recipient's server). In process only: another
 * process's sends are not seen.
 */
let inFlight = 0;
let lastActivity = 0;

/**
 * Runs a piece of send work (queueing a send, delivering a batch) as activity: from its start to
 * its end, however long the relay takes to answer, and not only at its two ends (a batch waiting
 * on SMTP replies for longer than the quiet time had looked like a pause, and stamps cut in).
 */
export async function asSendActivity<T>(work: () => Promise<T>): Promise<T> {
  inFlight++;
  lastActivity = Date.now();
  try {
    return await work();
  } finally {
    inFlight--;
    lastActivity = Date.now();
  }
}

/**
 * Resolves once no send work is in flight and none has ended for `quietMs`, or after `maxWaitMs`
 * whatever happens (a steady stream of sends still gets its stamps, one batch at a time).
 */
export async function waitForSendPause(quietMs = 100, maxWaitMs = 15_000): Promise<void> {
  const started = Date.now();
  while ((inFlight > 0 || Date.now() - lastActivity < quietMs) && Date.now() - started < maxWaitMs) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
