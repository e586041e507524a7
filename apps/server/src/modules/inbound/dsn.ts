import type { Email } from 'postal-mime';
import { protocolsIn } from './addresses.ts';

/**
 * What a delivery report says about the one AR-Email it is about (docs/inbound.md, "DSN"):
 * an RFC 3464 report (multipart/report with a message/delivery-status part), or a plain-text
 * bounce that carries an SMTP or enhanced status code.
 */
export interface DeliveryReport {
  source: 'dsn' | 'text';
  /** RFC 3464 §2.3.3 actions; a plain-text bounce is 'failed' (5.x.x) or 'delayed' (4.x.x). */
  action: 'delivered' | 'failed' | 'delayed' | 'relayed' | 'expanded';
  status: string | null;
  diagnosticCode: string | null;
  finalRecipient: string | null;
  remoteMta: string | null;
  reportingMta: string | null;
  /** The reason shown to the sender: the remote server's reply, else the status. */
  reason: string;
  /** Protocols named by the returned headers (Message-ID, X-AR-Protocolo), most trusted first. */
  protocols: string[];
}

const ACTIONS = new Set(['delivered', 'failed', 'delayed', 'relayed', 'expanded']);

export function textOf(content: ArrayBuffer | Uint8Array | string): string {
  if (typeof content === 'string') return content;
  return Buffer.from(content instanceof ArrayBuffer ? new Uint8Array(content) : content).toString('utf8');
}

/** Header blocks of a message/delivery-status body: continuation lines unfolded, names lower case. */
export function parseStatusFields(body: string): Record<string, string>[] {
  const blocks: Record<string, string>[] = [];
  let current: Record<string, string> = {};
  let last: string | null = null;
  for (const line of body.split(/\r?\n/)) {
    if (line.trim() === '') {
      if (Object.keys(current).length) blocks.push(current);
      current = {};
      last = null;
      continue;
    }
    if (/^[ \t]/.test(line) && last) {
      current[last] += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    current[last] = line.slice(colon + 1).trim();
  }
  if (Object.keys(current).length) blocks.push(current);
  return blocks;
}

/** "rfc822; ana@x" → "ana@x"; "smtp; 550 5.1.1 ..." → "550 5.1.1 ...". */
const afterType = (v: string | undefined) => (v ? v.replace(/^[\w-]+;\s*/, '').trim() : null);

function returnedProtocols(email: Email, domain: string): string[] {
  const out: string[] = [];
  for (const a of email.attachments) {
    if (a.mimeType !== 'text/rfc822-headers' && a.mimeType !== 'message/rfc822' && a.mimeType !== 'message/global-headers') continue;
    const head = textOf(a.content).split(/\r?\n\r?\n/)[0] ?? '';
    const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
    const protocol = /^x-ar-protocolo:\s*([0-9a-f-]{36})\s*$/im.exec(unfolded)?.[1];
    if (protocol) out.push(protocol.toLowerCase());
    const messageId = /^message-id:\s*(.+)$/im.exec(unfolded)?.[1];
    out.push(...protocolsIn(messageId, domain));
  }
  return [...new Set(out)];
}

function fromStatusPart(email: Email, domain: string): DeliveryReport | null {
  const part = email.attachments.find((a) => a.mimeType === 'message/delivery-status' || a.mimeType === 'message/global-delivery-status');
  if (!part) return null;
  const [perMessage = {}, ...perRecipient] = parseStatusFields(textOf(part.content));
  // Our messages have one recipient; a report about several reads its first failure, else its first entry.
  const entries = perRecipient.filter((r) => ACTIONS.has((r.action ?? '').toLowerCase()));
  const entry = entries.find((r) => r.action.toLowerCase() === 'failed') ?? entries[0];
  if (!entry) return null;
  const action = entry.action.toLowerCase() as DeliveryReport['action'];
  const status = entry.status?.match(/\d\.\d{1,3}\.\d{1,3}/)?.[0] ?? null;
  const diagnosticCode = afterType(entry['diagnostic-code']);
  return {
    source: 'dsn',
    action,
    status,
    diagnosticCode,
    finalRecipient: afterType(entry['final-recipient'] ?? entry['original-recipient']),
    remoteMta: afterType(entry['remote-mta']),
    reportingMta: afterType(perMessage['reporting-mta']),
    reason: (diagnosticCode ?? (status ? `${status} ${action}` : action)).slice(0, 1000),
    protocols: returnedProtocols(email, domain),
  };
}

const BOUNCE_SUBJECT =
  /undeliver|undelivered|delivery (status|failure|has failed)|returned mail|failure notice|mail delivery|n[ãa]o entregue|falha na entrega/i;
const BOUNCE_SENDER = /mailer-daemon|postmaster/i;

/** A bounce without a status part: it must look like one and carry a status code. */
function fromPlainText(email: Email, envelopeFrom: string, domain: string): DeliveryReport | null {
  const from = email.from && 'address' in email.from ? (email.from.address ?? '') : '';
  const looksLikeBounce = envelopeFrom === '' || BOUNCE_SENDER.test(from) || BOUNCE_SUBJECT.test(email.subject ?? '');
  if (!looksLikeBounce) return null;
  const text = email.text ?? '';
  const permanent = /\b5\d\d[ -]+5\.\d{1,3}\.\d{1,3}\b|\b5\.\d{1,3}\.\d{1,3}\b|^\s*5\d\d[ -]/m.exec(text);
  const temporary = permanent ? null : /\b4\d\d[ -]+4\.\d{1,3}\.\d{1,3}\b|\b4\.\d{1,3}\.\d{1,3}\b/m.exec(text);
  const match = permanent ?? temporary;
  if (!match) return null;
  const lineEnd = text.indexOf('\n', match.index);
  const reason = text
    .slice(match.index, lineEnd < 0 ? undefined : lineEnd)
    .trim()
    .slice(0, 1000);
  return {
    source: 'text',
    action: permanent ? 'failed' : 'delayed',
    status: /\d\.\d{1,3}\.\d{1,3}/.exec(reason)?.[0] ?? null,
    diagnosticCode: reason,
    finalRecipient: null,
    remoteMta: null,
    reportingMta: null,
    reason,
    protocols: returnedProtocols(email, domain),
  };
}

/** The delivery report of a message sent to a bounce address, or null when it is none. */
export function readDeliveryReport(email: Email, envelopeFrom: string, domain: string): DeliveryReport | null {
  return fromStatusPart(email, domain) ?? fromPlainText(email, envelopeFrom, domain);
}
