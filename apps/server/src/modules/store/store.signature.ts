import { createHmac, timingSafeEqual } from 'node:crypto';

/** WooCommerce's X-WC-Webhook-Signature: base64 of HMAC-SHA256 over the raw body with the webhook secret. */
export function signWebhook(raw: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(raw).digest('base64');
}

export function isValidSignature(raw: Buffer, header: string | string[] | undefined, secret: string | undefined): boolean {
  if (!secret || typeof header !== 'string' || header.length === 0 || header.length > 200) return false;
  const expected = Buffer.from(signWebhook(raw, secret));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
