/**
 * The texts of the phone channels (docs/channels.md), composed the same way by the server (what is
 * sent, stored and hashed) and by the compose screen (what it shows and counts): the SMS notice,
 * the WhatsApp text, the numbers in E.164 and the SMS segment count.
 */

/** GSM 03.38's basic character set: one septet each. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: two septets each (escape + character). */
const GSM7_EXTENDED = '^{}\\[~]|€\f';

const basic = new Set(GSM7_BASIC);
const extended = new Set(GSM7_EXTENDED);

/** Whether every character of `text` is in the GSM-7 alphabet (basic or extension). */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!basic.has(ch) && !extended.has(ch)) return false;
  return true;
}

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  length: number;
  segments: number;
}

/**
 * How many SMS segments `text` takes: GSM-7 160 septets in one, 153 per part when concatenated
 * (an extension character costs two); otherwise UCS-2, 70 in one, 67 per part.
 */
export function smsSegments(text: string): SmsSegments {
  if (isGsm7(text)) {
    let length = 0;
    for (const ch of text) length += extended.has(ch) ? 2 : 1;
    return { encoding: 'GSM-7', length, segments: length === 0 ? 0 : length <= 160 ? 1 : Math.ceil(length / 153) };
  }
  const length = text.length;
  return { encoding: 'UCS-2', length, segments: length <= 70 ? 1 : Math.ceil(length / 67) };
}

/**
 * A name kept in GSM-7: an accented letter the alphabet lacks (ã, ê, ç, í…) becomes its letter
 * without the accent; one it has (é, à, ü, ñ, Ç…) stays; anything else outside it becomes a space.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const ch of text) {
    if (basic.has(ch) || extended.has(ch)) out += ch;
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base.length > 0 && isGsm7(base) ? base : ' ';
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** The public page's address for a channel: opening it records that channel's read (spec 002 §1, query flags). */
export function publicPageLink(publicUrl: string, uuid: string, channel: 'email' | 'sms' | 'whatsapp'): string {
  return `${publicUrl.replace(/\/+$/, '')}/emails/info/public/${uuid}?${channel}=1`;
}

/** Where the screen shows a number in the text before the message exists: the link's uuid replaced by a placeholder of the same length. */
export const PREVIEW_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * The AR-SMS text: the sender's name, a short notice and the public page's address with the sms
 * flag. The notice has no accents, so the text stays in GSM-7 (and the name is kept in it, see
 * toGsm7). One segment (160) when it fits: the full notice, else the short one, else the short one
 * with the name cut (to no less than 12 characters); otherwise two segments, the name cut if it
 * must. The address is never cut.
 */
export function composeSmsText(nameFrom: string, link: string): string {
  const name = toGsm7(nameFrom) || 'AR Online';
  const long = (n: string) => `${n} enviou uma mensagem registrada (AR Online): ${link}`;
  const short = (n: string) => `${n}: mensagem registrada AR Online ${link}`;
  const fits = (text: string, segments: number) => smsSegments(text).segments <= segments;
  if (fits(long(name), 1)) return long(name);
  if (fits(short(name), 1)) return short(name);
  const cutTo = (build: (n: string) => string, segments: number, min: number) => {
    for (let n = name.length - 1; n >= min; n--) {
      const text = build(name.slice(0, n).trim());
      if (fits(text, segments)) return text;
    }
    return null;
  };
  return cutTo(short, 1, 12) ?? (fits(long(name), 2) ? long(name) : (cutTo(long, 2, 1) ?? long(name.slice(0, 1))));
}

/** The AR-WhatsApp text (the template's parameters carry the same parts): sender, subject, the page with the whatsapp flag. */
export function composeWhatsappText(nameFrom: string, subject: string, link: string): string {
  return `${nameFrom.trim()} enviou a você uma mensagem registrada pelo AR Online: "${subject.trim()}". Acesse a mensagem: ${link}`;
}

/** The acknowledgment button's text of an AR-WhatsApp (ema_uni_whatsapp_status). */
export const WHATSAPP_ACK_BUTTON = 'Confirmo o recebimento';

/**
 * A Brazilian number as the providers take it (E.164): 10 or 11 digits get +55; 12 or 13 digits
 * already carry the country code. Null for anything else.
 */
export function phoneE164(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10 || digits.length === 11) return `+55${digits}`;
  if (digits.length === 12 || digits.length === 13) return `+${digits}`;
  return null;
}
