import { createHash } from 'node:crypto';
import PostalMime, { type Email } from 'postal-mime';
import type { AppContext } from '../../context.ts';
import { mailDomain } from '../emails/send.worker.ts';
import { type InboundAddress, parseInboundAddress, protocolsIn } from './addresses.ts';
import { readDeliveryReport } from './dsn.ts';
import { fileReply } from './file-reply.ts';
import { fileReport } from './file-report.ts';
import { findOriginalByProtocol, type OriginalMessage } from './inbound.queries.ts';
import { type InboundEnvelope, SMTP_TEXT, SmtpRefusal } from './smtp.ts';

/** Parsing limits beyond which a message is refused as malformed rather than parsed. */
const PARSE_OPTIONS = { maxNestingDepth: 50, maxHeadersSize: 512 * 1024, forceRfc822Attachments: true } as const;

/** RCPT TO: one of our addresses naming an AR-Email that exists, else the SMTP refusal. */
export async function checkRecipient(ctx: AppContext, address: string): Promise<InboundAddress> {
  const parsed = parseInboundAddress(address, mailDomain(ctx.config.mailFrom));
  if (!parsed) throw new SmtpRefusal(550, SMTP_TEXT.unknownAddress);
  if (parsed.uuid && !(await findOriginalByProtocol(ctx.db, parsed.uuid))) throw new SmtpRefusal(550, SMTP_TEXT.unknownAddress);
  return parsed;
}

/**
 * Files one message that arrived by SMTP (docs/inbound.md): per recipient, a reply becomes a
 * received message of the original's sender and the original's 'answered' event; a delivery
 * report becomes its 'delivered' or 'erro' event. Answers the 250 text, or throws SmtpRefusal.
 */
export async function fileInboundMessage(ctx: AppContext, raw: Buffer, envelope: InboundEnvelope): Promise<string> {
  const domain = mailDomain(ctx.config.mailFrom);
  let email: Email;
  try {
    // NUL bytes cannot be stored in a text column (and a failed insert would be a 451 the sender
    // retries for days): the filed fields lose them, the stored .eml keeps every byte.
    email = withoutNul(await PostalMime.parse(raw, PARSE_OPTIONS));
  } catch {
    throw new SmtpRefusal(554, SMTP_TEXT.malformed);
  }
  if (email.headers.length === 0 || !email.headers.some((h) => ['from', 'date', 'subject', 'message-id'].includes(h.key))) {
    throw new SmtpRefusal(554, SMTP_TEXT.noHeaders);
  }
  const sha256 = createHash('sha256').update(raw).digest('hex');
  const stored = { sha256, size: raw.length, key: '' };
  const storeRaw = async () => {
    // Named by its hash: the same bytes are stored once, whoever they were addressed to.
    if (!stored.key) {
      stored.key = `inbound/${sha256.slice(0, 2)}/${sha256}.eml`;
      await ctx.storage.put(stored.key, raw, 'message/rfc822');
    }
    return stored.key;
  };

  const replies: string[] = [];
  let refusal: SmtpRefusal | null = null;
  for (const rcpt of [...new Set(envelope.rcptTo.map((r) => r.toLowerCase()))]) {
    const address = parseInboundAddress(rcpt, domain);
    if (!address) continue;
    try {
      if (address.kind === 'reply') {
        const original = await findOriginal(ctx, [
          address.uuid,
          ...protocolsIn(email.inReplyTo, domain),
          ...protocolsIn(email.references, domain),
        ]);
        replies.push(await fileReply(ctx, original, email, envelope, rcpt, stored, storeRaw));
      } else {
        const report = readDeliveryReport(email, envelope.mailFrom, domain);
        if (!report) throw new SmtpRefusal(550, SMTP_TEXT.notAReport);
        const original = await findOriginal(ctx, [address.uuid, ...report.protocols]);
        replies.push(await fileReport(ctx, original, report, envelope, stored, storeRaw));
      }
    } catch (error) {
      if (!(error instanceof SmtpRefusal)) throw error;
      refusal ??= error;
    }
  }
  if (replies.length === 0) throw refusal ?? new SmtpRefusal(550, SMTP_TEXT.unknownAddress);
  return replies[0];
}

/** A copy of the parsed message with every NUL removed from its texts (attachment bytes untouched). */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '') as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)])) as T;
  }
  return value;
}

async function findOriginal(ctx: AppContext, protocols: (string | null)[]): Promise<OriginalMessage> {
  for (const uuid of protocols) {
    if (!uuid) continue;
    const found = await findOriginalByProtocol(ctx.db, uuid);
    if (found) return found;
  }
  throw new SmtpRefusal(550, SMTP_TEXT.noOriginal);
}
