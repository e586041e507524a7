import type http from 'node:http';
import { type RemessaStatusChange, SOCKET_PATH } from '@ar/core';
import { createAdapter } from '@socket.io/postgres-adapter';
import { Server } from 'socket.io';
import type { Database } from '../db/database.ts';
import { listenFor, openNotifyPool } from '../db/notify.ts';
import { EMAIL_STATUS_CHANNEL, REMESSA_STATUS_CHANNEL } from './channels.ts';

/**
 * The realtime component (docs/realtime.md): one socket.io server at /v2/socket.io. Every module
 * reaches it through `ctx.realtime`; it exists in every process, attached to an HTTP server or not,
 * so a push from a worker or a test without a listening server is an emit to no one, never an
 * error.
 *
 * On PostgreSQL the rooms are shared by every process through @socket.io/postgres-adapter (NOTIFY
 * on a small pool of its own): `toUser` on one process reaches the user's sockets on all of them.
 * On PGlite there is one process, and socket.io's in-process adapter is the whole story.
 *
 * The message statuses come from the database itself: migration 0018's trigger NOTIFYs
 * `ar_email_status` when a statement changes a channel status, delivered only once its transaction
 * commits. Every process LISTENs and emits to its own sockets of the owner (`io.local`), so each
 * change reaches each socket once, whichever process made it. The batch files' own steps come the
 * same way, from migration 0034's triggers on `remessas` (`ar_remessa_status`), on the same LISTEN
 * connection.
 */
export interface Realtime {
  readonly io: Server;
  /** Emits `event` to every socket of the user, on every process. Never throws. */
  toUser(userId: number, event: string, payload: unknown): void;
  /** Disconnects the sockets of a session (by its token hash) on every process: a logout. */
  endSession(tokenHash: string): void;
  /** Accepts socket.io connections on the HTTP server (the API's own, before it listens). */
  attach(server: http.Server): void;
  /** Called with each committed status change of a user's messages (every process gets every change). */
  onEmailStatus(handler: (change: EmailStatusNotice) => void): void;
  /** Called with each committed change of a user's batch files (every process gets every change). */
  onRemessaStatus(handler: (change: RemessaStatusNotice) => void): void;
  close(): Promise<void>;
}

/** One notification of migration 0018's trigger: a user's messages whose channel status changed. */
export interface EmailStatusNotice {
  userId: number;
  emails: { id: number; uuid: string; canal: 'email' | 'sms' | 'whatsapp' | 'voz' | 'carta'; status: string | null }[];
  /** A step that is evidence without a status (events.queries.ts notifyChannelStep): no status changed. */
  step?: boolean;
}

/** One notification of migration 0034's triggers: a user's batch files received or moved on, as they are now. */
export interface RemessaStatusNotice {
  userId: number;
  remessas: RemessaStatusChange[];
}

export const userRoom = (userId: number) => `usuario:${userId}`;
export const sessionRoom = (tokenHash: string) => `sessao:${tokenHash}`;

export interface RealtimeOptions {
  /** Where the failures of the background parts (adapter, LISTEN connection) are reported. */
  onError?: (error: Error, what: string) => void;
}

export async function createRealtime(database: Database, opts: RealtimeOptions = {}): Promise<Realtime> {
  const onError = opts.onError ?? ((error, what) => console.warn(`realtime: ${what}: ${error.message}`));
  const io = new Server({
    path: SOCKET_PATH,
    serveClient: false,
    // A client sends only hasNotifyUser ({ user, token }): nothing bigger is ever legitimate.
    maxHttpBufferSize: 10_000,
    // No CORS headers: the web app is served by this server (same origin). The web's session cookie
    // counts only on a handshake from PUBLIC_URL's origin, and it is SameSite=Strict, so a page
    // elsewhere gains nothing by connecting (docs/realtime.md).
  });
  const handlers: Array<(notice: EmailStatusNotice) => void> = [];
  const remessaHandlers: Array<(notice: RemessaStatusNotice) => void> = [];
  const deliver = <T>(notice: T | null, to: Array<(notice: T) => void>, what: string) => {
    if (!notice) return;
    for (const handler of to) {
      try {
        handler(notice);
      } catch (error) {
        onError(error as Error, what);
      }
    }
  };

  const notify = await openNotifyPool(database, onError);
  if (notify) {
    io.adapter(
      createAdapter(notify.pool, {
        // The rooms of one installation's schema (test databases have their own anyway).
        channelPrefix: `ar#${notify.schema}`,
        errorHandler: (error) => onError(error, 'postgres adapter'),
      }),
    );
  }
  const schema = notify?.schema ?? 'public';
  const stopListening = await listenFor(
    database,
    notify,
    {
      [EMAIL_STATUS_CHANNEL]: (payload) => deliver(parseStatusNotice(payload, schema), handlers, 'emailStatus'),
      [REMESSA_STATUS_CHANNEL]: (payload) => deliver(parseRemessaNotice(payload, schema), remessaHandlers, 'remessaStatus'),
    },
    onError,
  );

  let closed = false;
  return {
    io,
    toUser(userId, event, payload) {
      if (closed) return;
      try {
        io.to(userRoom(userId)).emit(event, payload);
      } catch (error) {
        onError(error as Error, `emit ${event}`);
      }
    },
    endSession(tokenHash) {
      if (closed) return;
      try {
        io.in(sessionRoom(tokenHash)).disconnectSockets(true);
      } catch (error) {
        onError(error as Error, 'endSession');
      }
    },
    attach(server) {
      io.attach(server);
    },
    onEmailStatus(handler) {
      handlers.push(handler);
    },
    onRemessaStatus(handler) {
      remessaHandlers.push(handler);
    },
    async close() {
      if (closed) return;
      closed = true;
      await stopListening().catch(() => {});
      // Not io.close(): that would also close the HTTP server, which Fastify closes itself.
      for (const socket of io.of('/').sockets.values()) socket.disconnect(true);
      await io.of('/').adapter.close();
      io.engine?.close();
      await notify?.pool.end().catch(() => {});
    },
  };
}

/** A trigger's payload: `{ s: schema, u: user, e: [[id, uuid, canal, status], …] }`; another schema's is ignored. */
function parseStatusNotice(payload: string | undefined, schema: string): EmailStatusNotice | null {
  if (!payload) return null;
  try {
    const raw = JSON.parse(payload) as { s?: string; u?: number; e?: [number, string, string, string | null][]; p?: boolean };
    if (raw.s !== schema || typeof raw.u !== 'number' || !Array.isArray(raw.e)) return null;
    return {
      userId: raw.u,
      emails: raw.e.map(([id, uuid, canal, status]) => ({
        id,
        uuid,
        canal: canal as EmailStatusNotice['emails'][number]['canal'],
        status,
      })),
      ...(raw.p === true ? { step: true } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * A batch-file trigger's payload: `{ s: schema, u: user, r: [[id, status, lines, queued, failures,
 * origin], …] }`; another schema's is ignored.
 */
function parseRemessaNotice(payload: string | undefined, schema: string): RemessaStatusNotice | null {
  if (!payload) return null;
  try {
    const raw = JSON.parse(payload) as { s?: string; u?: number; r?: [number, string, number, number, number, number | null][] };
    if (raw.s !== schema || typeof raw.u !== 'number' || !Array.isArray(raw.r)) return null;
    return {
      userId: raw.u,
      remessas: raw.r.map(([rem_codigo, rem_status_processamento, rem_quantidade_registros, rem_enfileiradas, rem_falhas, rem_origem]) => ({
        rem_codigo,
        rem_status_processamento,
        rem_quantidade_registros,
        rem_enfileiradas,
        rem_falhas,
        rem_origem,
      })),
    };
  } catch {
    return null;
  }
}
