import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { crash, freePort, installationEnv, startServer, useCleanups } from '../../../test/processes.ts';
import { startSmtpSink, waitFor } from '../../../test/smtp-sink.ts';
import { loadConfig } from '../../config.ts';
import { createRuntime, type Runtime } from '../../runtime.ts';
import { DEMO_PASSWORD } from '../../seed/demo.ts';
import { SEND_SLOTS } from './send.slots.ts';
import { EMAIL_SEND_QUEUE } from './send.worker.ts';

// The server as `npm start` runs it, killed with SIGKILL while it drains 1,000 messages to a real
// SMTP sink, then started again on the same database: every message arrives, and at most one per
// send slot of the killed server arrives twice (docs/send-pipeline.md, "Crash window").
// PGlite in a data folder of its own, or, with TEST_DATABASE_URL, a PostgreSQL database of its own.

const MESSAGES = 1000;
const KILL_AFTER = 300;
const cleanup = useCleanups();

describe('a crash mid-drain', () => {
  it('kill -9 while 1,000 messages drain: all delivered after a restart, at most one duplicate per send slot', async () => {
    const sink = await startSmtpSink();
    cleanup(() => sink.close());
    const env: Record<string, string> = {
      ...(await installationEnv(cleanup, 'crash')),
      PORT: String(await freePort()),
      SEED_DEMO: 'true',
      LOGIN_DELAY_MS: '0',
      INBOUND_SMTP_PORT: '0',
      LOG_LEVEL: 'warn',
      SMTP_URL: sink.url,
      MAIL_FROM: 'AR Online <nao-responda@ar.test>',
      PUBLIC_URL: 'http://localhost:3999',
    };
    const server = await startServer(cleanup, env);

    // Every message queued while the sink holds them, so that the kill lands mid-drain.
    sink.hold();
    const login = await fetch(`${server.url}/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'pos@demo.local', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const sends = Array.from({ length: MESSAGES / 10 }, (_, s) => s);
    const post = async (s: number) => {
      const res = await fetch(`${server.url}/v2/emails/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          destinataires: Array.from({ length: 10 }, (_, k) => ({ to: `queda${s * 10 + k}@cliente.test`, nameTo: `Cliente ${s * 10 + k}` })),
          nameFrom: 'Cobrança',
          subject: 'Notificação',
          content: '<p>Prezado(a), segue a notificação.</p>',
        }),
      });
      expect(res.status).toBe(200);
    };
    for (let i = 0; i < sends.length; i += 5) await Promise.all(sends.slice(i, i + 5).map(post));

    sink.release();
    await waitFor(
      () => sink.messages.length,
      (n) => n >= KILL_AFTER,
      60_000,
    );
    await crash(server.child);
    const beforeCrash = sink.messages.length;
    expect(beforeCrash).toBeLessThan(MESSAGES);

    // The same installation started again (in this process, to read its queue).
    const restarted = Date.now();
    const runtime: Runtime = await createRuntime(loadConfig(env), { serveWeb: false });
    cleanup(() => runtime.close());
    const bossSchema = runtime.database.schema ? `${runtime.database.schema}_boss` : 'pgboss';
    const unfinished = async () =>
      Number(
        (
          await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(`${bossSchema}.job`)}
            WHERE name = ${EMAIL_SEND_QUEUE} AND state IN ('created', 'retry', 'active')`.execute(runtime.ctx.db)
        ).rows[0]?.n,
      );
    await waitFor(unfinished, (n) => n === 0, 100_000);
    const recovered = (Date.now() - restarted) / 1000;

    const ids = sink.messages.map((m) => m.parsed.messageId);
    const duplicates = ids.length - new Set(ids).size;
    console.log(
      `crash test (${runtime.database.kind}): ${beforeCrash} accepted before the kill, ${ids.length} in all, ${duplicates} sent twice, queue empty ${recovered.toFixed(1)} s after the restart`,
    );
    expect(new Set(ids).size).toBe(MESSAGES);
    expect(new Set(sink.messages.map((m) => m.rcptTo[0])).size).toBe(MESSAGES);
    expect(duplicates).toBeLessThanOrEqual(SEND_SLOTS);
    const events = await runtime.ctx.db
      .selectFrom('email_eventos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('evt_tipo', '=', 'send')
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(MESSAGES);
  }, 480_000);
});
