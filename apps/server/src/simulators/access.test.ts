import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devSession, ownSimulated } from '../../test/dev-session.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTenants } from '../../test/tenants.ts';

/**
 * The attacks of the simulated phone (docs/simulators.md), as
 * someone who reaches the port would try them: no session, another site's form, a form without the
 * session's token, another tenant's user. Each answers 401/403/404 and writes nothing.
 */

let t: TestApp;
const NUMBER = '5511987650042';

/** What the phone has carried, and what the product received: neither may grow under an attack. */
const written = async () => ({
  simulated: Number(
    (
      await t.ctx.db
        .selectFrom('simulador_mensagens')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  events: Number(
    (
      await t.ctx.db
        .selectFrom('email_eventos')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

let wamid: string;

beforeAll(async () => {
  // PUBLIC_URL on a closed port: a callback that did leave would fail, but none may leave.
  t = await createTestApp({ PUBLIC_URL: 'http://127.0.0.1:9', SIMULATOR_DELAY_MS: '60000' });
  await createTenants(t.ctx.db);
  const { accountSid, authToken, from } = t.config.channels.twilio;
  const sms = await t.app.inject({
    method: 'POST',
    url: `/dev/twilio/2010-04-01/Accounts/${accountSid}/Messages.json`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
    },
    payload: new URLSearchParams({ To: `+${NUMBER}`, From: from, Body: 'Mensagem do locatário A' }).toString(),
  });
  await ownSimulated(t.ctx.db, 'admin@demo.local', { provedor: 'twilio', id: sms.json().sid, canal: 'sms', numero: `+${NUMBER}` });
  const wa = await t.app.inject({
    method: 'POST',
    url: `/dev/graph/v21.0/${t.config.channels.meta.phoneNumberId}/messages`,
    headers: { authorization: `Bearer ${t.config.channels.meta.token}`, 'content-type': 'application/json' },
    payload: { messaging_product: 'whatsapp', to: NUMBER, type: 'text', text: { body: 'WhatsApp do locatário A' } },
  });
  wamid = wa.json().messages[0].id;
  await ownSimulated(t.ctx.db, 'admin@demo.local', { provedor: 'meta', id: wamid, canal: 'whatsapp', numero: `+${NUMBER}` });
  // Delivered, as the simulator's timer would leave it: what a read receipt could be forged on.
  await t.ctx.db.updateTable('simulador_mensagens').set({ sim_status: 'delivered' }).execute();
});

afterAll(async () => {
  await t?.close();
});

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  payload: new URLSearchParams(fields).toString(),
});

describe('the simulated phone, attacked', () => {
  it('without a session lists no number and shows no message: 401', async () => {
    for (const url of ['/dev/telefone', `/dev/telefone/${NUMBER}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain('+55 (11) 98765-0042');
      expect(res.body).not.toContain('locatário A');
      expect(res.body).toContain('/simuladores?destino=');
    }
  });

  it('forges no reply, button or read receipt without a session, from another site, or without the form token', async () => {
    const before = await written();
    const admin = await devSession(t, 'admin@demo.local');
    const attempts = [
      // The curl of the report: no cookie, another Origin.
      { who: 'anonymous', cookie: undefined, origin: 'http://evil.example', csrf: undefined, status: 401 },
      { who: 'another site', cookie: admin.cookie, origin: 'http://evil.example', csrf: admin.csrf, status: 403 },
      { who: 'no origin', cookie: admin.cookie, origin: undefined, csrf: admin.csrf, status: 403 },
      { who: 'no token', cookie: admin.cookie, origin: 'http://127.0.0.1:9', csrf: undefined, status: 403 },
      { who: 'wrong token', cookie: admin.cookie, origin: 'http://127.0.0.1:9', csrf: 'x'.repeat(43), status: 403 },
    ];
    for (const a of attempts) {
      const headers: Record<string, string> = {};
      if (a.cookie) headers.cookie = a.cookie;
      if (a.origin) headers.origin = a.origin;
      const extra: Record<string, string> = a.csrf ? { csrf: a.csrf } : {};
      const actions: [string, Record<string, string>][] = [
        ['responder', { canal: 'sms', texto: 'FORJADO' }],
        ['botao', { wamid, botao: 'Confirmado' }],
        ['ler', { wamid }],
      ];
      for (const [path, fields] of actions) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/dev/telefone/${NUMBER}/${path}`,
          ...form({ ...fields, ...extra }, headers),
        });
        expect(res.statusCode, `${a.who} ${path}`).toBe(a.status);
      }
    }
    expect(await written()).toEqual(before);
    const statuses = await t.ctx.db.selectFrom('simulador_mensagens').select('sim_status').execute();
    expect(statuses.map((s) => s.sim_status)).toEqual(['delivered', 'delivered']);
  });

  it("shows another tenant's user none of the numbers and messages, and takes no reply from it on them", async () => {
    const other = await devSession(t, 'admin@outra.local');
    const list = await other.page('/dev/telefone');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(NUMBER);
    expect((await other.page(`/dev/telefone/${NUMBER}`)).statusCode).toBe(404);
    const before = await written();
    const reply = await other.post(`/dev/telefone/${NUMBER}/responder`, { canal: 'sms', texto: 'FORJADO' });
    expect(reply.statusCode).toBe(400);
    expect(reply.body).not.toContain('locatário A');
    expect((await other.post(`/dev/telefone/${NUMBER}/ler`, { wamid })).statusCode).toBe(400);
    expect(await written()).toEqual(before);
    // The owner's tenant sees them; a GET of the conversation reads nothing.
    const admin = await devSession(t, 'admin@demo.local');
    const mine = await admin.page(`/dev/telefone/${NUMBER}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('Mensagem do locatário A');
    expect(await written()).toEqual(before);
  });

  it('the /dev pages read the product session cookie, and signing out of the product ends them too', async () => {
    const token = await t.login('usuario@demo.local');
    const cookie = `ar_sessao=${token}`;
    expect(
      (await t.app.inject({ method: 'GET', url: '/dev/telefone', headers: { cookie: 'ar_sessao=abcdefghijklmnopqrstuvwxyz' } })).statusCode,
    ).toBe(401);
    // A bearer token is an API client's, not a browser's navigation: it opens no /dev page.
    expect((await t.app.inject({ method: 'GET', url: '/dev/telefone', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/dev/telefone', headers: { cookie } })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/v2/logout', headers: { authorization: `Bearer ${token}` } });
    expect((await t.app.inject({ method: 'GET', url: '/dev/telefone', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('a production-like configuration', () => {
  it('has no /dev route at all', async () => {
    const prod = await createTestApp({
      SIMULATORS: 'false',
      SMTP_URL: 'smtp://127.0.0.1:9',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'x',
      TWILIO_FROM: '+5511999990001',
      LETTER_PROVIDER: 'http',
      LETTER_API_URL: 'http://127.0.0.1:9',
      LETTER_API_KEY: 'k',
      LETTER_WEBHOOK_SECRET: 's'.repeat(16),
    });
    try {
      expect(prod.config.simulators).toBe(false);
      // WhatsApp and voice were left unset: not offered, rather than on a simulator nobody serves.
      expect((await prod.app.inject({ method: 'GET', url: '/v2/config' })).json()).toMatchObject({
        mailbox: false,
        channels: { sms: true, whatsapp: false, voz: false, carta: true },
      });
      const routes = [
        ['GET', '/dev/mailbox'],
        ['GET', '/dev/mailbox/1'],
        ['GET', '/dev/telefone'],
        ['GET', `/dev/telefone/${NUMBER}`],
        ['POST', `/dev/telefone/${NUMBER}/responder`],
        ['POST', '/dev/twilio/2010-04-01/Accounts/AC1/Messages.json'],
        ['POST', '/dev/twilio/2010-04-01/Accounts/AC1/Calls.json'],
        ['POST', '/dev/graph/v21.0/1/messages'],
        ['POST', '/dev/letters/letters'],
        ['GET', '/dev/letters/letters/1'],
      ] as const;
      for (const [method, url] of routes) {
        const res = await prod.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    } finally {
      await prod.close();
    }
  });

  it('with SMTP_URL has no mailbox, and with LETTER_PROVIDER=http no letter simulator, even in the demo mode', async () => {
    const app = await createTestApp({
      SMTP_URL: 'smtp://127.0.0.1:9',
      LETTER_PROVIDER: 'http',
      LETTER_API_URL: 'http://127.0.0.1:9',
      LETTER_API_KEY: 'k',
      LETTER_WEBHOOK_SECRET: 's'.repeat(16),
    });
    try {
      expect(app.config.simulators).toBe(true);
      const token = await app.login('admin@demo.local');
      const cookie = `ar_sessao=${token}`;
      expect((await app.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { cookie } })).statusCode).toBe(404);
      expect((await app.app.inject({ method: 'POST', url: '/dev/letters/letters', payload: {} })).statusCode).toBe(404);
      // The phone is still there (SMS and WhatsApp on the simulator).
      expect((await app.app.inject({ method: 'GET', url: '/dev/telefone', headers: { cookie } })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
