/** The channels and their statuses: names, labels, the sent list's filter and the reached bits. */
import { z } from '../zod.ts';

export const CHANNELS = ['email', 'sms', 'whatsapp', 'voz', 'carta'] as const;
export type Channel = (typeof CHANNELS)[number];
export const channelSchema = z.enum(CHANNELS);

/** The channels as the product names them. */
export const CHANNEL_NAMES: Record<Channel, string> = {
  email: 'AR-Email',
  sms: 'AR-SMS',
  whatsapp: 'AR-WhatsApp',
  voz: 'AR-Voz',
  carta: 'AR-Carta',
};
export const STATUS_TYPES = [
  'processed',
  'send',
  'delivered',
  'viewed',
  'read',
  'track',
  'acknowledged',
  'answered',
  'erro',
  'click',
  'download',
] as const;
export type StatusType = (typeof STATUS_TYPES)[number];
export const statusTypeSchema = z.enum(STATUS_TYPES);

export const STATUS_LABELS: Record<StatusType, { label: string; color: string }> = {
  processed: { label: 'Processado', color: 'gray' },
  send: { label: 'Enviado', color: 'blue' },
  delivered: { label: 'Entregue', color: 'teal' },
  viewed: { label: 'Visualizado', color: 'cyan' },
  read: { label: 'Lido', color: 'green' },
  track: { label: 'Lido', color: 'green' },
  acknowledged: { label: 'Confirmado', color: 'grape' },
  answered: { label: 'Respondido', color: 'indigo' },
  erro: { label: 'Falha no Envio/Entrega', color: 'red' },
  // Evidence of the recipient's actions on the public page; they do not change the current status.
  click: { label: 'Link acessado', color: 'green' },
  download: { label: 'Anexo baixado', color: 'green' },
};

/** How the timeline marks an open or a click made by a program (docs/reads.md): evidence, not a read. */
export const AUTOMATED_MARK = ' (automático, não conta como leitura)';

/**
 * The status filter of the sent list (spec 000 §4), per channel. E-mail has the spec's four plus
 * the statuses an e-mail shows that the spec's list lacks (Enviado, Confirmado, Respondido); SMS and
 * WhatsApp as the spec lists them plus their replies (Respondido; WhatsApp's button, Confirmado),
 * which those channels record. An option means
 * "the message reached this status" (docs/sent-list.md, "Status filter"): a read message stays under
 * Lido after it is confirmed.
 */
export const STATUS_FILTER: Record<Channel, StatusType[]> = {
  email: ['processed', 'send', 'delivered', 'read', 'acknowledged', 'answered', 'erro'],
  sms: ['processed', 'send', 'delivered', 'read', 'answered', 'erro'],
  whatsapp: ['processed', 'send', 'delivered', 'read', 'acknowledged', 'answered', 'erro'],
  /** AR-Voz (docs/voice.md): answered (send), completed (delivered), 1 pressed (acknowledged), another key (answered), failed. */
  voz: ['processed', 'send', 'delivered', 'acknowledged', 'answered', 'erro'],
  /** AR-Carta (docs/letters.md): posted (send, 'Postado'), delivered with the digital AR, returned or refused (erro). */
  carta: ['processed', 'send', 'delivered', 'erro'],
};

/**
 * One bit per status a channel of a message has reached (the columns ema_alcance_* of `emails`):
 * set by each event that counts as a status (not the automated opens, clicks or downloads), never
 * cleared.
 */
export const REACHED_BITS: Partial<Record<StatusType, number>> = {
  processed: 1,
  send: 2,
  delivered: 4,
  viewed: 8,
  erro: 16,
  track: 32,
  read: 64,
  acknowledged: 128,
  answered: 256,
};

/**
 * The bits a set of filter options matches: 'Lido' is a read on the public page, by the tracking
 * image (both shown as Lido) or WhatsApp's read receipt ('Visualizado', the app's blue ticks).
 */
export function reachedMask(types: StatusType[]): number {
  let mask = 0;
  for (const t of types)
    mask |= (REACHED_BITS[t] ?? 0) | (t === 'read' ? (REACHED_BITS.track as number) | (REACHED_BITS.viewed as number) : 0);
  return mask;
}

/** One status of a channel as the sent list and detail show it: its label, colour and when (ISO 8601 UTC). */
export const statusEntrySchema = z.object({ type: statusTypeSchema, label: z.string(), color: z.string(), dateTime: z.string() });
export type StatusEntry = z.infer<typeof statusEntrySchema>;
