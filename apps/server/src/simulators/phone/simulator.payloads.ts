import { createHash } from 'node:crypto';
import { metaSignature, twilioSignature } from '../../modules/channels/signatures.ts';

/**
 * What the simulator posts to the product, byte for byte as each provider does, signed the way
 * the adapters verify (signatures.ts): Twilio's form-encoded callbacks with X-Twilio-Signature,
 * Meta's JSON webhooks with X-Hub-Signature-256 over the exact bytes sent.
 */

export interface OutgoingCallback {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

const TWILIO_API_VERSION = '2010-04-01';

export function twilioForm(authToken: string, url: string, params: Record<string, string>): OutgoingCallback {
  return {
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      'x-twilio-signature': twilioSignature(authToken, url, params),
      'user-agent': 'TwilioProxy/1.1',
    },
    body: Buffer.from(new URLSearchParams(params).toString()),
  };
}

/** A message's status callback (Twilio's StatusCallback request). */
export function twilioStatusCallback(
  auth: { accountSid: string; authToken: string },
  url: string,
  m: { sid: string; from: string; to: string; status: string; errorCode?: number | null },
): OutgoingCallback {
  const params: Record<string, string> = {
    AccountSid: auth.accountSid,
    ApiVersion: TWILIO_API_VERSION,
    From: m.from,
    MessageSid: m.sid,
    MessageStatus: m.status,
    SmsSid: m.sid,
    SmsStatus: m.status,
    To: m.to,
  };
  if (m.errorCode) params.ErrorCode = String(m.errorCode);
  return twilioForm(auth.authToken, url, params);
}

/** An SMS the phone sent to the product's number ('A message comes in'). */
export function twilioInboundSms(
  auth: { accountSid: string; authToken: string },
  url: string,
  m: { sid: string; from: string; to: string; body: string; segments: number },
): OutgoingCallback {
  return twilioForm(auth.authToken, url, {
    AccountSid: auth.accountSid,
    ApiVersion: TWILIO_API_VERSION,
    Body: m.body,
    From: m.from,
    FromCountry: m.from.startsWith('+55') ? 'BR' : '',
    MessageSid: m.sid,
    NumMedia: '0',
    NumSegments: String(m.segments),
    SmsMessageSid: m.sid,
    SmsSid: m.sid,
    SmsStatus: 'received',
    To: m.to,
    ToCountry: m.to.startsWith('+55') ? 'BR' : '',
  });
}

export interface MetaBusiness {
  appSecret: string;
  phoneNumberId: string;
  /** The business number's digits (metadata.display_phone_number). */
  displayNumber: string;
}

/** The WhatsApp Business Account id the webhook's entry names (stable per phone number id). */
const wabaId = (phoneNumberId: string) =>
  BigInt(`0x${createHash('sha256').update(`waba:${phoneNumberId}`).digest('hex').slice(0, 12)}`).toString();

function metaWebhook(biz: MetaBusiness, url: string, value: Record<string, unknown>): OutgoingCallback {
  const payload = {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: wabaId(biz.phoneNumberId),
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: biz.displayNumber, phone_number_id: biz.phoneNumberId },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
  const body = Buffer.from(JSON.stringify(payload));
  return {
    url,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': metaSignature(biz.appSecret, body),
      'user-agent': 'facebookexternalua',
    },
    body,
  };
}

const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

/** One message's status (statuses[]): sent, delivered, read, or failed with its errors[]. */
export function metaStatusWebhook(
  biz: MetaBusiness,
  url: string,
  s: { wamid: string; status: 'sent' | 'delivered' | 'read' | 'failed'; at: Date; recipient: string; errorCode?: number },
): OutgoingCallback {
  const status: Record<string, unknown> = { id: s.wamid, status: s.status, timestamp: seconds(s.at), recipient_id: s.recipient };
  if (s.status === 'sent' || s.status === 'delivered') {
    status.conversation = {
      id: createHash('sha256').update(`conversa:${s.recipient}`).digest('hex').slice(0, 32),
      origin: { type: 'utility' },
      ...(s.status === 'sent' ? { expiration_timestamp: seconds(new Date(s.at.getTime() + 24 * 3600 * 1000)) } : {}),
    };
    status.pricing = { billable: true, pricing_model: 'CBP', category: 'utility' };
  }
  if (s.status === 'failed') {
    status.errors = [
      {
        code: s.errorCode ?? 131026,
        title: 'Message undeliverable',
        message: 'Message undeliverable',
        error_data: { details: 'Message Undeliverable.' },
        href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
      },
    ];
  }
  return metaWebhook(biz, url, { statuses: [status] });
}

/** A message from the phone (messages[]): a text reply or a quick-reply button, answering `context`. */
export function metaInboundWebhook(
  biz: MetaBusiness,
  url: string,
  m: {
    wamid: string;
    from: string;
    at: Date;
    context: string | null;
    content: { type: 'text'; body: string } | { type: 'button'; text: string; payload: string };
  },
): OutgoingCallback {
  const message: Record<string, unknown> = { from: m.from, id: m.wamid, timestamp: seconds(m.at), type: m.content.type };
  if (m.context) message.context = { from: biz.displayNumber, id: m.context };
  if (m.content.type === 'text') message.text = { body: m.content.body };
  else message.button = { payload: m.content.payload, text: m.content.text };
  return metaWebhook(biz, url, {
    contacts: [{ profile: { name: `Telefone ${m.from.slice(-4)}` }, wa_id: m.from }],
    messages: [message],
  });
}
