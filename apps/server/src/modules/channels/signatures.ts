import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The providers' callback signatures, computed the one way both sides use: the adapters verify
 * with these, the embedded simulator signs with them.
 */

/**
 * Twilio's X-Twilio-Signature: Base64 HMAC-SHA1, keyed with the auth token, over the full callback
 * URL followed by each POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Meta's X-Hub-Signature-256: 'sha256=' + the hex HMAC-SHA256 of the raw body, keyed with the app secret. */
export function metaSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Compares a received signature with the expected one in constant time; a missing one is false. */
export function sameSignature(received: string | undefined, expected: string): boolean {
  if (!received) return false;
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
