import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeProvider, type ReceivedRequest, startFakeProvider } from '../../../../test/fake-provider.ts';
import { type OutgoingPhoneMessage, PermanentProviderError, type ProviderRequest } from '../channel.ts';
import { ZENVIA_SECRET_HEADER, type ZenviaSettings, zenviaProvider } from './zenvia.ts';

const SECRET = 'segredo-dos-webhooks-zenvia';
const PUBLIC_URL = 'https://ar.example';
const settings = (apiUrl: string): ZenviaSettings => ({
  apiUrl,
  apiToken: 'zenvia-token-de-teste',
  fromSms: 'ar-online',
  fromWhatsapp: '551130000000',
  webhookSecret: SECRET,
});
const options = { publicUrl: PUBLIC_URL, whatsappTemplate: 'c2c3e42d-6fb7-4ad6-897a-dd7613469f58' };

const message = (channel: 'sms' | 'whatsapp'): OutgoingPhoneMessage => ({
  cod_email: 7,
  uuid: '5f0c1a2b-0000-4c1d-9e8f-aa0011223344',
  channel,
  to: '+5511987654321',
  nameFrom: 'Silva Advogados',
  subject: 'Notificação',
  publicLink: `https://ar.example/emails/info/public/5f0c1a2b-0000-4c1d-9e8f-aa0011223344?${channel}=1`,
  text: `Silva Advogados enviou uma notificação registrada. Acesse: https://ar.example/emails/info/public/5f0c1a2b-0000-4c1d-9e8f-aa0011223344?${channel}=1`,
  ackButton: 'Confirmo',
  statusCallbackUrl: `https://ar.example/v2/webhooks/zenvia/${channel}`,
});

function callback(channel: 'sms' | 'whatsapp', body: unknown, secret: string | null = SECRET): ProviderRequest {
  const headers: Record<string, string | undefined> = { 'content-type': 'application/json' };
  if (secret !== null) headers[ZENVIA_SECRET_HEADER.toLowerCase()] = secret;
  return {
    method: 'POST',
    url: `${PUBLIC_URL}/v2/webhooks/zenvia/${channel}`,
    headers,
    rawBody: Buffer.from(JSON.stringify(body)),
    form: {},
    query: {},
  };
}

/** A MESSAGE_STATUS event as Zenvia's documentation shows it. */
function statusEvent(id: string, code: string, extra: Record<string, unknown> = {}, channel = 'sms') {
  return {
    id,
    timestamp: '2026-11-25T13:00:05.000Z',
    type: 'MESSAGE_STATUS',
    subscriptionId: 'a1b2c3d4-sub',
    channel,
    messageId: 'zv-msg-1',
    contentIndex: 0,
    messageStatus: { timestamp: '2026-11-25T13:00:03.120Z', code, description: code.toLowerCase(), ...extra },
  };
}

let zenvia: FakeProvider;
beforeAll(async () => {
  zenvia = await startFakeProvider();
});
afterAll(() => zenvia.close());
beforeEach(() => {
  zenvia.received.length = 0;
});

describe('Zenvia adapter: send', () => {
  it('SMS: text content to the number without +, X-API-TOKEN, the answer id kept', async () => {
    zenvia.respond = (req) => ({
      body: {
        id: 'zv-sms-0001',
        from: 'ar-online',
        to: '5511987654321',
        direction: 'OUT',
        channel: 'sms',
        contents: (req.json as { contents: unknown }).contents,
      },
    });
    const accepted = await zenviaProvider('sms', settings(zenvia.url), options).send(message('sms'));
    expect(accepted).toEqual({ providerId: 'zv-sms-0001', raw: expect.objectContaining({ id: 'zv-sms-0001' }) });
    const req = zenvia.received[0];
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v2/channels/sms/messages');
    expect(req.headers['x-api-token']).toBe('zenvia-token-de-teste');
    expect(req.json).toEqual({ from: 'ar-online', to: '5511987654321', contents: [{ type: 'text', text: message('sms').text }] });
  });

  it('WhatsApp: the template with its fields, from the WhatsApp sender', async () => {
    zenvia.respond = () => ({ body: { id: 'zv-wa-0001', direction: 'OUT', channel: 'whatsapp' } });
    const accepted = await zenviaProvider('whatsapp', settings(zenvia.url), options).send(message('whatsapp'));
    expect(accepted.providerId).toBe('zv-wa-0001');
    const req = zenvia.received[0];
    expect(req.path).toBe('/v2/channels/whatsapp/messages');
    expect(req.headers['x-api-token']).toBe('zenvia-token-de-teste');
    expect(req.json).toEqual({
      from: '551130000000',
      to: '5511987654321',
      contents: [
        {
          type: 'template',
          templateId: 'c2c3e42d-6fb7-4ad6-897a-dd7613469f58',
          fields: { remetente: 'Silva Advogados', assunto: 'Notificação', link: message('whatsapp').publicLink },
        },
      ],
    });
  });

  it('a plain text (the notice of a reply without a reference) on either channel, from that channel’s sender', async () => {
    zenvia.respond = (req) => ({ body: { id: `zv-aviso-${req.path.includes('whatsapp') ? 'wa' : 'sms'}` } });
    const sms = await zenviaProvider('sms', settings(zenvia.url), options).sendText('+5511987654321', 'Responda pelo link.');
    const wa = await zenviaProvider('whatsapp', settings(zenvia.url), options).sendText('+5511987654321', 'Responda pelo link.');
    expect([sms.providerId, wa.providerId]).toEqual(['zv-aviso-sms', 'zv-aviso-wa']);
    expect(zenvia.received.map((r) => [r.path, r.json])).toEqual([
      ['/v2/channels/sms/messages', { from: 'ar-online', to: '5511987654321', contents: [{ type: 'text', text: 'Responda pelo link.' }] }],
      [
        '/v2/channels/whatsapp/messages',
        { from: '551130000000', to: '5511987654321', contents: [{ type: 'text', text: 'Responda pelo link.' }] },
      ],
    ]);
  });

  it('a validation refusal (400) is permanent with the reason; 401, 429 and 5xx are retried', async () => {
    const refusal = {
      code: 'VALIDATION_ERROR',
      message: 'Validation error',
      details: [{ code: 'INVALID_FORMAT', path: 'to', message: 'must be a valid phone' }],
    };
    zenvia.respond = () => ({ status: 400, body: refusal });
    const failure = await zenviaProvider('sms', settings(zenvia.url), options)
      .send(message('sms'))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PermanentProviderError);
    expect((failure as PermanentProviderError).reason).toBe(
      'Recusado pela Zenvia: VALIDATION_ERROR — Validation error — to: must be a valid phone',
    );
    expect((failure as PermanentProviderError).raw).toEqual(refusal);
    for (const status of [401, 429, 500, 503]) {
      zenvia.respond = () => ({ status, body: { code: 'ERR', message: 'falha' } });
      const retried = await zenviaProvider('sms', settings(zenvia.url), options)
        .send(message('sms'))
        .catch((e: unknown) => e);
      expect(retried).toBeInstanceOf(Error);
      expect(retried).not.toBeInstanceOf(PermanentProviderError);
      expect((retried as Error).message).toContain(String(status));
    }
  });
});

describe('Zenvia adapter: subscriptions', () => {
  /** A Zenvia that keeps the subscriptions it is given, as the real one does. */
  function subscriptionStore() {
    const stored: Array<Record<string, unknown>> = [];
    zenvia.respond = (req: ReceivedRequest) => {
      if (req.method === 'GET' && req.path === '/v2/subscriptions') return { body: stored };
      if (req.method === 'POST' && req.path === '/v2/subscriptions') {
        const created = { id: `sub-${stored.length + 1}`, status: 'ACTIVE', ...(req.json as object) };
        stored.push(created);
        return { status: 200, body: created };
      }
      const patch = req.path.match(/^\/v2\/subscriptions\/(.+)$/);
      if (req.method === 'PATCH' && patch) {
        const found = stored.find((s) => s.id === patch[1]);
        if (!found) return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
        Object.assign(found, req.json);
        return { body: found };
      }
      return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
    };
    return stored;
  }

  it('creates MESSAGE_STATUS and MESSAGE per channel with the secret header, once', async () => {
    const stored = subscriptionStore();
    const sms = zenviaProvider('sms', settings(zenvia.url), options);
    const whatsapp = zenviaProvider('whatsapp', settings(zenvia.url), options);
    await sms.ensureSubscriptions?.();
    await whatsapp.ensureSubscriptions?.();
    expect(stored.map((s) => [s.eventType, s.criteria])).toEqual([
      ['MESSAGE_STATUS', { channel: 'sms' }],
      ['MESSAGE', { channel: 'sms', direction: 'IN' }],
      ['MESSAGE_STATUS', { channel: 'whatsapp' }],
      ['MESSAGE', { channel: 'whatsapp', direction: 'IN' }],
    ]);
    for (const s of stored) {
      const channel = (s.criteria as { channel: string }).channel;
      expect(s.webhook).toEqual({ url: `${PUBLIC_URL}/v2/webhooks/zenvia/${channel}`, headers: { [ZENVIA_SECRET_HEADER]: SECRET } });
    }
    expect(zenvia.received.every((r) => r.headers['x-api-token'] === 'zenvia-token-de-teste')).toBe(true);

    // A second start (and a second process) finds them: nothing is created twice.
    zenvia.received.length = 0;
    await sms.ensureSubscriptions?.();
    await whatsapp.ensureSubscriptions?.();
    expect(stored).toHaveLength(4);
    expect(zenvia.received.map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('keeps another address’s subscriptions, and updates ours when the secret changed or it was deactivated', async () => {
    const stored = subscriptionStore();
    stored.push({
      id: 'sub-outro',
      eventType: 'MESSAGE_STATUS',
      status: 'ACTIVE',
      criteria: { channel: 'sms' },
      webhook: { url: 'https://outro-sistema.example/zenvia' },
    });
    await zenviaProvider('sms', settings(zenvia.url), options).ensureSubscriptions?.();
    expect(stored).toHaveLength(3);
    expect(stored[0].webhook).toEqual({ url: 'https://outro-sistema.example/zenvia' });

    stored[1].status = 'INACTIVE';
    await zenviaProvider('sms', { ...settings(zenvia.url), webhookSecret: 'segredo-novo' }, options).ensureSubscriptions?.();
    expect(stored).toHaveLength(3);
    expect(zenvia.received.filter((r) => r.method === 'PATCH').map((r) => r.path)).toEqual([
      '/v2/subscriptions/sub-2',
      '/v2/subscriptions/sub-3',
    ]);
    for (const s of stored.slice(1)) {
      expect(s.status).toBe('ACTIVE');
      expect((s.webhook as { headers: Record<string, string> }).headers[ZENVIA_SECRET_HEADER]).toBe('segredo-novo');
    }
  });

  it('a failing Zenvia or a missing secret throws (the start logs it and tries later)', async () => {
    zenvia.respond = () => ({ status: 503, body: { message: 'indisponível' } });
    await expect(zenviaProvider('sms', settings(zenvia.url), options).ensureSubscriptions?.()).rejects.toThrow(/503/);
    subscriptionStore();
    zenvia.received.length = 0;
    await expect(zenviaProvider('sms', { ...settings(zenvia.url), webhookSecret: '' }, options).ensureSubscriptions?.()).rejects.toThrow(
      /ZENVIA_WEBHOOK_SECRET/,
    );
    expect(zenvia.received).toHaveLength(0);
  });
});

describe('Zenvia adapter: callbacks', () => {
  const sms = zenviaProvider('sms', settings('http://127.0.0.1:9'), options);
  const whatsapp = zenviaProvider('whatsapp', settings('http://127.0.0.1:9'), options);

  it('verify: the registered secret header, and nothing else', () => {
    const body = statusEvent('ev-1', 'SENT');
    expect(sms.verify(callback('sms', body))).toBe(true);
    expect(sms.verify(callback('sms', body, null))).toBe(false);
    expect(sms.verify(callback('sms', body, 'outro-segredo'))).toBe(false);
    expect(sms.verify(callback('sms', body, ''))).toBe(false);
    const unset = zenviaProvider('sms', { ...settings('http://127.0.0.1:9'), webhookSecret: '' }, options);
    expect(unset.verify(callback('sms', body, ''))).toBe(false);
  });

  it('parse: each MESSAGE_STATUS code, keyed by the event id, at the status time', () => {
    const parsed = [
      statusEvent('ev-sent', 'SENT'),
      statusEvent('ev-delivered', 'DELIVERED'),
      statusEvent('ev-read', 'READ'),
      statusEvent('ev-nd', 'NOT_DELIVERED', {
        causes: [{ channelErrorCode: '005', reason: 'Message expired', details: 'Número inexistente' }],
      }),
      statusEvent('ev-rej', 'REJECTED', { causes: [], description: 'Blocked by the carrier' }),
      statusEvent('ev-clicked', 'CLICKED'),
    ].flatMap((e) => sms.parse(callback('sms', e)));
    expect(parsed).toEqual([
      {
        kind: 'status',
        providerId: 'zv-msg-1',
        status: 'send',
        eventKey: 'ev-sent',
        at: new Date('2026-11-25T13:00:03.120Z'),
        raw: expect.objectContaining({ id: 'ev-sent', type: 'MESSAGE_STATUS' }),
      },
      expect.objectContaining({ status: 'delivered', eventKey: 'ev-delivered' }),
      expect.objectContaining({ status: 'viewed', eventKey: 'ev-read' }),
      expect.objectContaining({ status: 'erro', eventKey: 'ev-nd', reason: 'NOT_DELIVERED: 005 Message expired Número inexistente' }),
      expect.objectContaining({ status: 'erro', eventKey: 'ev-rej', reason: 'REJECTED: Blocked by the carrier' }),
    ]);
  });

  it('parse: replies (MESSAGE, direction IN): text answered, a button acknowledged, tied by replyTo', () => {
    const inbound = (id: string, content: Record<string, unknown>, direction = 'IN') => ({
      id,
      timestamp: '2026-11-25T13:10:00.000Z',
      type: 'MESSAGE',
      subscriptionId: 'sub-2',
      channel: 'whatsapp',
      direction,
      message: {
        id: `msg-${id}`,
        from: '5511987654321',
        to: '551130000000',
        direction,
        channel: 'whatsapp',
        contents: [content],
        timestamp: '2026-11-25T13:09:58.000Z',
      },
    });
    const events = [
      inbound('ev-txt', { type: 'text', text: 'Recebido, obrigado' }),
      inbound('ev-btn', {
        type: 'text',
        text: 'Confirmo o recebimento',
        payload: 'ack',
        replyTo: { messageId: 'zv-wa-0001', contentIndex: 0 },
      }),
      inbound('ev-out', { type: 'text', text: 'eco da nossa mensagem' }, 'OUT'),
      inbound('ev-img', { type: 'file', fileUrl: 'https://x/y.jpg', fileMimeType: 'image/jpeg' }),
    ].flatMap((e) => whatsapp.parse(callback('whatsapp', e)));
    expect(events).toEqual([
      {
        kind: 'reply',
        from: '+5511987654321',
        text: 'Recebido, obrigado',
        button: false,
        eventKey: 'ev-txt',
        at: new Date('2026-11-25T13:09:58.000Z'),
        raw: expect.objectContaining({ id: 'ev-txt' }),
      },
      expect.objectContaining({
        kind: 'reply',
        providerId: 'zv-wa-0001',
        text: 'Confirmo o recebimento',
        button: true,
        eventKey: 'ev-btn',
      }),
    ]);
    // An SMS reply at the SMS address.
    const smsReply = { ...inbound('ev-sms', { type: 'text', text: 'ok' }), channel: 'sms' };
    smsReply.message.channel = 'sms';
    expect(sms.parse(callback('sms', smsReply))).toEqual([
      expect.objectContaining({ kind: 'reply', text: 'ok', button: false, eventKey: 'ev-sms' }),
    ]);
    // Another channel's event posted at this channel's address is not taken.
    expect(sms.parse(callback('sms', statusEvent('ev-x', 'DELIVERED', {}, 'whatsapp')))).toEqual([]);
    expect(sms.parse(callback('sms', { type: 'OTHER' }))).toEqual([]);
  });
});
