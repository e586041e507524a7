import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../../../../test/fake-provider.ts';
import { META_PHONE_NUMBER_ID, metaWebhook, metaWebhookHeaders } from '../../../../test/meta-webhook.ts';
import { type OutgoingPhoneMessage, PermanentProviderError, type ProviderRequest } from '../channel.ts';
import { metaSignature } from '../signatures.ts';
import { type MetaSettings, metaHandshake, metaProvider } from './meta.ts';

const settings = (apiUrl: string): MetaSettings => ({
  apiUrl: `${apiUrl}/v21.0`,
  phoneNumberId: META_PHONE_NUMBER_ID,
  token: 'EAAG-token-de-teste',
  appSecret: 'segredo-do-app-meta',
  verifyToken: 'token-de-verificacao',
  template: 'ar_online_notificacao',
});

const message: OutgoingPhoneMessage = {
  cod_email: 41,
  uuid: '0b6f7c1e-5d0a-4a43-9d3e-2f1f3c0a9b11',
  channel: 'whatsapp',
  to: '+5511987654321',
  nameFrom: 'Escritório\nSilva   &\tAssociados',
  subject: 'Notificação extrajudicial',
  publicLink: 'https://ar.example/emails/info/public/0b6f7c1e-5d0a-4a43-9d3e-2f1f3c0a9b11?whatsapp=1',
  text: 'Escritório Silva & Associados enviou uma notificação: https://ar.example/…',
  ackButton: 'Confirmo o recebimento',
  statusCallbackUrl: 'https://ar.example/v2/webhooks/whatsapp',
};

function callback(body: unknown, signature?: string | null): ProviderRequest {
  const raw = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const headers = metaWebhookHeaders(raw, 'segredo-do-app-meta', signature);
  return { method: 'POST', url: 'https://ar.example/v2/webhooks/whatsapp', headers, rawBody: raw, form: {}, query: {} };
}

let graph: FakeProvider;
beforeAll(async () => {
  graph = await startFakeProvider();
});
afterAll(() => graph.close());
beforeEach(() => {
  graph.received.length = 0;
});

describe('Meta adapter: send', () => {
  it('posts the template message with the bearer token and keeps the wamid', async () => {
    graph.respond = () => ({
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: '5511987654321', wa_id: '5511987654321' }],
        messages: [{ id: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjdBQjE0RkQ0', message_status: 'accepted' }],
      },
    });
    const accepted = await metaProvider(settings(graph.url)).send(message);
    expect(accepted.providerId).toBe('wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjdBQjE0RkQ0');
    expect(graph.received).toHaveLength(1);
    const req = graph.received[0];
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v21.0/106540352242922/messages');
    expect(req.headers.authorization).toBe('Bearer EAAG-token-de-teste');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      type: 'template',
      template: {
        name: 'ar_online_notificacao',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              // Graph refuses line breaks, tabs and runs of spaces in a parameter.
              { type: 'text', text: 'Escritório Silva & Associados' },
              { type: 'text', text: 'Notificação extrajudicial' },
              { type: 'text', text: message.publicLink },
            ],
          },
          { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'Confirmo o recebimento' }] },
        ],
      },
    });
  });

  it('sends no button component when the message has no acknowledgment text', async () => {
    graph.respond = () => ({ body: { messages: [{ id: 'wamid.sem-botao' }] } });
    await metaProvider(settings(graph.url)).send({ ...message, ackButton: null });
    const components = (graph.received[0].json as { template: { components: Array<{ type: string }> } }).template.components;
    expect(components.map((c) => c.type)).toEqual(['body']);
  });

  it('a refusal for good (not a WhatsApp user, invalid parameter, template missing) is a PermanentProviderError with the reason', async () => {
    for (const [code, title] of [
      [131026, 'Message undeliverable'],
      [100, 'Invalid parameter'],
      [132001, 'Template name does not exist in the translation'],
    ] as const) {
      const error = {
        error: {
          message: `(#${code}) ${title}`,
          type: 'OAuthException',
          code,
          error_data: { messaging_product: 'whatsapp', details: `${title} (detalhe)` },
          fbtrace_id: 'AbCdEf',
        },
      };
      graph.respond = () => ({ status: 400, body: error });
      const failure = await metaProvider(settings(graph.url))
        .send(message)
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(PermanentProviderError);
      expect((failure as PermanentProviderError).reason).toBe(`Recusado pelo WhatsApp (${code}): ${title} (detalhe)`);
      expect((failure as PermanentProviderError).raw).toEqual(error);
    }
  });

  it('rate limits, outages and a bad token are thrown for the queue to retry, not permanent', async () => {
    for (const [status, code] of [
      [429, 130429],
      [500, 131000],
      [503, 131016],
      [401, 190],
    ] as const) {
      graph.respond = () => ({ status, body: { error: { message: 'falha', type: 'OAuthException', code } } });
      const failure = await metaProvider(settings(graph.url))
        .send(message)
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(PermanentProviderError);
      expect(String((failure as Error).message)).toContain(`código ${code}`);
    }
    // An answer that is not Graph's (a proxy's HTML page) is retried too.
    graph.respond = () => ({ status: 502, body: '<html>Bad gateway</html>' });
    await expect(metaProvider(settings(graph.url)).send(message)).rejects.toThrow(/502/);
    // A success without the message id is not believed.
    graph.respond = () => ({ body: { messages: [] } });
    await expect(metaProvider(settings(graph.url)).send(message)).rejects.toThrow(/messages\[0\]\.id/);
  });

  it('an unreachable Graph API is thrown (retried)', async () => {
    const closed = await startFakeProvider();
    const url = closed.url;
    await closed.close();
    await expect(metaProvider(settings(url)).send(message)).rejects.toThrow();
  });
});

describe('Meta adapter: webhook', () => {
  const provider = metaProvider(settings('http://127.0.0.1:9'));

  it('verify: the X-Hub-Signature-256 of the raw body with the app secret, and nothing else', () => {
    const body = metaWebhook({ statuses: [] });
    expect(provider.verify(callback(body))).toBe(true);
    expect(provider.verify(callback(body, null))).toBe(false);
    expect(provider.verify(callback(body, metaSignature('outro-segredo', JSON.stringify(body))))).toBe(false);
    expect(provider.verify(callback(body, 'sha256=00'))).toBe(false);
    // Signed over other bytes than those received (re-serialised on the way).
    const signedOther = metaSignature('segredo-do-app-meta', JSON.stringify(body, null, 2));
    expect(provider.verify(callback(body, signedOther))).toBe(false);
    // Without an app secret nothing is believed, even a signature made with the empty key.
    const unset = metaProvider({ ...settings('http://127.0.0.1:9'), appSecret: '' });
    expect(unset.verify(callback(body, metaSignature('', JSON.stringify(body))))).toBe(false);
  });

  it('parse: statuses sent, delivered, read (viewed) and failed with its errors', () => {
    const wamid = 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjdBQjE0RkQ0';
    const conversation = { id: 'c0nv', origin: { type: 'utility' }, expiration_timestamp: '1764162000' };
    const pricing = { billable: true, pricing_model: 'CBP', category: 'utility' };
    const events = provider.parse(
      callback(
        metaWebhook({
          statuses: [
            { id: wamid, status: 'sent', timestamp: '1764075600', recipient_id: '5511987654321', conversation, pricing },
            { id: wamid, status: 'delivered', timestamp: '1764075605', recipient_id: '5511987654321', conversation, pricing },
            { id: wamid, status: 'read', timestamp: '1764075900', recipient_id: '5511987654321' },
            {
              id: 'wamid.outra',
              status: 'failed',
              timestamp: '1764075610',
              recipient_id: '5511900000000',
              errors: [
                {
                  code: 131026,
                  title: 'Message undeliverable',
                  message: 'Message undeliverable',
                  error_data: { details: 'Message Undeliverable.' },
                },
              ],
            },
            { id: wamid, status: 'deleted', timestamp: '1764075999', recipient_id: '5511987654321' },
          ],
        }),
      ),
    );
    expect(events).toEqual([
      {
        kind: 'status',
        providerId: wamid,
        status: 'send',
        eventKey: `${wamid}:sent:1764075600`,
        at: new Date(1764075600 * 1000),
        raw: expect.objectContaining({ status: 'sent', pricing }),
      },
      expect.objectContaining({ status: 'delivered', eventKey: `${wamid}:delivered:1764075605`, at: new Date(1764075605 * 1000) }),
      expect.objectContaining({ status: 'viewed', eventKey: `${wamid}:read:1764075900`, at: new Date(1764075900 * 1000) }),
      expect.objectContaining({
        providerId: 'wamid.outra',
        status: 'erro',
        reason: '131026 Message undeliverable (Message Undeliverable.)',
        eventKey: 'wamid.outra:failed:1764075610',
      }),
    ]);
  });

  it('parse: a text reply (answered), a template button (acknowledged) and an interactive button, tied by context.id', () => {
    const contacts = [{ profile: { name: 'Maria' }, wa_id: '5511987654321' }];
    const events = provider.parse(
      callback(
        metaWebhook({
          contacts,
          messages: [
            {
              from: '5511987654321',
              id: 'wamid.resposta1',
              timestamp: '1764076000',
              type: 'text',
              text: { body: 'Recebi, obrigada.' },
              context: { from: '551130000000', id: 'wamid.nossa' },
            },
            {
              from: '5511987654321',
              id: 'wamid.botao1',
              timestamp: '1764076100',
              type: 'button',
              button: { text: 'Confirmo o recebimento', payload: 'Confirmo o recebimento' },
              context: { from: '551130000000', id: 'wamid.nossa' },
            },
            {
              from: '5511987654321',
              id: 'wamid.botao2',
              timestamp: '1764076200',
              type: 'interactive',
              interactive: { type: 'button_reply', button_reply: { id: 'ack', title: 'Ciente' } },
              context: { from: '551130000000', id: 'wamid.nossa' },
            },
            { from: '5511987654321', id: 'wamid.solta', timestamp: '1764076300', type: 'text', text: { body: 'Oi?' } },
            {
              from: '5511987654321',
              id: 'wamid.imagem',
              timestamp: '1764076400',
              type: 'image',
              image: { id: 'm1', mime_type: 'image/jpeg' },
            },
          ],
        }),
      ),
    );
    expect(events).toEqual([
      {
        kind: 'reply',
        from: '+5511987654321',
        providerId: 'wamid.nossa',
        text: 'Recebi, obrigada.',
        button: false,
        eventKey: 'wamid.resposta1',
        at: new Date(1764076000 * 1000),
        raw: expect.objectContaining({ id: 'wamid.resposta1' }),
      },
      expect.objectContaining({
        kind: 'reply',
        providerId: 'wamid.nossa',
        text: 'Confirmo o recebimento',
        button: true,
        eventKey: 'wamid.botao1',
      }),
      expect.objectContaining({ kind: 'reply', providerId: 'wamid.nossa', text: 'Ciente', button: true, eventKey: 'wamid.botao2' }),
      // Without context: the service ties it to the last message sent to that number.
      {
        kind: 'reply',
        from: '+5511987654321',
        text: 'Oi?',
        button: false,
        eventKey: 'wamid.solta',
        at: new Date(1764076300 * 1000),
        raw: expect.anything(),
      },
    ]);
  });

  it('parse: what is not a webhook delivery yields no event', () => {
    expect(provider.parse(callback('não é json'))).toEqual([]);
    expect(provider.parse(callback({ object: 'whatsapp_business_account', entry: [{ changes: [{ value: null }] }] }))).toEqual([]);
    expect(provider.parse(callback([1, 2]))).toEqual([]);
  });
});

describe('Meta adapter: verification handshake', () => {
  it('answers the challenge for subscribe with our verify token, else null', () => {
    const ok = { 'hub.mode': 'subscribe', 'hub.verify_token': 'token-de-verificacao', 'hub.challenge': '1158201444' };
    expect(metaHandshake(ok, 'token-de-verificacao')).toBe('1158201444');
    expect(metaProvider(settings('http://127.0.0.1:9')).handshake(ok)).toBe('1158201444');
    expect(metaHandshake({ ...ok, 'hub.verify_token': 'outro' }, 'token-de-verificacao')).toBeNull();
    expect(metaHandshake({ ...ok, 'hub.mode': 'unsubscribe' }, 'token-de-verificacao')).toBeNull();
    expect(metaHandshake({ ...ok, 'hub.challenge': '' }, 'token-de-verificacao')).toBeNull();
    expect(metaHandshake({ 'hub.mode': 'subscribe', 'hub.challenge': '1' }, 'token-de-verificacao')).toBeNull();
    // No verify token configured: no handshake succeeds, not even with an empty one.
    expect(metaHandshake({ ...ok, 'hub.verify_token': '' }, '')).toBeNull();
  });
});
