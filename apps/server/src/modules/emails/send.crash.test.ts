import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { crash, freePort, installationOnSink, sendTen, signInTo, startServer, useCleanups } from '../../../test/processes.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { loadConfig } from '../../config.ts';
import { createRuntime, type Runtime } from '../../runtime.ts';
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
    const { sink, env: installation } = await installationOnSink(cleanup, 'crash');
    const env = { ...installation, PORT: String(await freePort()) };
    const server = await startServer(cleanup, env);

    // Every message queued while the sink holds them, so that the kill lands mid-drain.
    sink.hold();
    const token = await signInTo(server, 'pos@demo.local');
    const sends = Array.from({ length: MESSAGES / 10 }, (_, s) => s);
    const post = (s: number) => sendTen(server, token, 'queda', s);
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
