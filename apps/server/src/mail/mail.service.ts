import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { DB } from '../db/schema.ts';
import { createSmtpThread } from './smtp-thread.ts';

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
 * The one way mail leaves the product. With SMTP_URL it is a pooled nodemailer transport in a
 * thread of its own; without, nodemailer still builds the real MIME message, and it is kept in
 * the database (caixa_saida) where the embedded mailbox page shows it as the recipient would.
 */
export function createMailService(opts: { smtpUrl?: string; from: string; db: Kysely<DB> }): MailService {
  if (opts.smtpUrl) {
    // Composition and the SMTP conversation run in a thread of their own (smtp-thread.ts).
    const thread = createSmtpThread(opts.smtpUrl);
    return {
      mode: 'smtp',
      send: (mail) => thread.send({ from: opts.from, ...mail }),
      close: () => thread.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'captured',
    async send(mail) {
      const info = await builder.sendMail({ from: opts.from, ...mail });
      const raw = (info.message as Buffer).toString('utf8');
      await opts.db
        .insertInto('caixa_saida')
        .values({
          cai_message_id: info.messageId,
          cai_from: mail.from ?? opts.from,
          cai_to: mail.to,
          cai_subject: mail.subject,
          cai_html: mail.html,
          cai_text: mail.text,
          cai_raw: raw,
        })
        .execute();
      return { messageId: info.messageId, response: 'captured' };
    },
    close: () => {},
  };
}
