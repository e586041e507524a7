import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { AppContext } from '../../context.ts';
import { reportError } from '../../reporting/error-reporting.ts';
import { mailDomain } from '../emails/send.worker.ts';
import { checkRecipient, fileInboundMessage } from './inbound.service.ts';
import { SMTP_TEXT, SmtpRefusal } from './smtp.ts';

/** Limits of the inbound listener (docs/inbound.md, "Limits and SMTP replies"). */
export interface InboundLimits {
  /** Bytes; advertised with SIZE, a bigger message is refused with 552. */
  maxSize: number;
  /** Connections open at once, all clients together (421 beyond). */
  maxClients: number;
  /**
   * Of maxClients, the last ones are kept for addresses that have no connection open: a few
   * addresses holding many idle connections cannot take the slots a new sender needs.
   */
  reservedForNewAddresses: number;
  /** Connections open at once from one IP (421 beyond). */
  maxConnectionsPerIp: number;
  /** Messages (MAIL FROM) per IP in a sliding minute (450 beyond). */
  maxMessagesPerIpPerMinute: number;
  /** RCPT TO per message (452 beyond). */
  maxRecipients: number;
  /** Idle time before the connection is closed, in ms. */
  socketTimeoutMs: number;
  /** Idle time from the connection to the client's first command (EHLO), in ms; 421 and closed after. */
  firstCommandTimeoutMs: number;
}

export const DEFAULT_INBOUND_LIMITS: InboundLimits = {
  maxSize: 25 * 1024 * 1024,
  maxClients: 100,
  reservedForNewAddresses: 20,
  maxConnectionsPerIp: 5,
  maxMessagesPerIpPerMinute: 60,
  maxRecipients: 10,
  socketTimeoutMs: 60_000,
  firstCommandTimeoutMs: 10_000,
};

export interface InboundServer {
  /** The port it listens on (the one chosen by the system when asked for 0). */
  port: number;
  close(): Promise<void>;
}

const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/**
 * The inbound SMTP listener (smtp-server + postal-mime): accepts mail for the product's reply and
 * bounce addresses only, and files each message (inbound.service.ts). No handler ever throws:
 * every failure becomes an SMTP reply and a log line, and the listener stays up.
 */
export async function startInboundServer(
  ctx: AppContext,
  opts: { port: number; host?: string; limits?: Partial<InboundLimits> },
): Promise<InboundServer> {
  const limits = { ...DEFAULT_INBOUND_LIMITS, ...opts.limits };
  const log = ctx.log.child({ component: 'inbound-smtp' });
  const openByIp = new Map<string, number>();
  const accepted = new Set<string>();
  // Sockets refused in onConnect still count until they close; smtp-server's own cap (its 421 "Too
  // many connected clients", before onConnect) is only a backstop well above ours.
  const hardCap = limits.maxClients * 2;
  const recentByIp = new Map<string, number[]>();

  const server = new SMTPServer({
    name: mailDomain(ctx.config.mailFrom),
    banner: 'AR Online - SMTP de entrada',
    size: limits.maxSize,
    maxClients: hardCap,
    socketTimeout: limits.socketTimeoutMs,
    closeTimeout: 5_000,
    authOptional: true,
    // An MX takes mail without authentication; TLS is the job of what stands in front of it.
    disabledCommands: ['AUTH', 'STARTTLS'],
    // Our reply texts carry their own enhanced status codes.
    hideENHANCEDSTATUSCODES: true,
    disableReverseLookup: true,
    logger: false,

    onConnect(session, callback) {
      const ip = session.remoteAddress;
      const open = openByIp.get(ip) ?? 0;
      if (open >= limits.maxConnectionsPerIp) {
        log.warn({ ip, open }, 'inbound connection refused: too many from this address');
        return callback(refusal(421, SMTP_TEXT.tooManyConnections));
      }
      // The last slots go only to an address with nothing open; the very last ones to nobody.
      const full = accepted.size >= limits.maxClients || (open > 0 && accepted.size >= limits.maxClients - limits.reservedForNewAddresses);
      if (full) {
        log.warn({ ip, open, total: accepted.size }, 'inbound connection refused: no slot left');
        return callback(refusal(421, SMTP_TEXT.busy));
      }
      openByIp.set(ip, open + 1);
      accepted.add(session.id);
      callback();
    },

    onClose(session) {
      if (!accepted.delete(session.id)) return;
      const left = (openByIp.get(session.remoteAddress) ?? 1) - 1;
      if (left > 0) openByIp.set(session.remoteAddress, left);
      else openByIp.delete(session.remoteAddress);
    },

    onMailFrom(_address, session, callback) {
      const now = Date.now();
      const recent = (recentByIp.get(session.remoteAddress) ?? []).filter((t) => now - t < 60_000);
      if (recent.length >= limits.maxMessagesPerIpPerMinute) {
        recentByIp.set(session.remoteAddress, recent);
        log.warn({ ip: session.remoteAddress }, 'inbound message refused: rate limit');
        return callback(refusal(450, SMTP_TEXT.tooManyMessages));
      }
      recent.push(now);
      recentByIp.set(session.remoteAddress, recent);
      callback();
    },

    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= limits.maxRecipients) return callback(refusal(452, SMTP_TEXT.tooManyRecipients));
      checkRecipient(ctx, address.address).then(
        () => callback(),
        (error: unknown) => {
          if (error instanceof SmtpRefusal) {
            log.info({ rcpt: address.address, ip: session.remoteAddress }, 'inbound recipient refused');
            return callback(refusal(error.responseCode, error.message));
          }
          log.error({ err: error }, 'inbound recipient check failed');
          reportError(error, { where: 'smtp-entrada', name: 'RCPT TO', extra: { sessao: session.id } });
          callback(refusal(451, SMTP_TEXT.internal));
        },
      );
    },

    onData(stream, session, callback) {
      readMessage(stream, limits.maxSize)
        .then(async (raw) => {
          if (!raw) return callback(refusal(552, SMTP_TEXT.tooBig(limits.maxSize)));
          const text = await fileInboundMessage(ctx, raw, envelopeOf(session));
          callback(null, text);
        })
        .catch((error: unknown) => {
          if (error instanceof SmtpRefusal) {
            log.info({ ip: session.remoteAddress, code: error.responseCode, reason: error.message }, 'inbound message refused');
            return callback(refusal(error.responseCode, error.message));
          }
          log.error({ err: error, ip: session.remoteAddress }, 'inbound message failed');
          reportError(error, { where: 'smtp-entrada', name: 'DATA', extra: { sessao: session.id } });
          callback(refusal(451, SMTP_TEXT.internal));
        });
    },
  });
  server.on('error', (err) => log.warn({ err }, 'inbound smtp error'));
  // Until its first command, a connection gets the short idle timeout (smtp-server answers 421 and
  // closes when it runs out), then the usual one. smtp-server hands the socket to its session on
  // the next turn (setImmediate) and arms its own timeout then, so this comes after that.
  server.server.on('connection', (socket: Socket) => {
    setImmediate(() => {
      if (socket.destroyed) return;
      socket.setTimeout(limits.firstCommandTimeoutMs);
      socket.once('data', () => socket.setTimeout(limits.socketTimeoutMs));
    });
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`A porta ${opts.port} do SMTP de entrada (INBOUND_SMTP_PORT) já está em uso; escolha outra, ou 0 para desligar.`)
          : err,
      );
    server.server.once('error', onError);
    server.listen(opts.port, opts.host ?? ctx.config.host, () => {
      server.server.off('error', onError);
      resolve();
    });
  });
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [ip, times] of recentByIp) if (times.every((t) => now - t >= 60_000)) recentByIp.delete(ip);
  }, 60_000);
  sweep.unref();

  const port = (server.server.address() as AddressInfo).port;
  log.info({ port }, `SMTP de entrada na porta ${port}`);
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        server.close(() => resolve());
      }),
  };
}

/** The whole message, or null when it went over the limit (read to the end all the same). */
function readMessage(stream: SMTPServerDataStream, maxSize: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxSize) chunks.push(chunk);
    });
    stream.on('error', reject);
    stream.on('end', () => resolve(stream.sizeExceeded || size > maxSize ? null : Buffer.concat(chunks)));
  });
}

function envelopeOf(session: SMTPServerSession) {
  const from = session.envelope.mailFrom;
  return {
    mailFrom: from ? from.address : '',
    rcptTo: session.envelope.rcptTo.map((r) => r.address),
    remoteAddress: session.remoteAddress,
    clientHostname: session.hostNameAppearsAs || undefined,
  };
}
