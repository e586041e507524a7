import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface SunkMessage {
  envelopeFrom: string;
  rcptTo: string[];
  raw: string;
  parsed: Email;
}

/**
 * A real SMTP server for tests: accepts everything on 127.0.0.1 and keeps each message, except
 * recipients whose address starts with "rejeita" (550, permanent) or "adia" (451, temporary).
 * `hold()` keeps every MAIL FROM waiting until `release()`. `slowMs`: a slow relay, which takes that
 * long to answer each message's end of DATA.
 */
export async function startSmtpSink(opts: { slowMs?: number } = {}) {
  const messages: SunkMessage[] = [];
  const stats = { connections: 0, transactions: 0 };
  let held: { promise: Promise<void>; release: () => void } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      stats.connections++;
      callback();
    },
    onMailFrom(_address, _session, callback) {
      stats.transactions++;
      if (held) held.promise.then(() => callback());
      else callback();
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('rejeita')) {
        const err = new Error('5.1.1 Mailbox does not exist') as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      if (address.address.startsWith('adia')) {
        const err = new Error('4.2.0 Try again later') as Error & { responseCode: number };
        err.responseCode = 451;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (opts.slowMs) await new Promise((resolve) => setTimeout(resolve, opts.slowMs));
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          parsed: await PostalMime.parse(raw),
        });
        callback(null, `Ok: queued as Q${messages.length}`);
      });
    },
  });
  // A client that goes away mid-conversation (a server killed by a test) is no error of the sink.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** SMTP connections opened so far. */
    stats,
    hold() {
      let release = () => {};
      const promise = new Promise<void>((resolve) => {
        release = resolve;
      });
      held = { promise, release };
    },
    release() {
      held?.release();
      held = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function waitFor<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await fn();
    if (ok(value)) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting; last value: ${JSON.stringify(value)?.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
