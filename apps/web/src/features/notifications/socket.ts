import { type EmailStatusPush, type NotifyByProofs, type RemessaStatusPush, SOCKET_EVENTS, SOCKET_PATH, type TotalAlertas } from '@ar/core';
import {
  dispatchEmailStatus,
  dispatchProofReady,
  dispatchRemessaStatus,
  NO_ALERTS,
  setRealtimeConnected,
  setTotalAlertas,
} from './realtime-store.ts';

/**
 * The realtime socket of the signed-in frame (docs/realtime.md). socket.io-client is loaded here,
 * on demand, so /login never downloads it. The client says who it is with hasNotifyUser on every
 * connection (the first and each reconnection after a network loss: socket.io reconnects by
 * itself); the server answers totalAlertas, and from then on the user's pushes arrive: the store
 * says it is connected (screens stop polling) until the connection drops. A refusal (unauthorized)
 * ends it: the session is over and the next API call takes the user to /login. Answers the
 * function that disconnects (logout, another session).
 */
export function connectRealtime(session: { userId: number; onEnded: () => void }): () => void {
  let stopped = false;
  let disconnect = () => {};
  void import('socket.io-client').then(({ io }) => {
    if (stopped) return;
    const socket = io({ path: SOCKET_PATH, transports: ['websocket', 'polling'] });
    let connectedBefore = false;
    let signedIn = false;
    socket.on('connect', () => {
      signedIn = false;
      // The session is the handshake's cookie (docs/realtime.md): no token travels here.
      socket.emit(SOCKET_EVENTS.hasNotifyUser, { user: session.userId });
    });
    socket.on('disconnect', (reason) => {
      signedIn = false;
      setRealtimeConnected(false);
      // The server closed it: a sign-out elsewhere, an administrator, or the identity provider's
      // back-channel logout ended the session. The screen learns it now, not at its next call.
      if (reason === 'io server disconnect' && !stopped) session.onEnded();
    });
    socket.on(SOCKET_EVENTS.totalAlertas, (t: TotalAlertas) => {
      // The first totals of a connection are taken whatever their version (another database after
      // a restore would never count as newer); later ones only when newer than those on screen.
      setTotalAlertas(t, { reset: !signedIn });
      if (signedIn) return;
      // The first answer on this connection: the user's room is joined, pushes arrive from now.
      signedIn = true;
      setRealtimeConnected(true);
      // Back after a loss: what changed meanwhile was not pushed, so the screens reload.
      if (connectedBefore) {
        dispatchEmailStatus(null);
        dispatchRemessaStatus(null);
      }
      connectedBefore = true;
    });
    socket.on(SOCKET_EVENTS.emailStatus, (push: EmailStatusPush) => dispatchEmailStatus(push));
    socket.on(SOCKET_EVENTS.remessaStatus, (push: RemessaStatusPush) => dispatchRemessaStatus(push));
    socket.on(SOCKET_EVENTS.notifyByProofs, (p: NotifyByProofs) => {
      setTotalAlertas(p.totalAlertas);
      dispatchProofReady(p);
    });
    socket.on(SOCKET_EVENTS.unauthorized, () => setRealtimeConnected(false));
    disconnect = () => socket.disconnect();
  });
  return () => {
    stopped = true;
    disconnect();
    setRealtimeConnected(false);
    setTotalAlertas(NO_ALERTS, { reset: true });
  };
}
