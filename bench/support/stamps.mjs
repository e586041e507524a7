// The send-pipeline bench's time stamps: when every event of a measure had its token, on PostgreSQL
// (polled while the server runs) and on PGlite (read from the stopped server's folder).
import pg from 'pg';

/**
 * The events of the messages to `recipients` (a LIKE pattern: a measure's, or the warm-up's), how
 * many have their stamp, and the genTime of the last token. The same on both databases.
 */
const STAMPS_OF_RECIPIENTS = `SELECT count(*)::int AS events, count(c.car_codigo)::int AS stamps, max(c.car_gen_time) AS last
    FROM email_eventos e JOIN emails m ON m.ema_uni_codigo = e.cod_email
    LEFT JOIN email_carimbos c ON c.evt_codigo = e.evt_codigo
   WHERE m.ema_uni_to LIKE $1`;

/**
 * Each measure's events and stamps, read from a stopped server's PGlite folder, and the seconds
 * from the measure's start (`sinceEpochMs`) to the genTime of its last token (signed a few ms
 * before it was stored; on PostgreSQL the bench sees the store itself). Adds them to the measures.
 */
export async function readPgliteStamps(dir, label, measures, n) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  try {
    for (const m of measures) {
      const {
        rows: [r],
      } = await db.query(STAMPS_OF_RECIPIENTS, [`${m.prefix}%-${label}@bench.test`]);
      const complete = r.events >= 2 * n && r.stamps === r.events;
      Object.assign(m, {
        events: r.events,
        stamps: r.stamps,
        ...(complete ? { stampedSeconds: (new Date(r.last).getTime() - m.sinceEpochMs) / 1000 } : {}),
      });
    }
  } finally {
    await db.close();
  }
}

/**
 * Waits until the messages to `recipients` have all their events (`expectedEvents`) stamped, on
 * PostgreSQL; answers the seconds since `since` (the first POST, or the release) and the counts.
 */
export async function waitForStamps(url, since, recipients, expectedEvents, timeoutMs = 600_000) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (;;) {
      const {
        rows: [r],
      } = await client.query(STAMPS_OF_RECIPIENTS, [recipients]);
      if (r.events >= expectedEvents && r.stamps === r.events) {
        return { stampedSeconds: (performance.now() - since) / 1000, events: r.events, stamps: r.stamps };
      }
      if (performance.now() - since > timeoutMs) throw new Error(`${r.events - r.stamps} of ${r.events} events never stamped`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}
