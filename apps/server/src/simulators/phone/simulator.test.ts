import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devSession, ownSimulated } from '../../../test/dev-session.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { SIMULATOR_SMS_FROM } from '../../config.ts';
import { PermanentProviderError } from '../../modules/channels/channel.ts';
import { twilioProvider } from '../../modules/channels/providers/twilio.ts';
import { metaSignature, twilioSignature } from '../../modules/channels/signatures.ts';

/** The simulated WhatsApp Business number, as Meta's metadata and context name it (digits). */
const BUSINESS = SIMULATOR_SMS_FROM.slice(1);

/**
 * The simulator through HTTP, as the adapters and a browser use it. PUBLIC_URL points at a fake
 * product started here on a local port, so every callback the simulator sends (Twilio status,
 * Meta webhooks, inbound SMS) arrives over real HTTP and its signature is checked with the same
 * functions the adapters verify with.
 */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
}

const received: Received[] = [];
/** Paths the fake product refuses (503) this many more times, to see the simulator retry. */
const refuseNext = new Map<string, number>();
let receiver: http.Server;
let publicUrl: string;
let t: TestApp;
let admin: Awaited<ReturnType<typeof devSession>>;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const refusals = refuseNext.get(path) ?? 0;
      if (refusals > 0) {
        refuseNext.set(path, refusals - 1);
        res.writeHead(503).end();
        return;
      }
      received.push({ path, headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  publicUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ PUBLIC_URL: publicUrl, SIMULATOR_DELAY_MS: '20' });
  admin = await devSession(t, 'admin@demo.local');
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function waitFor<T>(what: string, find: () => T | undefined | Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`não chegou: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const form = (r: Received) => Object.fromEntries(new URLSearchParams(r.raw.toString()));

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

function twilioSend(fields: Record<string, string>, authorization?: string, sid = t.config.channels.twilio.accountSid) {
  const { accountSid, authToken } = t.config.channels.twilio;
  return t.app.inject({
    method: 'POST',
    url: `/dev/twilio/2010-04-01/Accounts/${sid}/Messages.json`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: authorization ?? basic(accountSid, authToken),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

function graphSend(body: unknown, token = t.config.channels.meta.token, phoneNumberId = t.config.channels.meta.phoneNumberId) {
  return t.app.inject({
    method: 'POST',
    url: `/dev/graph/v21.0/${phoneNumberId}/messages`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const template = (to: string, link: string, button = 'Confirmo o recebimento') => ({
  messaging_product: 'whatsapp',
  to,
  type: 'template',
  template: {
    name: t.config.channels.meta.template,
    language: { code: 'pt_BR' },
    components: [
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Cobrança Demo' },
          { type: 'text', text: 'Notificação' },
          { type: 'text', text: link },
        ],
      },
      { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: button }] },
    ],
  },
});

/** Each webhook Meta would post to the product, with its raw bytes' signature checked. */
function metaWebhooks() {
  return received
    .filter((r) => r.path === '/v2/webhooks/whatsapp')
    .map((r) => {
      expect(r.headers['x-hub-signature-256']).toBe(metaSignature(t.config.channels.meta.appSecret, r.raw));
      return JSON.parse(r.raw.toString()) as {
        object: string;
        entry: {
          changes: {
            field: string;
            value: Record<string, unknown> & { statuses?: Record<string, unknown>[]; messages?: Record<string, unknown>[] };
          }[];
        }[];
      };
    });
}

const statusesOf = (wamid: string) =>
  metaWebhooks()
    .flatMap((w) => w.entry[0]?.changes[0]?.value.statuses ?? [])
    .filter((s) => s.id === wamid);

/** The phone's pages as the demo administrator sees them (signed in, its tenant's messages). */
const page = (url: string) => admin.page(url);
const post = (url: string, fields: Record<string, string>) => admin.post(url, fields);

describe('the Twilio endpoint', () => {
  it('refuses wrong credentials with Twilio 20003, another account with 20404, a bad number with 21211', async () => {
    const { accountSid, authToken } = t.config.channels.twilio;
    for (const auth of [basic(accountSid, 'errado'), basic('ACoutro', authToken), 'Bearer x', '']) {
      const res = await twilioSend({ To: '+5511987654321', From: t.config.channels.twilio.from, Body: 'oi' }, auth);
      expect(res.statusCode, auth).toBe(401);
      expect(res.json()).toEqual({
        code: 20003,
        message: 'Authenticate',
        more_info: 'https://www.twilio.com/docs/errors/20003',
        status: 401,
      });
    }
    const other = await twilioSend({ To: '+5511987654321', From: t.config.channels.twilio.from, Body: 'oi' }, undefined, 'AC0000');
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe(20404);

    const bad = await twilioSend({ To: '11987654321', From: t.config.channels.twilio.from, Body: 'oi' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 21211,
      message: "The 'To' number 11987654321 is not a valid phone number.",
      more_info: 'https://www.twilio.com/docs/errors/21211',
      status: 400,
    });
    expect((await twilioSend({ From: t.config.channels.twilio.from, Body: 'oi' })).json().code).toBe(21604);
    expect((await twilioSend({ To: '+5511987654321', Body: 'oi' })).json().code).toBe(21603);
    expect((await twilioSend({ To: '+5511987654321', From: '+5511999990000', Body: 'oi' })).json().code).toBe(21606);
    expect((await twilioSend({ To: '+5511987654321', From: t.config.channels.twilio.from })).json().code).toBe(21602);
    // Nothing of the refused requests reached the phone.
    expect((await page('/dev/telefone')).body).toContain('Nenhuma mensagem ou chamada para um telefone ainda.');
  });

  it('answers 201 with the message resource, then posts sent and delivered to StatusCallback, signed', async () => {
    const callback = `${publicUrl}/v2/webhooks/twilio/sms/0b5a6f4e-0000-4000-8000-000000000001?x=1`;
    const res = await twilioSend({
      To: '+5511987654321',
      From: t.config.channels.twilio.from,
      Body: 'AR Online: abra https://ar.test/p?sms=1',
      StatusCallback: callback,
    });
    expect(res.statusCode).toBe(201);
    const msg = res.json();
    expect(msg.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(msg).toMatchObject({
      account_sid: t.config.channels.twilio.accountSid,
      api_version: '2010-04-01',
      status: 'queued',
      to: '+5511987654321',
      from: t.config.channels.twilio.from,
      body: 'AR Online: abra https://ar.test/p?sms=1',
      direction: 'outbound-api',
      num_segments: '1',
      error_code: null,
      uri: `/2010-04-01/Accounts/${t.config.channels.twilio.accountSid}/Messages/${msg.sid}.json`,
    });
    expect(msg.date_created).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);

    const path = '/v2/webhooks/twilio/sms/0b5a6f4e-0000-4000-8000-000000000001?x=1';
    const mine = () => received.filter((r) => r.path === path);
    await waitFor('delivered', () => (mine().length >= 2 ? true : undefined));
    const [sent, delivered] = mine().map((r) => {
      const f = form(r);
      expect(r.headers['x-twilio-signature']).toBe(twilioSignature(t.config.channels.twilio.authToken, callback, f));
      return f;
    });
    expect(sent).toEqual({
      AccountSid: t.config.channels.twilio.accountSid,
      ApiVersion: '2010-04-01',
      From: t.config.channels.twilio.from,
      MessageSid: msg.sid,
      MessageStatus: 'sent',
      SmsSid: msg.sid,
      SmsStatus: 'sent',
      To: '+5511987654321',
    });
    expect(delivered?.MessageStatus).toBe('delivered');
    expect(delivered?.ErrorCode).toBeUndefined();
    // A signature over another URL or other fields does not match: the product can tell.
    expect(twilioSignature(t.config.channels.twilio.authToken, callback.replace('x=1', 'x=2'), sent!)).not.toBe(
      mine()[0]?.headers['x-twilio-signature'],
    );
  });

  it('a number that does not exist ends undelivered with ErrorCode 30005, and a refused callback is retried', async () => {
    const path = '/v2/webhooks/twilio/sms/0b5a6f4e-0000-4000-8000-000000000002';
    refuseNext.set(path, 2);
    const res = await twilioSend({
      To: '+5511900000000',
      From: t.config.channels.twilio.from,
      Body: 'oi',
      StatusCallback: `${publicUrl}${path}`,
    });
    expect(res.statusCode).toBe(201);
    await ownSimulated(t.ctx.db, 'admin@demo.local', { provedor: 'twilio', id: res.json().sid, canal: 'sms', numero: '+5511900000000' });
    const final = await waitFor('undelivered', () =>
      received.map(form).find((f) => f.MessageSid === res.json().sid && f.MessageStatus === 'undelivered'),
    );
    expect(final.ErrorCode).toBe('30005');
    expect(refuseNext.get(path)).toBe(0);
    expect(received.filter((r) => r.path === path).map((r) => form(r).MessageStatus)).toEqual(['sent', 'undelivered']);
  });
});

describe('the Twilio adapter against the simulator', () => {
  it('sends over real HTTP, and verifies and parses the callbacks the simulator signs', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const settings = { ...t.config.channels.twilio, apiUrl: `${address}/dev/twilio` };
    expect(t.config.channels.twilio.apiUrl).toBe(`${publicUrl}/dev/twilio`);
    const adapter = twilioProvider(settings);
    const callback = `${publicUrl}/v2/webhooks/twilio/sms/0b5a6f4e-0000-4000-8000-000000000003`;
    const accepted = await adapter.send({
      cod_email: 1,
      uuid: '0b5a6f4e-0000-4000-8000-000000000003',
      channel: 'sms',
      to: '+5511955554444',
      nameFrom: 'Cobrança Demo',
      subject: 'Aviso',
      publicLink: 'https://ar.test/p?sms=1',
      text: 'Cobrança Demo enviou um AR: https://ar.test/p?sms=1',
      statusCallbackUrl: callback,
    });
    expect(accepted.providerId).toMatch(/^SM/);
    const bad = {
      cod_email: 2,
      uuid: 'x',
      channel: 'sms' as const,
      to: '5511',
      nameFrom: 'x',
      subject: 'x',
      publicLink: 'x',
      text: 'x',
      statusCallbackUrl: callback,
    };
    await expect(adapter.send(bad)).rejects.toBeInstanceOf(PermanentProviderError);

    const path = new URL(callback).pathname;
    await waitFor('delivered', () => (received.filter((r) => r.path === path).length >= 2 ? true : undefined));
    const events = received
      .filter((r) => r.path === path)
      .flatMap((r) => {
        const request = {
          method: 'POST' as const,
          url: callback,
          headers: { 'x-twilio-signature': r.headers['x-twilio-signature'] as string },
          rawBody: r.raw,
          form: form(r),
          query: {},
        };
        expect(adapter.verify(request)).toBe(true);
        expect(adapter.verify({ ...request, form: { ...request.form, MessageStatus: 'failed' } })).toBe(false);
        return adapter.parse(request);
      });
    expect(events.map((e) => (e.kind === 'status' ? [e.providerId, e.status] : e.kind))).toEqual([
      [accepted.providerId, 'send'],
      [accepted.providerId, 'delivered'],
    ]);
  });
});

describe('the Graph endpoint', () => {
  it("refuses a wrong token with Graph's OAuthException 190, another phone number, a missing field and an unknown template", async () => {
    for (const token of ['errado', '']) {
      const res = await graphSend(template('5511987654321', 'x'), token);
      expect(res.statusCode).toBe(401);
      const { error } = res.json();
      expect(error).toMatchObject({ type: 'OAuthException', code: 190 });
      expect(error.message).toContain('Invalid OAuth access token');
      expect(error.fbtrace_id).toMatch(/^A[\w-]+$/);
    }
    expect((await graphSend(template('5511987654321', 'x'), undefined, '999')).json().error).toMatchObject({
      code: 100,
      error_subcode: 33,
    });
    const noProduct = await graphSend({ to: '5511987654321', type: 'text', text: { body: 'oi' } });
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json().error.message).toBe('(#100) The parameter messaging_product is required.');
    expect((await graphSend({ messaging_product: 'whatsapp', to: 'abc', type: 'text', text: { body: 'oi' } })).statusCode).toBe(400);
    const unknown = await graphSend({ ...template('5511987654321', 'x'), template: { name: 'outro', language: { code: 'pt_BR' } } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe(132001);
    const english = template('5511987654321', 'x');
    expect((await graphSend({ ...english, template: { ...english.template, language: { code: 'en_US' } } })).json().error.code).toBe(
      132001,
    );
    const short = template('5511987654321', 'x');
    short.template.components[0]!.parameters!.pop();
    const mismatch = await graphSend(short);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatchObject({
      code: 132000,
      error_data: { details: expect.stringContaining('(2) does not match the expected number of params (3)') },
    });
    expect((await graphSend('{"messaging_product":')).statusCode).toBe(400);
  });

  it('answers with contacts and the wamid, then posts sent and delivered webhooks signed over the bytes sent', async () => {
    const res = await graphSend(template('+5511912345678', 'https://ar.test/p?whatsapp=1'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ messaging_product: 'whatsapp', contacts: [{ input: '+5511912345678', wa_id: '5511912345678' }] });
    const wamid = body.messages[0].id as string;
    expect(wamid).toMatch(/^wamid\.[A-Za-z0-9+/=]+$/);

    await waitFor('delivered', () => (statusesOf(wamid).some((s) => s.status === 'delivered') ? true : undefined));
    const hook = metaWebhooks().find((w) => w.entry[0]?.changes[0]?.value.statuses?.[0]?.id === wamid)!;
    expect(hook.object).toBe('whatsapp_business_account');
    expect(hook.entry[0]?.changes[0]?.field).toBe('messages');
    expect(hook.entry[0]?.changes[0]?.value).toMatchObject({
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: BUSINESS, phone_number_id: t.config.channels.meta.phoneNumberId },
    });
    const statuses = statusesOf(wamid);
    expect(statuses.map((s) => s.status)).toEqual(['sent', 'delivered']);
    for (const s of statuses) {
      expect(s.recipient_id).toBe('5511912345678');
      expect(s.timestamp).toMatch(/^\d{10}$/);
    }
  });

  it('a number not on WhatsApp fails with error 131026', async () => {
    const res = await graphSend(template('5511930000000', 'https://ar.test/p'));
    const wamid = res.json().messages[0].id as string;
    const failed = await waitFor('failed', () => statusesOf(wamid).find((s) => s.status === 'failed'));
    expect(failed.errors).toEqual([expect.objectContaining({ code: 131026, title: 'Message undeliverable' })]);
    expect(statusesOf(wamid)).toHaveLength(1);
  });
});

describe('/dev/telefone', () => {
  it('lists the numbers and shows a conversation escaped, with its links; reading a WhatsApp message is a button, not the GET', async () => {
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)> "aspas" \'simples\'';
    const sms = await twilioSend({
      To: '+5521987651234',
      From: t.config.channels.twilio.from,
      Body: `${evil} https://ar.test/p/1?sms=1&a=2`,
    });
    const wa = await graphSend(template('5521987651234', `https://ar.test/p/1?whatsapp=1&b=<3`, `Li ${evil}`));
    const wamid = wa.json().messages[0].id as string;
    // The product's messages behind them: the administrator's (the phone shows a user its tenant's only).
    await ownSimulated(t.ctx.db, 'admin@demo.local', { provedor: 'twilio', id: sms.json().sid, canal: 'sms', numero: '+5521987651234' });
    await ownSimulated(t.ctx.db, 'admin@demo.local', { provedor: 'meta', id: wamid, canal: 'whatsapp', numero: '+5521987651234' });
    await waitFor('delivered', () => (statusesOf(wamid).some((s) => s.status === 'delivered') ? true : undefined));

    const list = await page('/dev/telefone');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain('href="/dev/telefone/5521987651234"');
    expect(list.body).toContain('+55 (21) 98765-1234');

    const one = await page('/dev/telefone/5521987651234');
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain('<script>');
    expect(one.body).not.toContain('<img');
    expect(one.body).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &quot;aspas&quot; &#39;simples&#39;',
    );
    expect(one.body).toContain('<a href="https://ar.test/p/1?sms=1&amp;a=2" target="_blank" rel="noopener noreferrer">');
    expect(one.body).toContain('<a href="https://ar.test/p/1?whatsapp=1&amp;b=" target="_blank"');
    // The simulated account's approved template, filled with the send's parameters.
    expect(one.body).toContain(
      'Cobrança Demo enviou a você uma mensagem registrada pelo AR Online.\nAssunto: Notificação\nLeia em: <a href=',
    );
    // The quick-reply button is a plain form posting to the page itself.
    expect(one.body).toContain('action="/dev/telefone/5521987651234/botao"');
    expect(one.body).toContain(`value="${wamid}"`);
    expect(one.body).toContain('action="/dev/telefone/5521987651234/responder"');
    const policy = String(one.headers['content-security-policy']);
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('script-src');

    // Opening the conversation reads nothing (a GET changes nothing): reading is the owner's button.
    await new Promise((r) => setTimeout(r, 200));
    expect(statusesOf(wamid).map((s) => s.status)).toEqual(['sent', 'delivered']);
    expect(one.body).toContain('action="/dev/telefone/5521987651234/ler"');
    expect(one.body).toContain(`name="csrf" value="${admin.csrf}"`);
    const read = await post('/dev/telefone/5521987651234/ler', { wamid });
    expect(read.statusCode).toBe(303);
    await waitFor('read', () => statusesOf(wamid).find((s) => s.status === 'read'));
    // Pressed again (two tabs): one read receipt, not one per press.
    expect((await post('/dev/telefone/5521987651234/ler', { wamid })).statusCode).toBe(400);
    await new Promise((r) => setTimeout(r, 200));
    expect(statusesOf(wamid).map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
    expect((await page('/dev/telefone/5521987651234')).body).toContain('✓✓ Lida');

    for (const url of ['/dev/telefone/5599999999999', '/dev/telefone/abc', '/dev/telefone/0123'])
      expect((await page(url)).statusCode, url).toBe(404);
  });

  it('a reply by SMS posts a signed inbound SMS to the product', async () => {
    const res = await post('/dev/telefone/5521987651234/responder', { canal: 'sms', texto: 'Recebi, obrigado <b>!</b>' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dev/telefone/5521987651234');
    const inbound = await waitFor('inbound', () => received.find((r) => r.path === '/v2/webhooks/twilio/sms-inbound'));
    const f = form(inbound);
    const url = `${publicUrl}/v2/webhooks/twilio/sms-inbound`;
    expect(inbound.headers['x-twilio-signature']).toBe(twilioSignature(t.config.channels.twilio.authToken, url, f));
    expect(f).toMatchObject({
      AccountSid: t.config.channels.twilio.accountSid,
      From: '+5521987651234',
      To: t.config.channels.twilio.from,
      Body: 'Recebi, obrigado <b>!</b>',
      NumMedia: '0',
    });
    expect(f.MessageSid).toMatch(/^SM[0-9a-f]{32}$/);
    // The phone shows the reply as taken by the product once the product answered 200.
    await waitFor('bubble', async () =>
      (await page('/dev/telefone/5521987651234')).body.includes('Recebida pelo produto') ? true : undefined,
    );
  });

  it('a WhatsApp reply answers the last wamid, and the button sends its button reply', async () => {
    const inboundOf = () =>
      metaWebhooks()
        .flatMap((w) => w.entry[0]?.changes[0]?.value.messages ?? [])
        .filter((m) => m.from === '5521987651234');
    const conversation = await page('/dev/telefone/5521987651234');
    const wamid = /name="wamid" value="([^"]+)"/.exec(conversation.body)?.[1] as string;
    const button = /name="botao" value="([^"]+)"/.exec(conversation.body)?.[1] as string;

    expect((await post('/dev/telefone/5521987651234/responder', { canal: 'whatsapp', texto: 'Ciente.' })).statusCode).toBe(303);
    const text = await waitFor('text', () => inboundOf().find((m) => m.type === 'text'));
    expect(text).toMatchObject({ type: 'text', text: { body: 'Ciente.' }, context: { from: BUSINESS, id: wamid } });
    expect(text.id).toMatch(/^wamid\./);
    expect(text.timestamp).toMatch(/^\d{10}$/);

    // The form's value arrives escaped in HTML and unescaped in the form post.
    const pressed = await post('/dev/telefone/5521987651234/botao', {
      wamid,
      botao: button
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&'),
    });
    expect(pressed.statusCode).toBe(303);
    const reply = await waitFor('button', () => inboundOf().find((m) => m.type === 'button'));
    expect(reply.context).toEqual({ from: BUSINESS, id: wamid });
    expect(reply.button).toMatchObject({ text: expect.stringMatching(/^Li <script>/) });

    const after = await page('/dev/telefone/5521987651234');
    expect(after.body).toContain('Ciente.');
    expect(after.body).toContain('Recebida pelo produto');
  });

  it('refuses an empty reply, a channel with nothing to answer and a button of no message, sending nothing', async () => {
    const before = received.length;
    const empty = await post('/dev/telefone/5521987651234/responder', { canal: 'sms', texto: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Escreva a resposta.');
    expect((await post('/dev/telefone/5521987651234/responder', { canal: 'voz', texto: 'oi' })).body).toContain('Escolha SMS ou WhatsApp.');
    expect((await post('/dev/telefone/5511912345678/responder', { canal: 'sms', texto: 'oi' })).body).toContain(
      'Este telefone não recebeu SMS para responder.',
    );
    expect((await post('/dev/telefone/5521987651234/botao', { wamid: 'wamid.outro', botao: 'x' })).statusCode).toBe(400);
    // The SMS to a number that does not exist never arrived: nothing to answer.
    expect((await post('/dev/telefone/5511900000000/responder', { canal: 'sms', texto: 'oi' })).body).toContain(
      'não chegou a este telefone',
    );
    expect((await post('/dev/telefone/abc/responder', { canal: 'sms', texto: 'oi' })).statusCode).toBe(404);
    await new Promise((r) => setTimeout(r, 200));
    expect(received.length).toBe(before);
  });
});

describe('a phone that answers by itself (ending in 1111)', () => {
  it('writes back by SMS once delivered, and on WhatsApp reads and presses the button', async () => {
    const sms = await twilioSend({
      To: '+5531987651111',
      From: t.config.channels.twilio.from,
      Body: 'oi',
      StatusCallback: `${publicUrl}/v2/webhooks/twilio/sms/auto`,
    });
    expect(sms.statusCode).toBe(201);
    const inbound = await waitFor('auto SMS', () =>
      received.find((r) => r.path === '/v2/webhooks/twilio/sms-inbound' && form(r).From === '+5531987651111'),
    );
    expect(form(inbound)).toMatchObject({ Body: 'Recebido, obrigado.', To: t.config.channels.twilio.from });
    expect(received.filter((r) => r.path === '/v2/webhooks/twilio/sms/auto').map((r) => form(r).MessageStatus)).toEqual([
      'sent',
      'delivered',
    ]);

    const wa = await graphSend(template('5531987651111', 'https://ar.test/p', 'Confirmo'));
    const wamid = wa.json().messages[0].id as string;
    const reply = await waitFor('auto button', () =>
      metaWebhooks()
        .flatMap((w) => w.entry[0]?.changes[0]?.value.messages ?? [])
        .find((m) => m.from === '5531987651111'),
    );
    expect(reply).toMatchObject({ type: 'button', button: { text: 'Confirmo', payload: 'Confirmo' }, context: { id: wamid } });
    expect(statusesOf(wamid).map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
  });
});

const TWILIO_ENV = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'x', TWILIO_FROM: '+5511999990001' };
const META_ENV = {
  WHATSAPP_PHONE_NUMBER_ID: '1',
  WHATSAPP_TOKEN: 't',
  WHATSAPP_APP_SECRET: 's',
  WHATSAPP_VERIFY_TOKEN: 'v',
  WHATSAPP_TEMPLATE: 'modelo',
};

describe('mounting', () => {
  it('is not mounted when the phone channels (SMS, WhatsApp, voice) are on real providers', async () => {
    const real = await createTestApp({
      SMS_PROVIDER: 'twilio',
      WHATSAPP_PROVIDER: 'meta',
      VOICE_PROVIDER: 'twilio',
      TWILIO_VOICE_FROM: '+5511999990002',
      ...TWILIO_ENV,
      ...META_ENV,
    });
    try {
      for (const url of ['/dev/telefone', '/dev/twilio/2010-04-01/Accounts/AC1/Messages.json', '/dev/graph/v21.0/1/messages']) {
        const res = await real.app.inject({
          method: url.startsWith('/dev/telefone') ? 'GET' : 'POST',
          url,
          payload: url.startsWith('/dev/telefone') ? undefined : {},
        });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await real.close();
    }
  });

  it('with only the voice on the simulator, serves the phone (its calls) but neither Messages.json nor Graph', async () => {
    const voice = await createTestApp({ SMS_PROVIDER: 'twilio', WHATSAPP_PROVIDER: 'meta', ...TWILIO_ENV, ...META_ENV });
    try {
      // Mounted (a sign-in is asked), where the real providers' routes are not.
      expect((await voice.app.inject({ method: 'GET', url: '/dev/telefone' })).statusCode).toBe(401);
      expect(
        (await voice.app.inject({ method: 'POST', url: '/dev/twilio/2010-04-01/Accounts/AC1/Messages.json', payload: {} })).statusCode,
      ).toBe(404);
      expect((await voice.app.inject({ method: 'POST', url: '/dev/graph/v21.0/1/messages', payload: {} })).statusCode).toBe(404);
    } finally {
      await voice.close();
    }
  });

  it('with only SMS on the simulator, serves Twilio and the phone but not Graph', async () => {
    const half = await createTestApp({ WHATSAPP_PROVIDER: 'meta', ...META_ENV });
    try {
      expect((await half.app.inject({ method: 'GET', url: '/dev/telefone' })).statusCode).toBe(401);
      expect((await half.app.inject({ method: 'POST', url: '/dev/graph/v21.0/1/messages', payload: {} })).statusCode).toBe(404);
      const twilio = await half.app.inject({
        method: 'POST',
        url: `/dev/twilio/2010-04-01/Accounts/${half.config.channels.twilio.accountSid}/Messages.json`,
        payload: {},
      });
      expect(twilio.statusCode).toBe(401);
    } finally {
      await half.close();
    }
  });
});

describe('odd input', () => {
  it('answers a JSON body, arrays and NUL bytes with a 4xx, never a 5xx', async () => {
    const { accountSid, authToken } = t.config.channels.twilio;
    const twilioUrl = `/dev/twilio/2010-04-01/Accounts/${accountSid}/Messages.json`;
    const calls = [
      {
        method: 'POST' as const,
        url: twilioUrl,
        headers: { authorization: basic(accountSid, authToken) },
        payload: { To: 5511, Body: ['a'] },
      },
      {
        method: 'POST' as const,
        url: twilioUrl,
        headers: { authorization: basic(accountSid, authToken), 'content-type': 'text/plain' },
        payload: 'a\u0000b',
      },
      { method: 'POST' as const, url: '/dev/telefone/5521987651234/responder', payload: { canal: 'sms', texto: { a: 1 } } },
      { method: 'POST' as const, url: '/dev/telefone/5521987651234/botao', payload: { wamid: ['x'], botao: 1 } },
      {
        method: 'POST' as const,
        url: '/dev/telefone/5521987651234/responder',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'canal=sms&texto=a%00b',
      },
      { method: 'GET' as const, url: '/dev/telefone/%E0%A4%A' },
    ];
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${call.method} ${call.url}`).toBeLessThan(500);
    }
  });
});
