import type { FastifyInstance } from 'fastify';
import { metaSignature } from '../src/modules/channels/signatures.ts';

/** The business number's phone-number id the channel tests configure (WHATSAPP_PHONE_NUMBER_ID). */
export const META_PHONE_NUMBER_ID = '106540352242922';

/** A webhook delivery as Meta's documentation shows it: entry[].changes[].value, with the business number's metadata. */
export function metaWebhook(value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '551130000000', phone_number_id: META_PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/**
 * The headers Meta posts `raw` with: JSON and X-Hub-Signature-256 over exactly those bytes with
 * `secret`; `signature` puts another in its place (null: none at all).
 */
export function metaWebhookHeaders(raw: string | Buffer, secret: string, signature?: string | null): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['x-hub-signature-256'] = signature ?? metaSignature(secret, raw);
  return headers;
}

/** POST /v2/webhooks/whatsapp of `body` (JSON), as Meta posts it, signed over the bytes sent. */
export function postMetaWebhook(app: FastifyInstance, body: unknown, opts: { secret: string; signature?: string | null }) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: '/v2/webhooks/whatsapp',
    headers: metaWebhookHeaders(raw, opts.secret, opts.signature),
    payload: raw,
  });
}
