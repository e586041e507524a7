/**
 * The product's own inbound addresses (docs/inbound.md). send.worker.ts gives each AR-Email the
 * Reply-To `resposta+<protocol>@<domain>` and the envelope sender `retorno+<protocol>@<domain>`
 * (replyAddress, bounceAddress below, next to the parser that reads them back);
 * `resposta@` and `retorno@` without a protocol are accepted too, and the message is then tied
 * to its AR-Email by its In-Reply-To / References (or, for a bounce, the returned headers).
 */
export type InboundKind = 'reply' | 'bounce';

export interface InboundAddress {
  kind: InboundKind;
  /** The protocol (ema_uni_id) of the AR-Email, when the address carries it. */
  uuid: string | null;
}

export const replyAddress = (uuid: string, domain: string) => `resposta+${uuid}@${domain}`;
export const bounceAddress = (uuid: string, domain: string) => `retorno+${uuid}@${domain}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LOCAL = /^(resposta|retorno)(?:\+([^@]+))?$/;

/** What an RCPT TO address means here, or null when it is not one of ours. */
export function parseInboundAddress(address: string, domain: string): InboundAddress | null {
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  if (address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const match = LOCAL.exec(address.slice(0, at).toLowerCase());
  if (!match) return null;
  const kind: InboundKind = match[1] === 'resposta' ? 'reply' : 'bounce';
  if (match[2] === undefined) return { kind, uuid: null };
  return UUID.test(match[2]) ? { kind, uuid: match[2] } : null;
}

/**
 * Protocols named by Message-IDs of ours (`<uuid@domain>`) in a header such as In-Reply-To or
 * References, most recent first (References lists the oldest first).
 */
export function protocolsIn(header: string | undefined, domain: string): string[] {
  if (!header) return [];
  const out: string[] = [];
  const re = /<([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@([^>\s]+)>/gi;
  for (const m of header.matchAll(re)) {
    if (m[2].toLowerCase() === domain.toLowerCase()) out.push(m[1].toLowerCase());
  }
  return out.reverse();
}
