import { randomBytes } from 'node:crypto';

/**
 * The simulator's rules (docs/phone-simulator.md): how it names messages as each provider
 * does, which numbers "exist", and what happens to a message. Deterministic by the number, so a
 * demo and a test can pick an outcome.
 */

/** E.164 as Twilio takes it: '+', a country code that does not start with 0, 8 to 15 digits in all. */
export const isE164 = (n: string) => /^\+[1-9]\d{7,14}$/.test(n);

/** A Graph 'to': digits, with or without '+' (the Cloud API strips the rest), 8 to 15 of them. */
export const graphDigits = (to: string): string | null => {
  const digits = to.replace(/^\+/, '');
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
};

/** HTTP Basic credentials (Twilio's account SID and auth token, for messages and calls alike), or null. */
export function basicCredentials(authorization: string | undefined): { user: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** A callback address Twilio takes: http or https (else its 21609). */
export const validUrl = (v: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

/** Twilio's message SID: 'SM' and 32 hex digits. */
export const newTwilioSid = () => `SM${randomBytes(16).toString('hex')}`;

/** A WhatsApp message id as the Cloud API writes them: 'wamid.' and a base64 blob naming the number and a random id. */
export const newWamid = (digits: string) =>
  `wamid.${Buffer.concat([
    Buffer.from([0x18, digits.length]),
    Buffer.from(digits),
    Buffer.from([0x15, 0x02, 0x00, 0x11, 0x18, 0x12]),
    Buffer.from(randomBytes(9).toString('hex').toUpperCase()),
    Buffer.from([0x00]),
  ]).toString('base64')}`;

/** A Graph trace id, as every Graph error carries. */
export const newFbtraceId = () => `A${randomBytes(15).toString('base64url')}`;

/** The subscriber part: the number's last four digits decide its fate. */
const lastFour = (n: string) => n.replace(/\D/g, '').slice(-4);

export type SmsOutcome = { status: 'delivered' } | { status: 'undelivered'; errorCode: 30003 | 30005 };

/**
 * An SMS's end: numbers ending in 0000 do not exist (undelivered, 30005 Unknown destination
 * handset); ending in 0003 the phone is off or out of coverage (undelivered, 30003 Unreachable
 * destination handset); every other number receives it (delivered).
 */
export function smsOutcome(to: string): SmsOutcome {
  const tail = lastFour(to);
  if (tail === '0000') return { status: 'undelivered', errorCode: 30005 };
  if (tail === '0003') return { status: 'undelivered', errorCode: 30003 };
  return { status: 'delivered' };
}

export type WhatsappOutcome = { status: 'delivered' } | { status: 'failed'; errorCode: 131026 };

/**
 * A WhatsApp message's end: numbers ending in 0000 are not on WhatsApp (failed, 131026 Message
 * undeliverable); every other is delivered, and read when the person opens the conversation on
 * /dev/telefone.
 */
export function whatsappOutcome(digits: string): WhatsappOutcome {
  return lastFour(digits) === '0000' ? { status: 'failed', errorCode: 131026 } : { status: 'delivered' };
}

/**
 * A phone that answers by itself, so an unattended demo shows replies too: numbers ending in 1111.
 * Its SMS owner writes AUTO_REPLY back; on WhatsApp it reads the message and presses the
 * template's quick-reply button (or writes AUTO_REPLY when there is none). Every other number
 * answers only from /dev/telefone.
 */
export const answersByItself = (n: string) => lastFour(n) === '1111';

export const AUTO_REPLY = 'Recebido, obrigado.';

/** Twilio's texts for the error codes the simulator gives. */
export const TWILIO_ERRORS: Record<number, string> = {
  30003: 'Unreachable destination handset',
  30005: 'Unknown destination handset',
};

/** GSM-7's basic set: a text of only these goes as GSM-7 (160 a segment), anything else as UCS-2 (70). */
const GSM7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXT = '^{}\\[~]|€\f';

/** How many segments Twilio bills a body as (num_segments). */
export function smsSegments(body: string): number {
  const chars = [...body];
  const gsm = chars.every((c) => GSM7.includes(c) || GSM7_EXT.includes(c));
  if (gsm) {
    const units = chars.reduce((n, c) => n + (GSM7_EXT.includes(c) ? 2 : 1), 0);
    return units <= 160 ? 1 : Math.ceil(units / 153);
  }
  const units = body.length; // UTF-16 code units
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/**
 * The one template the simulated WhatsApp Business account has approved (its name is
 * config.channels.meta.template): pt_BR, a body of three parameters (the sender, the subject, the
 * public page's link) and a quick-reply button whose payload the send chooses (the phone shows the
 * payload as the button's text). Another name or language is 132001, another parameter count
 * 132000, as Graph answers them.
 */
export const SIMULATED_TEMPLATE = {
  language: 'pt_BR',
  params: 3,
  body: '{{1}} enviou a você uma mensagem registrada pelo AR Online.\nAssunto: {{2}}\nLeia em: {{3}}',
};
