import { CHANNEL_SECTOR, hasNotifyUserPayload, MSG, type RemessaStatusPush, SOCKET_EVENTS, STATUS_ALERT_CATEGORY } from '@ar/core';
import type { Socket } from 'socket.io';
import type { AppContext } from '../../context.ts';
import { sessionRoom, userRoom } from '../../realtime/realtime.ts';
import { liveSessionHashes } from '../auth/auth.queries.ts';
import { actorOfToken } from '../auth/authenticate.ts';
import { cookieSessionToken } from '../auth/session-cookie.ts';
import { tenantScope } from '../tenancy/tenant-scope.ts';
import { totalsOf, totalsOfUser } from './notifications.service.ts';

/**
 * The web's session on a socket: the session cookie its handshake carried, only from the product's
 * own pages (Origin is PUBLIC_URL's; the cookie is SameSite=Strict as well, so another site's page
 * does not send it).
 */
function handshakeSessionToken(ctx: AppContext, socket: Socket): string | null {
  if (socket.handshake.headers.origin !== new URL(ctx.config.publicUrl).origin) return null;
  return cookieSessionToken(socket.handshake.headers.cookie);
}

/** A connection that has not authenticated (hasNotifyUser with a live token) by then is closed. */
export const SOCKET_AUTH_TIMEOUT_MS = 5_000;
/** How often the sessions of the connected sockets are checked again (expired, signed out elsewhere, user blocked). */
export const SOCKET_SESSION_SWEEP_MS = 60_000;

interface SocketSession {
  userId: number;
  tokenHash: string;
}

/**
 * The socket's protocol (docs/realtime.md): the client emits `hasNotifyUser` with `{ user, token }`
 * (an API client) or `{ user }` (the web, whose session is the handshake's cookie); the token is
 * checked as the API's bearer token is (actorOfToken), and the user is the token's,
 * whatever `user` says. Then the socket joins its user's room and its session's room and gets
 * `totalAlertas`. A bad or expired token, a session that must still change its password, or no
 * hasNotifyUser within SOCKET_AUTH_TIMEOUT_MS: `unauthorized` with 'Sessão expirada!...', then the
 * server closes the connection. Answers the function that stops the session sweep.
 */
export function startNotificationSocket(ctx: AppContext, opts: { authTimeoutMs?: number; sweepMs?: number } = {}): () => void {
  const { io } = ctx.realtime;
  const refuse = (socket: Socket) => {
    socket.emit(SOCKET_EVENTS.unauthorized, { message: MSG.sessionExpired });
    socket.disconnect(true);
  };

  io.on('connection', (socket) => {
    const timer = setTimeout(() => refuse(socket), opts.authTimeoutMs ?? SOCKET_AUTH_TIMEOUT_MS);
    socket.on('disconnect', () => clearTimeout(timer));
    socket.on(SOCKET_EVENTS.hasNotifyUser, async (raw: unknown) => {
      const parsed = hasNotifyUserPayload.safeParse(raw);
      const token = parsed.success ? (parsed.data.token ?? handshakeSessionToken(ctx, socket)) : null;
      const actor = token ? await actorOfToken(ctx, token).catch(() => null) : null;
      if (!socket.connected) return;
      if (!actor?.usu_secure) return refuse(socket);
      clearTimeout(timer);
      const previous = socket.data as Partial<SocketSession>;
      if (previous.tokenHash && previous.tokenHash !== actor.tokenHash) {
        socket.leave(sessionRoom(previous.tokenHash));
        if (previous.userId !== undefined) socket.leave(userRoom(previous.userId));
      }
      socket.data = { userId: actor.usu_codigo, tokenHash: actor.tokenHash } satisfies SocketSession;
      socket.join([userRoom(actor.usu_codigo), sessionRoom(actor.tokenHash)]);
      try {
        socket.emit(SOCKET_EVENTS.totalAlertas, await totalsOf(ctx, tenantScope(actor)));
      } catch (error) {
        ctx.log.warn({ err: error }, 'totalAlertas não enviado');
      }
    });
  });

  // Status changes of a user's messages, committed on any process: each process tells its own
  // sockets. A status that raised a notification (migration 0025, in the same transaction) also
  // brings the user's new totals, read only where the user has a socket on this process.
  ctx.realtime.onEmailStatus(({ userId, emails, step }) => {
    const room = userRoom(userId);
    io.local.to(room).emit(SOCKET_EVENTS.emailStatus, { emails });
    // A step without a status (a recording, a letter in transit) raises no notification: the totals stand.
    if (step) return;
    const alerted = emails.some((e) => CHANNEL_SECTOR[e.canal] && e.status && STATUS_ALERT_CATEGORY[e.status]);
    if (!alerted || !io.of('/').adapter.rooms.get(room)?.size) return;
    totalsOfUser(ctx, userId).then(
      (totals) => io.local.to(room).emit(SOCKET_EVENTS.totalAlertas, totals),
      (error) => ctx.log.warn({ err: error }, 'totalAlertas não enviado'),
    );
  });

  // A batch file received or moved on (migration 0034's triggers, after its commit): the owner's
  // open Remessas pages on this process reload its row and the tabs' counts (docs/remessas.md).
  ctx.realtime.onRemessaStatus(({ userId, remessas }) => {
    io.local.to(userRoom(userId)).emit(SOCKET_EVENTS.remessaStatus, { remessas } satisfies RemessaStatusPush);
  });

  const sweep = setInterval(() => {
    void closeEndedSessions(ctx).catch((error) => ctx.log.warn({ err: error }, 'verificação das sessões do socket falhou'));
  }, opts.sweepMs ?? SOCKET_SESSION_SWEEP_MS);
  sweep.unref();
  return () => clearInterval(sweep);
}

/** The sockets of this process whose session ended (expired, signed out, user blocked) are closed. */
async function closeEndedSessions(ctx: AppContext): Promise<void> {
  const sockets = [...ctx.realtime.io.of('/').sockets.values()].filter((s) => (s.data as Partial<SocketSession>).tokenHash);
  const hashes = [...new Set(sockets.map((s) => (s.data as SocketSession).tokenHash))];
  for (let i = 0; i < hashes.length; i += 1000) {
    const chunk = hashes.slice(i, i + 1000);
    const inChunk = new Set(chunk);
    const live = await liveSessionHashes(ctx.db, chunk);
    for (const socket of sockets) {
      const hash = (socket.data as SocketSession).tokenHash;
      if (inChunk.has(hash) && !live.has(hash)) socket.disconnect(true);
    }
  }
}
