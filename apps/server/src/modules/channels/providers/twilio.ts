import type { ChannelsConfig } from '../../../config.ts';
import { providerFetch } from '../../../ops/metrics.ts';
import {
  type ChannelProvider,
  type OutgoingPhoneMessage,
  PermanentProviderError,
  type ProviderAcceptance,
  type ProviderEvent,
  type ProviderRequest,
} from '../channel.ts';
import { sameSignature, twilioSignature } from '../signatures.ts';
import { ProviderThrottledError, providerDispatcher, retryAfterMs } from './provider-pool.ts';

/**
 * AR-SMS over Twilio's Programmable Messaging API (docs/channels.md). The embedded simulator
 * serves the same protocol at PUBLIC_URL/dev/twilio, so this adapter runs in every mode.
 *
 * - send: POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json, HTTP Basic (sid:token),
 *   form-encoded To, From (or MessagingServiceSid for an 'MG…' sender), Body, StatusCallback;
 *   the answer's `sid` is the message's id at Twilio.
 * - callbacks: X-Twilio-Signature over the full URL and the sorted POST parameters (signatures.ts);
 *   MessageStatus sent/delivered/undelivered/failed → send/delivered/erro; an inbound SMS → a reply.
 */

/** How long one request to Twilio may take before the job is retried. */
const SEND_TIMEOUT_MS = 15_000;

interface TwilioErrorBody {
  code?: number;
  message?: string;
  more_info?: string;
}

export function twilioProvider(settings: ChannelsConfig['twilio']): ChannelProvider {
  /** POST …/Messages.json from the installation's sender; `statusCallback` only for a registered message. */
  async function postMessage(to: string, body: string, statusCallback?: string): Promise<ProviderAcceptance> {
    const { accountSid, authToken, from, apiUrl } = settings;
    const form = new URLSearchParams();
    form.set('To', to);
    if (from.startsWith('MG')) form.set('MessagingServiceSid', from);
    else form.set('From', from);
    form.set('Body', body);
    if (statusCallback) form.set('StatusCallback', statusCallback);
    const res = await providerFetch('twilio', 'message', `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      // The provider's own bounded keep-alive pool (provider-pool.ts); Node's fetch takes undici's dispatcher.
      dispatcher: providerDispatcher('twilio'),
    } as RequestInit);
    const text = await res.text();
    let answer: unknown = null;
    try {
      answer = text ? JSON.parse(text) : null;
    } catch {
      answer = { text: text.slice(0, 2000) };
    }
    if (res.ok) {
      const sid = (answer as { sid?: unknown } | null)?.sid;
      if (typeof sid !== 'string' || sid.length === 0) throw new Error(`Twilio answered ${res.status} without a sid`);
      return { providerId: sid, raw: answer };
    }
    const error = (answer ?? {}) as TwilioErrorBody;
    const reason = `Twilio ${error.code ?? res.status}: ${error.message ?? res.statusText}`;
    // Too many requests (Twilio's 20429): every send to Twilio waits Retry-After, then this one goes again.
    if (res.status === 429) throw new ProviderThrottledError(reason, retryAfterMs(res.headers.get('retry-after')));
    // 400 is Twilio's refusal of this message itself (an invalid or unreachable number, one that
    // opted out, a body it will not take): sending it again changes nothing. Credentials (401),
    // an account or sender not found (404), and 5xx may be fixed: the queue retries.
    if (res.status === 400) throw new PermanentProviderError(reason, answer);
    throw new Error(reason);
  }

  return {
    name: 'twilio',
    channel: 'sms',

    send(msg: OutgoingPhoneMessage): Promise<ProviderAcceptance> {
      return postMessage(msg.to, msg.text, msg.statusCallbackUrl);
    },

    sendText(to: string, text: string): Promise<ProviderAcceptance> {
      // No StatusCallback: the notice is no message of any tenant, its statuses are not tracked.
      return postMessage(to, text);
    },

    verify(req: ProviderRequest): boolean {
      if (req.method !== 'POST') return false;
      return sameSignature(req.headers['x-twilio-signature'], twilioSignature(settings.authToken, req.url, req.form));
    },

    parse(req: ProviderRequest): ProviderEvent[] {
      const f = req.form;
      const sid = f.MessageSid ?? f.SmsSid;
      if (!sid) return [];
      const status = (f.MessageStatus ?? f.SmsStatus ?? '').toLowerCase();
      const at = new Date();
      if (status === 'received' || (!f.MessageStatus && f.Body !== undefined && f.From)) {
        if (!f.From) return [];
        return [{ kind: 'reply', eventKey: `${sid}:received`, at, raw: f, from: f.From, text: f.Body ?? '', button: false }];
      }
      const eventKey = `${sid}:${status}`;
      switch (status) {
        case 'sent':
          return [{ kind: 'status', eventKey, at, raw: f, providerId: sid, status: 'send' }];
        case 'delivered':
          return [{ kind: 'status', eventKey, at, raw: f, providerId: sid, status: 'delivered' }];
        case 'undelivered':
        case 'failed': {
          const code = f.ErrorCode ? `Twilio ${f.ErrorCode}` : 'Twilio';
          const reason = `${code}: ${f.ErrorMessage || (status === 'failed' ? 'mensagem não enviada' : 'mensagem não entregue')}`;
          return [{ kind: 'status', eventKey, at, raw: f, providerId: sid, status: 'erro', reason }];
        }
        default:
          // queued, sending, accepted, scheduled: steps before the carrier, not tracked.
          return [];
      }
    },
  };
}
