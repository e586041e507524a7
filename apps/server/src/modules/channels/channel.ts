import type { StatusType } from '@ar/core';

/**
 * The phone channels (docs/channels.md): one interface, implemented per provider (Twilio SMS,
 * Meta's WhatsApp Cloud API, Zenvia for both), so the pipeline — the send worker, the webhook
 * routes, the evidence — never names a provider. The embedded simulator serves each provider's
 * own HTTP protocol, so the same adapter runs in every mode.
 */
export type PhoneChannel = 'sms' | 'whatsapp';

export type ProviderName = 'twilio' | 'meta' | 'zenvia';

/** One message to hand to a provider: everything it needs, already composed (no lookups inside an adapter). */
export interface OutgoingPhoneMessage {
  cod_email: number;
  /** The message's protocol (ema_uni_id). */
  uuid: string;
  channel: PhoneChannel;
  /** The number called, E.164 (+55…). */
  to: string;
  /** The sender's name as the recipient sees it (ema_uni_name_from). */
  nameFrom: string;
  subject: string;
  /** The public page address with the channel's flag (…/emails/info/public/{uuid}?sms=1 or ?whatsapp=1). */
  publicLink: string;
  /** The whole text: the SMS body, or WhatsApp's text where the provider takes plain text. */
  text: string;
  /** WhatsApp: the acknowledgment button's text (ema_uni_whatsapp_status). */
  ackButton?: string | null;
  /** Where the provider posts this message's status callbacks (Twilio's StatusCallback), under PUBLIC_URL. */
  statusCallbackUrl: string;
}

/** The provider's acceptance: its message id (Twilio's sid, Meta's wamid, Zenvia's id) and its answer as given. */
export interface ProviderAcceptance {
  providerId: string;
  raw: unknown;
}

/**
 * A refusal the provider will not change its mind about (an invalid number, a blocked account):
 * the message ends in 'erro' with `reason` and its credit is refunded. Anything else an adapter
 * throws is retried by the queue.
 */
export class PermanentProviderError extends Error {
  constructor(
    readonly reason: string,
    readonly raw: unknown = null,
  ) {
    super(reason);
  }
}

/** A provider's HTTP callback as received, before anything is believed of it. */
export interface ProviderRequest {
  method: 'GET' | 'POST';
  /** The full address the provider called (PUBLIC_URL + path + query): Twilio signs it. */
  url: string;
  headers: Record<string, string | undefined>;
  /** The body's bytes exactly as received: Meta signs them. */
  rawBody: Buffer;
  /** A form-encoded body, parsed (Twilio). */
  form: Record<string, string>;
  query: Record<string, string>;
}

interface EventBase {
  /**
   * What makes a delivery of this event unique at the provider (Zenvia's event id; Twilio's
   * MessageSid + MessageStatus; Meta's wamid + status + timestamp): a retried callback is recorded once.
   */
  eventKey: string;
  /** When the provider says it happened (apply by this, not by arrival). */
  at: Date;
  /** The provider's payload of this one event, kept (hashed in the chain) as evidence. */
  raw: unknown;
}

/** A message's progress at the provider. `status` is ours: send, delivered, read (WhatsApp: viewed), erro. */
export interface ProviderStatusEvent extends EventBase {
  kind: 'status';
  providerId: string;
  status: Extract<StatusType, 'send' | 'delivered' | 'viewed' | 'read' | 'erro'>;
  /** Why it failed ('erro'): the provider's code and text. */
  reason?: string;
}

/** The recipient wrote back, or pressed the acknowledgment button. */
export interface ProviderReplyEvent extends EventBase {
  kind: 'reply';
  /** The sender of the reply, E.164. */
  from: string;
  /**
   * The message answered, when the provider says (WhatsApp's context.id): filed to it when it is
   * ours; otherwise the rule of replies without a reference (docs/unassigned-replies.md).
   */
  providerId?: string;
  text: string;
  /** true: the acknowledgment button ('acknowledged'); false: a text reply ('answered'). */
  button: boolean;
}

export type ProviderEvent = ProviderStatusEvent | ProviderReplyEvent;

export interface ChannelProvider {
  readonly name: ProviderName;
  readonly channel: PhoneChannel;
  /** Hands the message to the provider over its real protocol. Throws PermanentProviderError for a refusal for good. */
  send(msg: OutgoingPhoneMessage): Promise<ProviderAcceptance>;
  /**
   * A plain text to a number, outside any registered message: the notice that a reply could not be
   * tied to a message (docs/unassigned-replies.md). No status callback is asked
   * for and nothing of it is evidence. WhatsApp takes it because the recipient has just written
   * (the 24-hour customer service window). Throws PermanentProviderError for a refusal for good.
   */
  sendText(to: string, text: string): Promise<ProviderAcceptance>;
  /** Whether a callback really comes from the provider (signature or registered secret). False: 403, nothing recorded. */
  verify(req: ProviderRequest): boolean;
  /** The events of a verified callback (none for what the product does not track). */
  parse(req: ProviderRequest): ProviderEvent[];
  /** Makes sure the provider calls the product back (Zenvia's subscriptions); run at start. */
  ensureSubscriptions?(): Promise<void>;
}
