import pg from 'pg';
import type { Database } from './database.ts';

/**
 * PostgreSQL's LISTEN/NOTIFY for the realtime component (docs/realtime.md): a small pool of its own
 * beside the application's (the socket.io adapter keeps one connection LISTENing and NOTIFYs on the
 * others; the listener below keeps one more, for the message and batch-file statuses together), so
 * neither ever waits behind the API's queries.
 */
export interface NotifyPool {
  pool: pg.Pool;
  /** The schema the installation's tables are in: the trigger names it in each notification. */
  schema: string;
}

/** The pool on PostgreSQL; null on PGlite (one process: nothing to share). */
export async function openNotifyPool(database: Database, onError: (error: Error, what: string) => void): Promise<NotifyPool | null> {
  if (database.kind !== 'postgres' || !database.connectionString) return null;
  const pool = new pg.Pool({
    connectionString: database.connectionString,
    max: 4,
    ...(database.schema ? { options: `-c search_path="${database.schema}",public` } : {}),
  });
  pool.on('error', (error) => onError(error, 'idle connection lost'));
  try {
    const schema = database.schema ?? (await pool.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]?.s ?? 'public';
    return { pool, schema };
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}

/**
 * LISTENs to each channel of `handlers` until the answered function is called: on PostgreSQL on
 * one connection of the notify pool for all of them, taken again after a loss (notifications
 * raised while it was away are not replayed: a client refetches when it reconnects anyway); on
 * PGlite through its own listen.
 */
export async function listenFor(
  database: Database,
  notify: NotifyPool | null,
  handlers: Record<string, (payload: string | undefined) => void>,
  onError: (error: Error, what: string) => void,
): Promise<() => Promise<void>> {
  const channels = Object.keys(handlers);
  if (!notify) {
    if (!database.listen) return async () => {};
    const stops: Array<() => Promise<void>> = [];
    for (const channel of channels) {
      stops.push(await database.listen(channel, (payload) => handlers[channel]?.(payload)));
    }
    return async () => {
      await Promise.all(stops.map((stop) => stop()));
    };
  }
  const quoted = channels.map((channel) => `"${channel.replace(/"/g, '')}"`);
  const what = `LISTEN ${channels.join(', ')}`;
  let client: pg.PoolClient | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    try {
      const c = await notify.pool.connect();
      c.on('notification', (msg) => {
        if (Object.hasOwn(handlers, msg.channel)) handlers[msg.channel]?.(msg.payload);
      });
      c.on('error', (error) => onError(error, what));
      c.on('end', () => {
        if (client === c) client = null;
        if (!stopped) retry = setTimeout(connect, 2000);
      });
      await c.query(quoted.map((q) => `LISTEN ${q}`).join('; '));
      if (stopped) {
        c.removeAllListeners('end');
        c.release();
        return;
      }
      client = c;
    } catch (error) {
      onError(error as Error, what);
      if (!stopped) retry = setTimeout(connect, 2000);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    if (c) {
      c.removeAllListeners('end');
      await c.query('UNLISTEN *').catch(() => {});
      c.release();
    }
  };
}
