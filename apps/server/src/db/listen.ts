import pg from 'pg';

export interface ChannelListener {
  close(): Promise<void>;
}

/**
 * LISTEN on a PostgreSQL channel over a connection of its own, reconnecting after a loss (1 s, then
 * doubling up to 30 s). `onState(true)` once listening, `onState(false)` whenever the connection is
 * lost: a caller that relies on the notifications must not trust what it kept in between.
 */
export function listenToChannel(
  connectionString: string,
  channel: string,
  handlers: { onMessage(payload: string): void; onState(listening: boolean): void; onError?(error: Error): void },
): ChannelListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 1_000;
  let timer: NodeJS.Timeout | null = null;

  const lost = (error?: Error) => {
    if (error) handlers.onError?.(error);
    handlers.onState(false);
    const dead = client;
    client = null;
    dead?.end().catch(() => {});
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    next.on('error', (error) => {
      if (client === next) lost(error);
    });
    next.on('end', () => {
      if (client === next) lost();
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (error) {
      next.end().catch(() => {});
      if (!closed) lost(error as Error);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = 1_000;
    handlers.onState(true);
  };

  void connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
