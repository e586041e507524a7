import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  callServer,
  crash,
  freePort,
  installationOnSink,
  type ServerProcess,
  sendTen,
  signInTo,
  startServer,
  useCleanups,
} from '../test/processes.ts';
import { waitFor } from '../test/smtp-sink.ts';
import { openDatabase } from './db/database.ts';
import { SEND_SLOTS } from './modules/emails/send.slots.ts';
import { EMAIL_SEND_QUEUE } from './modules/emails/send.worker.ts';
import { checkChain } from './modules/evidence/chain-check.ts';

// Two server processes on one PostgreSQL (docs/scale.md): a session, a search and a public page are
// the same through either; 1,000 messages sent through both while one is killed with SIGKILL
// mid-drain all arrive (at most one per send slot of the killed process twice), each with its
// chained `send` event stamped once. PGlite is one process by construction, so this runs only with
// TEST_DATABASE_URL (CI runs the suite on both).

const MESSAGES = 1000;
const cleanup = useCleanups();

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  it('serve the same sessions, searches and public pages, and lose or double no message when one is killed mid-drain', async () => {
    const { sink, env: base } = await installationOnSink(cleanup, 'dois');
    // As start:cluster does: the first migrates and seeds, the second starts once it is ready.
    const a = await startServer(cleanup, { ...base, PORT: String(await freePort()) });
    const b = await startServer(cleanup, { ...base, SEED_DEMO: 'false', PORT: String(await freePort()) });

    // A session made on one process is good on the other; a logout on one ends it on the other at
    // once, though the other had it cached (its cache lives 5 s; the logout's NOTIFY empties it).
    const token = await signInTo(a, 'pos@demo.local');
    expect((await callServer(b, 'GET', '/me', token)).status).toBe(200);
    const leaving = await signInTo(b, 'pos@demo.local');
    expect((await callServer(a, 'GET', '/me', leaving)).status).toBe(200);
    expect((await callServer(b, 'POST', '/logout', leaving)).status).toBe(200);
    const loggedOut = Date.now();
    await waitFor(
      async () => (await callServer(a, 'GET', '/me', leaving)).status,
      (status) => status === 401,
      1_000,
    );
    console.log(`logout on one process refused on the other after ${Date.now() - loggedOut} ms`);

    // 990 messages through both, held by the sink so that the kill lands mid-drain.
    sink.hold();
    const batches = Array.from({ length: MESSAGES / 10 - 1 }, (_, s) => s);
    for (let i = 0; i < batches.length; i += 6)
      await Promise.all(batches.slice(i, i + 6).map((s) => sendTen(s % 2 === 0 ? a : b, token, 'dois', s)));

    // A search read (and kept) on A is the same on B, and a send through B shows on A's next read.
    const search = (server: ServerProcess) => callServer(server, 'GET', '/emails/send?searchTerm=dois1&limit=25', token);
    const [onA, onB] = [await search(a), await search(b)];
    expect(onA.json.pagination.rowCount).toBe(onB.json.pagination.rowCount);
    expect(onA.json.emails.map((e: { ema_uni_codigo: number }) => e.ema_uni_codigo)).toEqual(
      onB.json.emails.map((e: { ema_uni_codigo: number }) => e.ema_uni_codigo),
    );
    const dois99 = (server: ServerProcess) => callServer(server, 'GET', '/emails/send?searchTerm=dois99&limit=25', token);
    expect((await dois99(a)).json.pagination.rowCount).toBe(1); // dois99, kept by A
    await sendTen(b, token, 'dois', batches.length); // dois990 … dois999, through B
    expect((await dois99(a)).json.pagination.rowCount).toBe(11);
    expect((await dois99(b)).json.pagination.rowCount).toBe(11);

    // The public page is the same through either process.
    const uuid = onA.json.emails[0].ema_uni_id as string;
    const pageA = await callServer(a, 'GET', `/emails/info/public/${uuid}`);
    const pageB = await callServer(b, 'GET', `/emails/info/public/${uuid}`);
    expect(pageA.status).toBe(200);
    expect(pageB.json).toEqual(pageA.json);

    sink.release();
    await waitFor(
      () => sink.messages.length,
      (n) => n >= 300,
      90_000,
    );
    await crash(a.child);
    const beforeCrash = sink.messages.length;
    expect(beforeCrash).toBeLessThan(MESSAGES);

    // B takes the killed process's jobs back (heartbeat; docs/send-pipeline.md, "Crash window").
    const database = await openDatabase({ url: base.DATABASE_URL });
    cleanup(() => database.close());
    const db = database.db;
    const crashed = Date.now();
    await waitFor(
      async () =>
        Number(
          (
            await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job
              WHERE name = ${EMAIL_SEND_QUEUE} AND state IN ('created', 'retry', 'active')`.execute(db)
          ).rows[0]?.n,
        ),
      (n) => n === 0,
      180_000,
    );
    const ids = sink.messages.map((m) => m.parsed.messageId);
    const duplicates = ids.length - new Set(ids).size;
    console.log(
      `two processes: ${beforeCrash} accepted before the kill, ${ids.length} in all, ${duplicates} sent twice, queue empty ${((Date.now() - crashed) / 1000).toFixed(1)} s after it`,
    );
    expect(new Set(ids).size).toBe(MESSAGES);
    expect(duplicates).toBeLessThanOrEqual(SEND_SLOTS);

    // Every message: one send event, its chain intact, every event stamped once.
    const sends = await db
      .selectFrom('email_eventos')
      .select(['cod_email', (eb) => eb.fn.countAll<number>().as('n')])
      .where('evt_tipo', '=', 'send')
      .groupBy('cod_email')
      .execute();
    expect(sends).toHaveLength(MESSAGES);
    expect(sends.every((s) => Number(s.n) === 1)).toBe(true);
    await waitFor(
      async () =>
        Number(
          (
            await sql<{ n: number }>`SELECT count(*)::int AS n FROM email_eventos e
              WHERE NOT EXISTS (SELECT 1 FROM email_carimbos c WHERE c.evt_codigo = e.evt_codigo)`.execute(db)
          ).rows[0]?.n,
        ),
      (n) => n === 0,
      120_000,
    );
    const stampedTwice = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (
      SELECT evt_codigo FROM email_carimbos GROUP BY evt_codigo HAVING count(*) > 1) t`.execute(db);
    expect(Number(stampedTwice.rows[0]?.n)).toBe(0);
    for (const { cod_email } of sends) expect((await checkChain(db, cod_email))?.isIntact).toBe(true);

    // The survivor still serves the same session and the page, now with its send recorded.
    expect((await callServer(b, 'GET', '/me', token)).status).toBe(200);
    expect((await callServer(b, 'GET', `/emails/info/public/${uuid}`)).status).toBe(200);
  }, 600_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('ROLE=web and ROLE=worker', () => {
  it('a web process queues the sends and a worker process, which serves no route of the product, delivers them', async () => {
    const { sink, env: base } = await installationOnSink(cleanup, 'papeis');
    const web = await startServer(cleanup, { ...base, ROLE: 'web', PORT: String(await freePort()) });
    const token = await signInTo(web, 'pos@demo.local');
    await sendTen(web, token, 'dois', 0);
    // Nothing leaves while no process works the queue.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(sink.messages).toHaveLength(0);

    const workerPort = await freePort();
    const worker = await startServer(
      cleanup,
      { ...base, ROLE: 'worker', SEED_DEMO: 'false', PORT: String(workerPort) },
      { ready: 'message' },
    );
    await waitFor(
      () => sink.messages.length,
      (n) => n === 10,
      60_000,
    );
    expect(worker.child.exitCode).toBeNull();
    // The worker serves no route of the product; on its port only the operations routes (docs/operations.md).
    expect((await fetch(`http://127.0.0.1:${workerPort}/v2/status-connectivity`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${workerPort}/v2/login`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${workerPort}/healthz`)).status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${workerPort}/readyz`);
    expect(ready.status).toBe(200);
    expect(Object.keys(((await ready.json()) as { checks: object }).checks)).toContain('fila');
  }, 300_000);
});
