import {
  type ChannelProvider,
  type OutgoingPhoneMessage,
  PermanentProviderError,
  type PhoneChannel,
  type ProviderAcceptance,
  type ProviderEvent,
  type ProviderRequest,
  type ProviderStatusEvent,
} from '../channel.ts';
import { sameSignature } from '../signatures.ts';
import { arr, callProvider, dateOr, digitsOf, e164Of, headerOf, obj, parseJson, retryableError, str } from './provider-http.ts';

/**
 * SMS and WhatsApp through Zenvia's API v2 (docs/zenvia.md): one API for both
 * channels, so one adapter per channel from the same factory. Zenvia does not sign its callbacks:
 * it sends back the headers registered on the subscription, so the product registers a secret
 * header and refuses any callback without it.
 */

/** config.channels.zenvia (ZENVIA_*). */
export interface ZenviaSettings {
  apiUrl: string;
  apiToken: string;
  fromSms: string;
  fromWhatsapp: string;
  webhookSecret: string;
}

export interface ZenviaOptions {
  /** PUBLIC_URL: the subscriptions' webhooks are under it. */
  publicUrl: string;
  /** WhatsApp: the approved template's id at Zenvia (WHATSAPP_TEMPLATE). */
  whatsappTemplate: string;
}

/** The header every subscription sends back (its value: ZENVIA_WEBHOOK_SECRET). */
export const ZENVIA_SECRET_HEADER = 'X-AR-Webhook-Secret';

/** Where Zenvia posts a channel's events. */
export function zenviaWebhookUrl(publicUrl: string, channel: PhoneChannel): string {
  return `${publicUrl.replace(/\/+$/, '')}/v2/webhooks/zenvia/${channel}`;
}

/** MESSAGE_STATUS codes → ours. READ is the recipient's app receipt: 'viewed', as WhatsApp's blue ticks (docs/zenvia.md). */
const STATUS_MAP: Record<string, ProviderStatusEvent['status']> = {
  SENT: 'send',
  DELIVERED: 'delivered',
  READ: 'viewed',
  NOT_DELIVERED: 'erro',
  REJECTED: 'erro',
};

/**
 * The template's fields for an AR-WhatsApp: the template registered at Zenvia names its
 * variables remetente, assunto and link (its quick-reply button is part of the template).
 */
export function zenviaTemplateFields(msg: OutgoingPhoneMessage): Record<string, string> {
  return { remetente: msg.nameFrom, assunto: msg.subject, link: msg.publicLink };
}

const SUBSCRIBED_EVENTS = ['MESSAGE_STATUS', 'MESSAGE'] as const;

interface Subscription {
  id?: string;
  eventType?: string;
  status?: string;
  criteria?: { channel?: string; direction?: string };
  webhook?: { url?: string; headers?: Record<string, string> };
}

function statusEvent(event: Record<string, unknown>): ProviderStatusEvent | null {
  const status = obj(event.messageStatus);
  const code = str(status.code) ?? '';
  const providerId = str(event.messageId) ?? str(obj(event.message).id);
  const ours = STATUS_MAP[code];
  if (!providerId || !ours) return null;
  const timestamp = str(status.timestamp) ?? str(event.timestamp);
  const result: ProviderStatusEvent = {
    kind: 'status',
    providerId,
    status: ours,
    eventKey: str(event.id) ?? `${providerId}:${code}:${timestamp ?? ''}`,
    at: dateOr(timestamp ? new Date(timestamp) : null),
    raw: event,
  };
  if (ours === 'erro') {
    const causes = arr(status.causes).map((c) => {
      const cause = obj(c);
      return [str(cause.channelErrorCode), str(cause.reason), str(cause.details)].filter(Boolean).join(' ');
    });
    result.reason = [code, causes.filter(Boolean).join('; ') || str(status.description)].filter(Boolean).join(': ');
  }
  return result;
}

/** A MESSAGE event the recipient sent (direction IN): a text, or a button's text with its payload. */
function replyEvent(event: Record<string, unknown>): ProviderEvent | null {
  const message = obj(event.message);
  const direction = str(message.direction) ?? str(event.direction);
  const from = str(message.from);
  if (direction !== 'IN' || !from) return null;
  const content = obj(arr(message.contents)[0]);
  const type = str(content.type);
  let text: string | undefined;
  let button = false;
  if (type === 'text') {
    text = str(content.text);
    // A quick-reply button comes as its text with the button's payload beside it.
    button = str(content.payload) !== undefined;
  } else if (type === 'button') {
    text = str(content.text) ?? str(content.payload);
    button = true;
  }
  if (text === undefined) return null;
  const replyTo = str(obj(content.replyTo).messageId);
  const timestamp = str(message.timestamp) ?? str(event.timestamp);
  return {
    kind: 'reply',
    from: e164Of(from),
    ...(replyTo ? { providerId: replyTo } : {}),
    text,
    button,
    eventKey: str(event.id) ?? str(message.id) ?? `${from}:${timestamp ?? ''}`,
    at: dateOr(timestamp ? new Date(timestamp) : null),
    raw: event,
  };
}

export function zenviaProvider(channel: PhoneChannel, settings: ZenviaSettings, options: ZenviaOptions): ChannelProvider {
  const api = settings.apiUrl.replace(/\/+$/, '');
  const auth = { 'X-API-TOKEN': settings.apiToken };
  const webhookUrl = zenviaWebhookUrl(options.publicUrl, channel);

  /** POST /v2/channels/{channel}/messages from the channel's sender; Zenvia's id, or the refusal classified. */
  async function postMessage(to: string, contents: unknown[]): Promise<ProviderAcceptance> {
    const answer = await callProvider({ provider: 'zenvia', operation: 'message' }, `${api}/v2/channels/${channel}/messages`, {
      method: 'POST',
      headers: auth,
      body: { from: channel === 'sms' ? settings.fromSms : settings.fromWhatsapp, to: digitsOf(to), contents },
    });
    const body = obj(answer.json);
    if (answer.ok) {
      const id = str(body.id);
      if (!id) throw new Error(`Zenvia respondeu ${answer.status} sem id: ${answer.text.slice(0, 300)}`);
      return { providerId: id, raw: answer.json };
    }
    const details = arr(body.details)
      .map((d) => [str(obj(d).path), str(obj(d).message)].filter(Boolean).join(': '))
      .filter(Boolean);
    const text = [str(body.code), str(body.message), ...details].filter(Boolean).join(' — ') || answer.text.slice(0, 300);
    // 400/422: the request as built is refused (the number, the template's fields); it never
    // becomes acceptable by waiting. 401/403 (the token) and 5xx are retried by the queue; a 429
    // waits its Retry-After (provider-pool.ts).
    if (answer.status === 400 || answer.status === 422) throw new PermanentProviderError(`Recusado pela Zenvia: ${text}`, answer.json);
    throw retryableError(answer, `Zenvia respondeu ${answer.status}: ${text}`);
  }

  return {
    name: 'zenvia',
    channel,

    send(msg: OutgoingPhoneMessage): Promise<ProviderAcceptance> {
      const contents =
        channel === 'sms'
          ? [{ type: 'text', text: msg.text }]
          : [{ type: 'template', templateId: options.whatsappTemplate, fields: zenviaTemplateFields(msg) }];
      return postMessage(msg.to, contents);
    },

    sendText(to: string, text: string): Promise<ProviderAcceptance> {
      // A text on either channel (WhatsApp inside the 24-hour window the recipient's message opened).
      return postMessage(to, [{ type: 'text', text }]);
    },

    verify(req: ProviderRequest): boolean {
      if (req.method !== 'POST' || !settings.webhookSecret) return false;
      return sameSignature(headerOf(req, ZENVIA_SECRET_HEADER), settings.webhookSecret);
    },

    parse(req: ProviderRequest): ProviderEvent[] {
      const body = parseJson(req.rawBody);
      const events: ProviderEvent[] = [];
      for (const item of Array.isArray(body) ? body : [body]) {
        const event = obj(item);
        // An event of another channel posted at this channel's address is not this adapter's.
        const eventChannel = str(event.channel) ?? str(obj(event.message).channel);
        if (eventChannel && eventChannel !== channel) continue;
        const parsed = str(event.type) === 'MESSAGE_STATUS' ? statusEvent(event) : str(event.type) === 'MESSAGE' ? replyEvent(event) : null;
        if (parsed) events.push(parsed);
      }
      return events;
    },

    /**
     * This channel's two subscriptions (MESSAGE_STATUS, and MESSAGE for the replies) pointing at
     * our webhook with the secret header: created when missing, updated when the secret or the
     * state changed, never created twice for the same address.
     */
    async ensureSubscriptions(): Promise<void> {
      if (!settings.webhookSecret) throw new Error('ZENVIA_WEBHOOK_SECRET não definido: as inscrições da Zenvia não foram criadas');
      const listed = await callProvider({ provider: 'zenvia', operation: 'subscription' }, `${api}/v2/subscriptions`, {
        method: 'GET',
        headers: auth,
      });
      if (!listed.ok) throw new Error(`Zenvia: GET /v2/subscriptions respondeu ${listed.status}: ${listed.text.slice(0, 300)}`);
      const existing = arr(listed.json) as Subscription[];
      const webhook = { url: webhookUrl, headers: { [ZENVIA_SECRET_HEADER]: settings.webhookSecret } };
      for (const eventType of SUBSCRIBED_EVENTS) {
        const found = existing.find((s) => s?.eventType === eventType && s.criteria?.channel === channel && s.webhook?.url === webhookUrl);
        if (!found) {
          const criteria = eventType === 'MESSAGE' ? { channel, direction: 'IN' } : { channel };
          const created = await callProvider({ provider: 'zenvia', operation: 'subscription' }, `${api}/v2/subscriptions`, {
            method: 'POST',
            headers: auth,
            body: { eventType, criteria, webhook },
          });
          if (!created.ok)
            throw new Error(`Zenvia: a inscrição ${eventType} (${channel}) respondeu ${created.status}: ${created.text.slice(0, 300)}`);
          continue;
        }
        const headers = found.webhook?.headers;
        const staleSecret = headers !== undefined && headerValue(headers, ZENVIA_SECRET_HEADER) !== settings.webhookSecret;
        if ((staleSecret || found.status === 'INACTIVE') && found.id) {
          const patched = await callProvider(
            { provider: 'zenvia', operation: 'subscription' },
            `${api}/v2/subscriptions/${encodeURIComponent(found.id)}`,
            {
              method: 'PATCH',
              headers: auth,
              body: { webhook, status: 'ACTIVE' },
            },
          );
          if (!patched.ok)
            throw new Error(`Zenvia: a atualização da inscrição ${found.id} respondeu ${patched.status}: ${patched.text.slice(0, 300)}`);
        }
      }
    },
  };
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}
