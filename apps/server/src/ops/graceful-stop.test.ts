import { describe, expect, it } from 'vitest';
import { freePort, installationEnv, startServer, useCleanups } from '../../test/processes.ts';
import { startSmtpSink, waitFor } from '../../test/smtp-sink.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

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
    const sink = await startSmtpSink({ slowMs: 1000 });
    cleanup(() => sink.close());
    const env: Record<string, string> = {
      ...(await installationEnv(cleanup, 'stop')),
      PORT: String(await freePort()),
      SEED_DEMO: 'true',
      LOGIN_DELAY_MS: '0',
      INBOUND_SMTP_PORT: '0',
      LOG_LEVEL: 'warn',
      SMTP_URL: sink.url,
      MAIL_FROM: 'AR Online <nao-responda@ar.test>',
      PUBLIC_URL: 'http://localhost:3999',
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    };
    const server = await startServer(cleanup, env);
    const login = await fetch(`${server.url}/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'pos@demo.local', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    for (let s = 0; s < MESSAGES / 10; s++) {
      const res = await fetch(`${server.url}/v2/emails/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          destinataires: Array.from({ length: 10 }, (_, k) => ({
            to: `parada${s * 10 + k}@cliente.test`,
            nameTo: `Cliente ${s * 10 + k}`,
          })),
          nameFrom: 'Cobrança',
          subject: 'Notificação',
          content: '<p>Prezado(a), segue a notificação.</p>',
        }),
      });
      expect(res.status).toBe(200);
    }
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
