import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB } from '../db/schema.ts';
import { observeProviderCall } from '../ops/metrics.ts';
import { type ComposedMail, createComposer } from './composer.ts';
import { insertCapturedMail } from './mail.queries.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  from?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  messageId?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
  /** SMTP envelope, when it differs from the headers (bounces to a per-message address). */
  envelope?: { from: string; to: string };
  /** Threading of a reply (RFC 5322): the message answered and the conversation so far. */
  inReplyTo?: string;
  references?: string;
  /**
   * The user this mail goes for (the sender of an AR-Email, the user an account e-mail is
   * addressed to): kept only by the captured mailbox, whose page shows each user its tenant's mail.
   */
  owner?: number;
}

export interface SentMail {
  messageId: string;
  /** The relay's final reply ("250 2.0.0 Ok: queued as ..."), or "captured" in embedded mode. */
  response: string;
}

export interface MailService {
  readonly mode: 'smtp' | 'captured';
  send(mail: OutgoingMail): Promise<SentMail>;
  /**
   * The message composed now and sent when asked: `send(mail)` in two steps, so that the send
   * worker takes its send slot (the crash window, send.slots.ts) only for the relay's part.
   */
  compose(mail: OutgoingMail): Promise<ComposedOutgoing>;
  close(): void;
}

export interface ComposedOutgoing {
  send(): Promise<SentMail>;
}

/**
 * The one way mail leaves the product. With SMTP_URL it is a pooled nodemailer transport;
 * without, nodemailer still builds the real MIME message, and it is kept in the database
 * (caixa_saida) where the embedded mailbox page shows it as the recipient would.
 */
export function createMailService(opts: { smtpUrl?: string; from: string; db: Kysely<DB> }): MailService {
  if (opts.smtpUrl) {
    // The URL inside the options object: given as a string, nodemailer takes the second argument
    // as message defaults, not transport options, and `pool` was silently ignored (a new SMTP
    // connection, greeting and EHLO for every message; bench/send-pipeline). Keys set in the URL's
    // query win over these.
    const transport: Transporter = nodemailer.createTransport({ url: opts.smtpUrl, pool: true, maxConnections: 5 } as never);
    // The message is composed in memory first (the same MIME nodemailer would stream), in the
    // composer's thread, and handed to the pool as one buffer: streamed straight into the
    // connection, every piece of the MIME tree was a socket write of its own (bench/send-pipeline).
    const composer = createComposer('windows');
    const pool = transport.transporter as unknown as ComposedTransport;
    const compose = async (mail: OutgoingMail): Promise<ComposedOutgoing> => {
      const built = await composer.compose({ from: opts.from, ...mail });
      return {
        async send() {
          // The relay's SMTP transaction, timed and counted (ar_provider_*{provider="smtp"}, docs/operations.md).
          const info = await observeProviderCall('smtp', 'message', () => sendComposed(pool, built));
          return { messageId: built.messageId, response: info.response ?? '' };
        },
      };
    };
    return mailService('smtp', compose, () => {
      transport.close();
      composer.close();
    });
  }
  const composer = createComposer('unix');
  const compose = async (mail: OutgoingMail): Promise<ComposedOutgoing> => {
    const info = await composer.compose({ from: opts.from, ...mail });
    return {
      async send() {
        await insertCapturedMail(opts.db, {
          cai_message_id: info.messageId,
          cai_from: mail.from ?? opts.from,
          cai_to: mail.to,
          cai_subject: mail.subject,
          cai_html: mail.html,
          cai_text: mail.text,
          cai_raw: info.message.toString('utf8'),
          cai_cod_usu: mail.owner ?? null,
        });
        return { messageId: info.messageId, response: 'captured' };
      },
    };
  };
  return mailService('captured', compose, () => composer.close());
}

/** A MailService of its compose step: `send` is compose and send at once. */
function mailService(mode: MailService['mode'], compose: MailService['compose'], close: () => void): MailService {
  return { mode, compose, send: async (mail) => (await compose(mail)).send(), close };
}

/** What nodemailer's transports take (`transport.send(mail, callback)`), as far as its SMTP pool reads it. */
interface ComposedTransport {
  send(
    mail: {
      data: Record<string, never>;
      message: {
        getEnvelope(): ComposedMail['envelope'];
        messageId(): string;
        getHeader(name: string): string | undefined;
        createReadStream(): Readable;
      };
    },
    callback: (error: Error | null, info: { response?: string }) => void,
  ): void;
}

/**
 * A composed message handed straight to nodemailer's SMTP pool through the transport interface
 * every nodemailer transport implements: the envelope, the Message-ID and the bytes, which the
 * connection dot-stuffs and sends as Mailer.sendMail's would be. Mailer.sendMail first wraps raw
 * bytes in a MIME node of their own (its boundary drawn from randomBytes, the addresses parsed
 * again) and streams them through a pipeline of three streams whose finish raises an AbortError:
 * ~13% of the server's thread while delivering (docs/send-pipeline.md, "Decisions").
 */
function sendComposed(pool: ComposedTransport, built: ComposedMail): Promise<{ response?: string }> {
  return new Promise((resolve, reject) => {
    pool.send(
      {
        data: {},
        message: {
          getEnvelope: () => ({ from: built.envelope.from, to: [...built.envelope.to] }),
          messageId: () => built.messageId,
          getHeader: (name: string) => (name.toLowerCase() === 'message-id' ? built.messageId : undefined),
          // A stream, as the pool expects: it tells whether any byte was read before a reused
          // connection dropped (readableDidRead), and only then sends the message over another.
          // One read gives the whole message and its end.
          createReadStream: () =>
            new Readable({
              read() {
                this.push(built.message);
                this.push(null);
              },
            }),
        },
      },
      (error, info) => (error ? reject(error) : resolve(info)),
    );
  });
}
