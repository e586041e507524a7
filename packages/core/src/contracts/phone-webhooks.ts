import { z } from '../zod.ts';

/**
 * What a provider's verified callback did: events recorded, already recorded (a retried delivery),
 * of no message of ours, and (only when there were any) replies kept unassigned because they matched
 * messages of more than one tenant (docs/unassigned-replies.md).
 */
export const phoneWebhookResponse = z.object({
  ok: z.literal(true),
  recorded: z.number().int(),
  repeated: z.number().int(),
  unknown: z.number().int(),
  unassigned: z.number().int().optional(),
});
export type PhoneWebhookResponse = z.infer<typeof phoneWebhookResponse>;

/** Meta's verification handshake (GET /webhooks/whatsapp). */
export const whatsappHandshakeQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/** Zenvia's address per channel (POST /webhooks/zenvia/{sms|whatsapp}); another channel is 404. */
export const zenviaWebhookParams = z.object({ channel: z.enum(['sms', 'whatsapp']) });
