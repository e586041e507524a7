import {
  type ChannelProvider,
  type OutgoingPhoneMessage,
  PermanentProviderError,
  type ProviderAcceptance,
  type ProviderEvent,
  type ProviderRequest,
  type ProviderStatusEvent,
} from '../channel.ts';
import { metaSignature, sameSignature } from '../signatures.ts';
import { arr, callProvider, dateOr, digitsOf, e164Of, headerOf, obj, parseJson, retryableError, str } from './provider-http.ts';

/**
 * WhatsApp through Meta's WhatsApp Business Cloud API (docs/whatsapp.md): the
 * send is a template message (business-initiated conversations must be), the webhook's statuses and
 * the recipient's messages become events. The embedded simulator serves the same Graph paths, so
 * this adapter runs in every mode.
 */

/** config.channels.meta (WHATSAPP_*). */
export interface MetaSettings {
  apiUrl: string;
  phoneNumberId: string;
  token: string;
  appSecret: string;
  verifyToken: string;
  /** The approved template's name (language pt_BR). */
  template: string;
}

export interface MetaProvider extends ChannelProvider {
  readonly name: 'meta';
  readonly channel: 'whatsapp';
  /** The webhook's verification handshake (GET): the challenge to echo, or null (403). */
  handshake(query: Record<string, string | undefined>): string | null;
}

export const TEMPLATE_LANGUAGE = 'pt_BR';

/**
 * Graph error codes that refuse this message for good, so it ends in 'erro' with its credit
 * refunded; any other code (rate limits, Meta's outages, the token or the account at fault) is
 * thrown and retried by the queue. A template problem (132xxx) is permanent too: the message as the
 * template stands cannot go, and holding it in the queue would hide the failure from its sender.
 */
export const META_PERMANENT_CODES = new Set([
  100, // invalid parameter
  131008, // required parameter missing
  131009, // parameter value not valid
  131021, // recipient cannot be the sender
  131026, // message undeliverable (not a WhatsApp user, old app, terms not accepted)
  131030, // recipient not in the allowed list (test numbers)
  131047, // re-engagement: more than 24 hours since the recipient's last message
  131050, // the recipient stopped this business's marketing messages
  131051, // unsupported message type
  132000, // template: parameter count mismatch
  132001, // template does not exist (name or language)
  132005, // template: translated text too long
  132007, // template: format character policy violated
  132012, // template: parameter format mismatch
  132015, // template paused
  132016, // template disabled
]);

/** WhatsApp's statuses → ours. 'read' (the blue ticks) is the spec's WhatsApp 'viewed' (docs/whatsapp.md). */
const STATUS_MAP: Record<string, ProviderStatusEvent['status']> = {
  sent: 'send',
  delivered: 'delivered',
  read: 'viewed',
  failed: 'erro',
};

/**
 * A template parameter as Graph takes it: no line breaks or tabs, no more than four spaces in a
 * row (Meta refuses the message otherwise), never empty, and bounded.
 */
export function templateText(value: string, max: number): string {
  const clean = value.replace(/\s+/g, ' ').trim();
  if (!clean) return '-';
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** The Graph message of one AR-WhatsApp: the template with the sender, the subject, the public link and the acknowledgment button. */
export function graphTemplateMessage(msg: OutgoingPhoneMessage, template: string) {
  const components: Array<Record<string, unknown>> = [
    {
      type: 'body',
      parameters: [
        { type: 'text', text: templateText(msg.nameFrom, 100) },
        { type: 'text', text: templateText(msg.subject, 200) },
        { type: 'text', text: msg.publicLink },
      ],
    },
  ];
  const ack = msg.ackButton?.trim();
  // The quick-reply button's label is the template's; its payload carries the acknowledgment text
  // the sender chose, and comes back in the webhook when the recipient presses it.
  if (ack)
    components.push({ type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: ack.slice(0, 128) }] });
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: digitsOf(msg.to),
    type: 'template',
    template: { name: template, language: { code: TEMPLATE_LANGUAGE }, components },
  };
}

/** GET /webhooks/whatsapp: hub.mode=subscribe with our verify token → hub.challenge; anything else → null. */
export function metaHandshake(query: Record<string, string | undefined>, verifyToken: string): string | null {
  if (!verifyToken) return null;
  if (query['hub.mode'] !== 'subscribe') return null;
  if (!sameSignature(query['hub.verify_token'], verifyToken)) return null;
  const challenge = query['hub.challenge'];
  return challenge ? challenge : null;
}

function statusEvent(status: Record<string, unknown>): ProviderStatusEvent | null {
  const providerId = str(status.id);
  const ours = STATUS_MAP[str(status.status) ?? ''];
  if (!providerId || !ours) return null;
  const timestamp = str(status.timestamp) ?? '';
  const event: ProviderStatusEvent = {
    kind: 'status',
    providerId,
    status: ours,
    eventKey: `${providerId}:${str(status.status)}:${timestamp}`,
    at: dateOr(timestamp ? new Date(Number(timestamp) * 1000) : null),
    raw: status,
  };
  if (ours === 'erro') {
    const reasons = arr(status.errors).map((e) => {
      const err = obj(e);
      const details = str(obj(err.error_data).details);
      return [str(err.code), str(err.title) ?? str(err.message), details && details !== str(err.title) ? `(${details})` : undefined]
        .filter(Boolean)
        .join(' ');
    });
    event.reason = reasons.filter(Boolean).join('; ') || 'Falha informada pelo WhatsApp, sem motivo';
  }
  return event;
}

/** The recipient's message: a text (answered) or the template's quick-reply button (acknowledged). */
function replyEvent(message: Record<string, unknown>): ProviderEvent | null {
  const id = str(message.id);
  const from = str(message.from);
  if (!id || !from) return null;
  const type = str(message.type);
  let text: string | undefined;
  let button = false;
  if (type === 'text') {
    text = str(obj(message.text).body);
  } else if (type === 'button') {
    const b = obj(message.button);
    text = str(b.text) ?? str(b.payload);
    button = true;
  } else if (type === 'interactive') {
    const i = obj(message.interactive);
    const reply = obj(str(i.type) === 'button_reply' ? i.button_reply : undefined);
    text = str(reply.title) ?? str(reply.id);
    button = text !== undefined;
  }
  if (text === undefined) return null;
  const timestamp = str(message.timestamp);
  const context = str(obj(message.context).id);
  return {
    kind: 'reply',
    from: e164Of(from),
    ...(context ? { providerId: context } : {}),
    text,
    button,
    eventKey: id,
    at: dateOr(timestamp ? new Date(Number(timestamp) * 1000) : null),
    raw: message,
  };
}

export function metaProvider(settings: MetaSettings): MetaProvider {
  /** POST {phone-number-id}/messages with one Graph message; the wamid, or the refusal classified. */
  async function postMessage(message: Record<string, unknown>): Promise<ProviderAcceptance> {
    const answer = await callProvider(
      { provider: 'graph', operation: 'message' },
      `${settings.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(settings.phoneNumberId)}/messages`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.token}` },
        body: message,
      },
    );
    const body = obj(answer.json);
    if (answer.ok) {
      const id = str(obj(arr(body.messages)[0]).id);
      if (!id) throw new Error(`Graph API respondeu ${answer.status} sem messages[0].id: ${answer.text.slice(0, 300)}`);
      return { providerId: id, raw: answer.json };
    }
    const error = obj(body.error);
    const code = Number(error.code);
    const text = str(obj(error.error_data).details) ?? str(error.message) ?? answer.text.slice(0, 300);
    if (META_PERMANENT_CODES.has(code)) throw new PermanentProviderError(`Recusado pelo WhatsApp (${code}): ${text}`, answer.json);
    throw retryableError(answer, `Graph API respondeu ${answer.status}${Number.isFinite(code) ? ` (código ${code})` : ''}: ${text}`);
  }

  return {
    name: 'meta',
    channel: 'whatsapp',

    send(msg: OutgoingPhoneMessage): Promise<ProviderAcceptance> {
      return postMessage(graphTemplateMessage(msg, settings.template));
    },

    sendText(to: string, text: string): Promise<ProviderAcceptance> {
      // Free text is allowed inside the 24-hour window the recipient's own message opened.
      return postMessage({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: digitsOf(to),
        type: 'text',
        text: { preview_url: false, body: text },
      });
    },

    verify(req: ProviderRequest): boolean {
      // Without the app secret anyone could sign: nothing is believed.
      if (req.method !== 'POST' || !settings.appSecret) return false;
      return sameSignature(headerOf(req, 'x-hub-signature-256'), metaSignature(settings.appSecret, req.rawBody));
    },

    parse(req: ProviderRequest): ProviderEvent[] {
      const events: ProviderEvent[] = [];
      for (const entry of arr(obj(parseJson(req.rawBody)).entry)) {
        for (const change of arr(obj(entry).changes)) {
          const value = obj(obj(change).value);
          for (const s of arr(value.statuses)) {
            const e = statusEvent(obj(s));
            if (e) events.push(e);
          }
          for (const m of arr(value.messages)) {
            const e = replyEvent(obj(m));
            if (e) events.push(e);
          }
        }
      }
      return events;
    },

    handshake(query) {
      return metaHandshake(query, settings.verifyToken);
    },
  };
}

export function isMetaProvider(provider: ChannelProvider): provider is MetaProvider {
  return provider.name === 'meta' && typeof (provider as Partial<MetaProvider>).handshake === 'function';
}
