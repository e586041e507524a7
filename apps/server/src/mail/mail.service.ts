import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB } from '../db/schema.ts';
import { createComposer } from './composer.ts';
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
}

export interface SentMail {
  messageId: string;
  /** The relay's final reply ("250 2.0.0 Ok: queued as ..."), or "captured" in embedded mode. */
  response: string;
}

export interface MailService {
  readonly mode: 'smtp' | 'captured';
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
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
    return {
      mode: 'smtp',
      async send(mail) {
        const built = await composer.compose({ from: opts.from, ...mail });
        const info = await transport.sendMail({ envelope: built.envelope, raw: built.message, messageId: built.messageId });
        return { messageId: built.messageId, response: info.response ?? '' };
      },
      close: () => {
        transport.close();
        composer.close();
      },
    };
  }
  const composer = createComposer('unix');
  return {
    mode: 'captured',
    async send(mail) {
      const info = await composer.compose({ from: opts.from, ...mail });
      const raw = info.message.toString('utf8');
      await insertCapturedMail(opts.db, {
        cai_message_id: info.messageId,
        cai_from: mail.from ?? opts.from,
        cai_to: mail.to,
        cai_subject: mail.subject,
        cai_html: mail.html,
        cai_text: mail.text,
        cai_raw: raw,
      });
      return { messageId: info.messageId, response: 'captured' };
    },
    close: () => composer.close(),
  };
}
