import { describe, expect, it } from 'vitest';
import { freePort, installationOnSink, sendTen, signInTo, startServer, useCleanups } from '../../test/processes.ts';
import { waitFor } from '../../test/smtp-sink.ts';

// The server as `npm start` runs it, sent SIGTERM right after 100 sends were accepted while a slow
// relay takes 1 s a message (docs/operations.md, "Graceful stop"): /readyz answers 503 from the
// signal on, the process exits 0 within SHUTDOWN_TIMEOUT_SECONDS plus a few seconds, and once it
// is started again each of the 100 arrives exactly once. PGlite in a data folder of its own, or,
// with TEST_DATABASE_URL, a PostgreSQL database of its own.

const MESSAGES = 100;
const SHUTDOWN_TIMEOUT_SECONDS = 25;
const cleanup = useCleanups();

describe('a graceful stop', () => {
  it('SIGTERM with 100 sends in progress to a slow relay: readyz 503, exit 0 in time, each delivered exactly once after a restart', async () => {
    const { sink, env: installation } = await installationOnSink(cleanup, 'stop', { slowMs: 1000 });
    const env = { ...installation, PORT: String(await freePort()), SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS) };
    const server = await startServer(cleanup, env);
    const token = await signInTo(server, 'pos@demo.local');
    for (let s = 0; s < MESSAGES / 10; s++) await sendTen(server, token, 'parada', s);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    // The relay has SMTP transactions under way: the stop has something in flight to finish.
    await waitFor(
      () => sink.stats.transactions,
      (n) => n > 0,
      60_000,
    );

    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // /readyz until the process is gone: 503 once the signal is handled, never 200 after a 503.
    const statuses: number[] = [];
    let gone = false;
    void exited.then(() => {
      gone = true;
    });
    while (!gone) {
      const status = await fetch(`${server.url}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status) statuses.push(status);
      await new Promise((r) => setTimeout(r, 50));
    }
    const code = await exited;
    const stoppedIn = (Date.now() - signalled) / 1000;
    const deliveredBeforeRestart = sink.messages.length;
    expect(code).toBe(0);
    expect(stoppedIn).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS + 5);
    expect(statuses).toContain(503);
    expect(statuses.slice(statuses.indexOf(503))).not.toContain(200);
    expect(deliveredBeforeRestart).toBeLessThan(MESSAGES);

    // Started again on the same data: what the stop gave back is sent now, once.
    const restarted = await startServer(cleanup, { ...env, PORT: String(await freePort()) });
    await waitFor(
      () => new Set(sink.messages.map((m) => m.parsed.messageId)).size,
      (n) => n >= MESSAGES,
      240_000,
    );
    // Time for a second copy of any of them to arrive, were one to be sent.
    await new Promise((r) => setTimeout(r, 3000));
    const ids = sink.messages.map((m) => m.parsed.messageId);
    console.log(
      `graceful stop: exit ${code} ${stoppedIn.toFixed(1)} s after SIGTERM, readyz ${statuses.join(',')}, ${deliveredBeforeRestart} delivered before the restart, ${ids.length} in all`,
    );
    expect(ids.length).toBe(MESSAGES);
    expect(new Set(ids).size).toBe(MESSAGES);
    expect(new Set(sink.messages.map((m) => m.rcptTo[0])).size).toBe(MESSAGES);
    expect(restarted.child.exitCode).toBeNull();
  }, 480_000);
});
