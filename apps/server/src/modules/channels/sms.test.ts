import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOf, startFakeProvider } from '../../../test/fake-provider.ts';
import { useTestApp } from '../../../test/harness.ts';
import { opensslVerifyToken } from '../../../test/openssl.ts';
import { eventsWithStamps, postTwilioWebhook, providerAcceptance } from '../../../test/phone-channels.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { checkChain } from '../evidence/chain-check.ts';
import { twilioSignature } from './signatures.ts';

// AR-SMS end to end through the API, with a fake Twilio on a local port: the real request
// (Basic auth, form body), the real signed callbacks.
const SID = 'ACtest0123456789abcdef0123456789ab';
const TOKEN = 'twilio-test-auth-token-0123456789';
const FROM = '+15005550006';
const PUBLIC_URL = 'http://localhost:3999';

interface Received {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/** Twilio's Messages endpoint as far as the product uses it: 401 without the account's Basic auth, 400 21211 for a number it refuses. */
async function startFakeTwilio() {
  const refused = new Set<string>();
  const unavailable = new Set<string>();
  /** Numbers answered 429 with Retry-After: 1 the first time (Twilio's 20429), then taken. */
  const throttledOnce = new Set<string>();
  /** When each send reached the fake, by number. */
  const timed: { to: string; at: number }[] = [];
  /** Numbers whose callback Twilio makes before it answers the send (it may: both race). */
  const callsBackFirst = new Map<string, (sid: string, form: Record<string, string>) => Promise<void>>();
  const fake = await startFakeProvider(async (req) => {
    const form = formOf(req);
    timed.push({ to: form.To ?? '', at: Date.now() });
    if (req.method !== 'POST' || req.path !== `/2010-04-01/Accounts/${SID}/Messages.json`)
      return { status: 404, body: { code: 20404, message: 'Not found' } };
    if (req.headers.authorization !== `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`)
      return { status: 401, body: { code: 20003, message: 'Authenticate' } };
    if (throttledOnce.delete(form.To ?? ''))
      return { status: 429, headers: { 'retry-after': '1' }, body: { code: 20429, message: 'Too Many Requests' } };
    if (unavailable.has(form.To ?? '')) return { status: 503, body: { code: 20503, message: 'Service unavailable' } };
    if (refused.has(form.To ?? ''))
      return { status: 400, body: { code: 21211, message: `The 'To' number ${form.To} is not a valid phone number.`, status: 400 } };
    const sid = `SM${randomBytes(16).toString('hex')}`;
    await callsBackFirst.get(form.To ?? '')?.(sid, form);
    return { status: 201, body: { sid, status: 'queued', to: form.To, from: form.From, body: form.Body } };
  });
  return {
    url: fake.url,
    get received(): Received[] {
      return fake.received.map((r) => ({
        path: r.path,
        authorization: r.headers.authorization,
        contentType: r.headers['content-type'],
        form: formOf(r),
      }));
    },
    refused,
    unavailable,
    throttledOnce,
    timed,
    callsBackFirst,
    close: () => fake.close(),
  };
}

const env: Record<string, string> = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: TOKEN,
  TWILIO_FROM: FROM,
  PUBLIC_URL,
};
let fake: Awaited<ReturnType<typeof startFakeTwilio>>;
beforeAll(async () => {
  fake = await startFakeTwilio();
  env.TWILIO_API_URL = fake.url;
});
afterAll(async () => {
  await fake?.close();
});

const t = useTestApp(env, { startQueue: true });
const as = t.signIns({ ana: 'usuario@demo.local' });

/** Posts a form to a product address as Twilio does, signed with the account's token (or another, or none). */
const twilioPost = (path: string, form: Record<string, string>, sign: 'valid' | 'bad' | 'none' = 'valid') =>
  postTwilioWebhook(t.app, path, form, { token: TOKEN, publicUrl: PUBLIC_URL, sign });

const eventsOf = (cod_email: number) => eventsWithStamps(t.ctx.db, cod_email);

const statusOf = (cod_email: number) =>
  t.ctx.db
    .selectFrom('emails')
    .select(['ema_status_sms', 'ema_status_email', 'ema_uni_sms', 'ema_uni_to', 'ema_uni_creditos'])
    .where('ema_uni_codigo', '=', cod_email)
    .executeTakeFirstOrThrow();

/** Composes through the API and waits for Twilio's acceptance; answers the message and what the fake received. */
async function composeSms(mobile: string, to = '') {
  const res = await t.call('POST', '/emails/send', as.ana, {
    destinataires: [{ to, nameTo: 'Bruno', sms: { name: 'Bruno', mobile } }],
    nameFrom: 'Escritório Souza',
    subject: 'Notificação de cobrança',
    content: '<p>Prezado Bruno</p>',
  });
  expect(res.statusCode, res.body).toBe(200);
  const { ema_uni_codigo, ema_uni_id } = res.json().emails[0] as { ema_uni_codigo: number; ema_uni_id: string };
  const request = await waitFor(
    () => fake.received.find((r) => r.form.StatusCallback?.endsWith(ema_uni_id)),
    (r) => !!r,
  );
  return { cod: ema_uni_codigo, uuid: ema_uni_id, request: request as Received, creditos: res.json().creditos as number };
}

const providerIdOf = async (cod: number) => (await providerAcceptance(t.ctx.db, cod)).id_provedor;

describe('AR-SMS through Twilio', () => {
  it('a 429 holds the send for its Retry-After, then the message goes once', async () => {
    fake.throttledOnce.add('+5511987650077');
    const { cod } = await composeSms('(11) 98765-0077');
    await providerIdOf(cod);
    const tries = fake.timed.filter((r) => r.to === '+5511987650077');
    expect(tries).toHaveLength(2);
    expect((tries[1]?.at ?? 0) - (tries[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    // One acceptance stored and chained.
    const events = await waitFor(
      () => eventsOf(cod),
      (rows) => rows.length === 2,
    );
    expect(events.map((e) => [e.evt_canal, e.evt_tipo])).toEqual([
      ['sms', 'processed'],
      ['sms', 'processed'],
    ]);
    const stored = await t.ctx.db.selectFrom('mensagens_provedor').select('id_provedor').where('cod_email', '=', cod).execute();
    expect(stored).toHaveLength(1);
  });

  it('keeps a status Twilio calls back before it answers the send: the signed address names the message', async () => {
    const answers: number[] = [];
    fake.callsBackFirst.set('+5511987650011', async (sid, form) => {
      const path = new URL(form.StatusCallback as string).pathname.replace(/^\/v2/, '');
      answers.push((await twilioPost(path, { MessageSid: sid, MessageStatus: 'sent', To: form.To as string })).statusCode);
    });
    const { cod } = await composeSms('(11) 98765-0011');
    // (The callback's claim stores the sid before its answer comes back: wait for the answer.)
    await waitFor(
      () => Promise.resolve(answers.length),
      (n) => n === 1,
    );
    expect(answers).toEqual([204]);
    const sid = await providerIdOf(cod);
    const events = await waitFor(
      () => eventsOf(cod),
      (rows) => rows.length === 3,
    );
    // The 'sent' is kept; the acceptance that came after it is still chained, with Twilio's answer.
    expect(events.map((e) => [e.evt_canal, e.evt_tipo])).toEqual([
      ['sms', 'processed'],
      ['sms', 'send'],
      ['sms', 'processed'],
    ]);
    expect(events[2]?.evt_detalhes).toMatchObject({ provedor: 'twilio', idProvedor: sid, payload: { sid, status: 'queued' } });
    expect((await statusOf(cod)).ema_status_sms).toBe('send');
    const stored = await t.ctx.db
      .selectFrom('mensagens_provedor')
      .select('resposta')
      .where('cod_email', '=', cod)
      .executeTakeFirstOrThrow();
    expect(stored.resposta).toMatchObject({ sid, status: 'queued' });
    fake.callsBackFirst.clear();
  });

  it('sends To, From, Body and StatusCallback with the account’s Basic auth, and stores the sid', async () => {
    const before = await t.balance('usuario@demo.local');
    const { cod, uuid, request, creditos } = await composeSms('(11) 98765-4321');
    expect(creditos).toBe(1);
    expect(await t.balance('usuario@demo.local')).toBe(before - 1);
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(request.contentType).toContain('application/x-www-form-urlencoded');
    expect(request.form.To).toBe('+5511987654321');
    expect(request.form.From).toBe(FROM);
    expect(request.form.StatusCallback).toBe(`${PUBLIC_URL}/v2/webhooks/twilio/sms/${uuid}`);
    const link = `${PUBLIC_URL}/emails/info/public/${uuid}?sms=1`;
    expect(request.form.Body).toBe(`Escritorio Souza enviou uma mensagem registrada (AR Online): ${link}`);
    // The text sent is the one stored with the message (and hashed in its chain).
    const msg = await statusOf(cod);
    expect(msg).toMatchObject({ ema_uni_to: null, ema_status_email: null, ema_status_sms: 'processed', ema_uni_creditos: 1 });
    expect(msg.ema_uni_sms).toEqual({ number: '+5511987654321', messageContent: request.form.Body });
    const sid = await providerIdOf(cod);
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    // The acceptance is evidence: Twilio's answer chained under the SMS's 'processed', status unchanged.
    const events = await waitFor(
      () => eventsOf(cod),
      (rows) => rows.length === 2,
    );
    expect(events.map((e) => [e.evt_canal, e.evt_tipo])).toEqual([
      ['sms', 'processed'],
      ['sms', 'processed'],
    ]);
    expect(events[1]?.evt_detalhes).toMatchObject({ provedor: 'twilio', idProvedor: sid, payload: { sid, status: 'queued' } });
    // A message without e-mail shows everywhere a message shows (each answer checked by its contract).
    const detail = await t.call('GET', `/emails/send/${cod}`, as.ana);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ ema_uni_to: null, ema_uni_sms: { number: '+5511987654321' } });
    expect(detail.json().lastStatus.sms).toMatchObject({ type: 'processed', label: 'Processado' });
    // The acceptance is shown as what it is, not as a second 'Processado'.
    expect(detail.json().status.sms.map((e: { label: string }) => e.label)).toEqual(['Processado', 'Aceito pelo provedor']);
    expect(detail.json().lastStatus.email).toBeUndefined();
    const list = await t.call('GET', '/emails/send?search=5511987654321', as.ana);
    expect(list.statusCode).toBe(200);
    expect(list.json().emails.map((e: { ema_uni_codigo: number }) => e.ema_uni_codigo)).toContain(cod);
    const page = await t.call('GET', `/emails/info/public/${uuid}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ numberSMS: '+5511987654321', messageSMS: request.form.Body });
    expect((await t.call('PUT', `/emails/sending-proof/${cod}`, as.ana)).statusCode).toBe(200);
  });

  it('maps sent and delivered; a late sent and a repeated callback change nothing; every event chained and stamped', async () => {
    const { cod, uuid } = await composeSms('(21) 99876-5432', 'bruno@cliente.test');
    const sid = await providerIdOf(cod);
    const path = `/webhooks/twilio/sms/${uuid}`;
    const delivered = { MessageSid: sid, MessageStatus: 'delivered', AccountSid: SID, To: '+5521998765432', From: FROM };
    const sent = { ...delivered, MessageStatus: 'sent' };
    // Out of order: delivered first, then sent, then delivered again.
    expect((await twilioPost(path, delivered)).statusCode).toBe(204);
    expect((await statusOf(cod)).ema_status_sms).toBe('delivered');
    expect((await twilioPost(path, sent)).statusCode).toBe(204);
    expect((await twilioPost(path, delivered)).statusCode).toBe(204);
    expect((await twilioPost(path, { ...sent, MessageStatus: 'queued' })).statusCode).toBe(204);
    expect((await statusOf(cod)).ema_status_sms).toBe('delivered');
    const sms = (await eventsOf(cod)).filter((e) => e.evt_canal === 'sms').map((e) => e.evt_tipo);
    expect(sms).toEqual(['processed', 'processed', 'delivered', 'send']);
    const deliveredEvent = (await eventsOf(cod)).find((e) => e.evt_tipo === 'delivered');
    expect(deliveredEvent?.evt_detalhes).toMatchObject({ provedor: 'twilio', idProvedor: sid, payload: delivered });
    // The message's whole chain (e-mail and SMS) is intact, and each event's stamp verifies with openssl.
    expect(await checkChain(t.ctx.db, cod)).toMatchObject({ isIntact: true, firstBroken: null });
    const tsaPem = (await t.call('GET', '/tsa/certificado.pem')).body;
    const stamped = await waitFor(
      () => eventsOf(cod),
      (rows) => rows.length >= 5 && rows.every((r) => r.car_token),
      60_000,
    );
    for (const e of stamped)
      expect((await opensslVerifyToken(new Uint8Array(e.car_token as Uint8Array), e.evt_hash, tsaPem)).ok).toBe(true);
    // The sent detail shows the SMS's statuses.
    const detail = await t.call('GET', `/emails/send/${cod}`, as.ana);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().lastStatus.sms).toMatchObject({ type: 'delivered', label: 'Entregue' });
  });

  it('undelivered ends the SMS in erro with Twilio’s code, and gives its credit back once', async () => {
    const before = await t.balance('usuario@demo.local');
    const { cod, uuid } = await composeSms('(31) 99123-4567');
    expect(await t.balance('usuario@demo.local')).toBe(before - 1);
    const sid = await providerIdOf(cod);
    const path = `/webhooks/twilio/sms/${uuid}`;
    const undelivered = { MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003', AccountSid: SID };
    expect((await twilioPost(path, undelivered)).statusCode).toBe(204);
    expect((await twilioPost(path, { ...undelivered, MessageStatus: 'failed' })).statusCode).toBe(204);
    expect((await twilioPost(path, undelivered)).statusCode).toBe(204);
    expect((await statusOf(cod)).ema_status_sms).toBe('erro');
    expect(await t.balance('usuario@demo.local')).toBe(before);
    const erros = (await eventsOf(cod)).filter((e) => e.evt_tipo === 'erro');
    expect(erros).toHaveLength(2);
    expect(erros[0]?.evt_detalhes).toMatchObject({ reasonFailure: 'Twilio 30003: mensagem não entregue' });
    const detail = (await t.call('GET', `/emails/send/${cod}`, as.ana)).json();
    expect(detail.sms_error).toMatchObject({ reasonFailure: 'Twilio 30003: mensagem não enviada' });
    expect(detail.email_error).toBeNull();
    expect(await checkChain(t.ctx.db, cod)).toMatchObject({ isIntact: true });
  });

  it('gives nothing back for an SMS that had arrived, nor for one whose unit the e-mail still uses', async () => {
    const before = await t.balance('usuario@demo.local');
    const arrived = await composeSms('(81) 99567-8901');
    const sid = await providerIdOf(arrived.cod);
    const path = `/webhooks/twilio/sms/${arrived.uuid}`;
    expect((await twilioPost(path, { MessageSid: sid, MessageStatus: 'delivered' })).statusCode).toBe(204);
    expect((await twilioPost(path, { MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30005' })).statusCode).toBe(204);
    expect((await eventsOf(arrived.cod)).map((e) => e.evt_tipo)).toContain('erro');
    expect(await t.balance('usuario@demo.local')).toBe(before - 1);
    // E-mail and SMS share one unit: the SMS failing alone leaves it paid for the e-mail.
    const both = await composeSms('(81) 99567-8902', 'fabio@cliente.test');
    const bothSid = await providerIdOf(both.cod);
    const failed = { MessageSid: bothSid, MessageStatus: 'failed', ErrorCode: '30008' };
    expect((await twilioPost(`/webhooks/twilio/sms/${both.uuid}`, failed)).statusCode).toBe(204);
    expect((await statusOf(both.cod)).ema_status_sms).toBe('erro');
    expect(await t.balance('usuario@demo.local')).toBe(before - 2);
  });

  it('a number Twilio refuses (21211) ends in erro at once, refunded, without retries', async () => {
    fake.refused.add('+5541991234567');
    const before = await t.balance('usuario@demo.local');
    const res = await t.call('POST', '/emails/send', as.ana, {
      destinataires: [{ to: '', nameTo: 'Caio', sms: { name: 'Caio', mobile: '(41) 99123-4567' } }],
      nameFrom: 'Escritório Souza',
      subject: 'Aviso',
      content: '<p>Aviso</p>',
    });
    expect(res.statusCode).toBe(200);
    const cod = res.json().emails[0].ema_uni_codigo as number;
    await waitFor(
      () => statusOf(cod),
      (m) => m.ema_status_sms === 'erro',
    );
    expect(await t.balance('usuario@demo.local')).toBe(before);
    const erro = (await eventsOf(cod)).find((e) => e.evt_tipo === 'erro');
    expect(erro?.evt_detalhes).toMatchObject({ reasonFailure: expect.stringContaining('Twilio 21211') });
    expect(fake.received.filter((r) => r.form.To === '+5541991234567')).toHaveLength(1);
  });

  it('Twilio unavailable (5xx): nothing recorded, the job is retried, the credit stays debited', async () => {
    fake.unavailable.add('+5541991239999');
    const before = await t.balance('usuario@demo.local');
    const res = await t.call('POST', '/emails/send', as.ana, {
      destinataires: [{ to: '', nameTo: 'Gil', sms: { name: 'Gil', mobile: '(41) 99123-9999' } }],
      nameFrom: 'Escritório Souza',
      subject: 'Aviso',
      content: '<p>Aviso</p>',
    });
    expect(res.statusCode).toBe(200);
    const cod = res.json().emails[0].ema_uni_codigo as number;
    const jobs = await waitFor(
      async () => (await t.ctx.boss?.findJobs<{ cod_email: number }>('sms-send', { data: { cod_email: cod } })) ?? [],
      (rows) => rows[0]?.state === 'retry',
    );
    expect(jobs).toHaveLength(1);
    expect(fake.received.filter((r) => r.form.To === '+5541991239999').length).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.selectFrom('mensagens_provedor').select('cod_email').where('cod_email', '=', cod).execute()).toEqual([]);
    expect((await statusOf(cod)).ema_status_sms).toBe('processed');
    expect(await t.balance('usuario@demo.local')).toBe(before - 1);
  });

  it('a bad or missing signature is refused with 403 and records nothing', async () => {
    const { cod, uuid } = await composeSms('(51) 99234-5678');
    const sid = await providerIdOf(cod);
    // The chain as it stands (not its stamps, which the stamp worker adds meanwhile).
    const chainOf = async () => (await eventsOf(cod)).map((e) => [e.evt_seq, e.evt_canal, e.evt_tipo, e.evt_hash]);
    const before = await chainOf();
    const path = `/webhooks/twilio/sms/${uuid}`;
    const delivered = { MessageSid: sid, MessageStatus: 'delivered', AccountSid: SID };
    expect((await twilioPost(path, delivered, 'bad')).statusCode).toBe(403);
    expect((await twilioPost(path, delivered, 'none')).statusCode).toBe(403);
    // Signed for another address: the signature covers the URL.
    const signedElsewhere = twilioSignature(TOKEN, `${PUBLIC_URL}/v2/webhooks/twilio/sms/outro`, delivered);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/v2${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signedElsewhere },
      payload: new URLSearchParams(delivered).toString(),
    });
    expect(moved.statusCode).toBe(403);
    const inbound = await twilioPost(
      '/webhooks/twilio/sms-inbound',
      { MessageSid: 'SMfake', From: '+5551992345678', To: FROM, Body: 'oi' },
      'bad',
    );
    expect(inbound.statusCode).toBe(403);
    expect(await chainOf()).toEqual(before);
    expect((await statusOf(cod)).ema_status_sms).toBe('processed');
    const keys = await t.ctx.db.selectFrom('provedor_eventos').select('chave').where('cod_email', '=', cod).execute();
    expect(keys).toEqual([]);
  });

  it('an inbound SMS answers the last AR-SMS sent to that number: answered, with the text', async () => {
    // An earlier AR-SMS to the same number, accepted first: the reply goes to the later one.
    const earlier = (await composeSms('(61) 99345-6789')).cod;
    await providerIdOf(earlier);
    const { cod } = await composeSms('(61) 99345-6789');
    await providerIdOf(cod);
    const reply = {
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      SmsStatus: 'received',
      From: '+5561993456789',
      To: FROM,
      Body: 'Recebi, obrigado.',
      AccountSid: SID,
    };
    const res = await twilioPost('/webhooks/twilio/sms-inbound', reply);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    expect(res.body).toContain('<Response/>');
    expect((await twilioPost('/webhooks/twilio/sms-inbound', reply)).statusCode).toBe(200);
    expect((await statusOf(cod)).ema_status_sms).toBe('answered');
    const answered = (await eventsOf(cod)).filter((e) => e.evt_tipo === 'answered');
    expect(answered).toHaveLength(1);
    expect(answered[0]?.evt_detalhes).toMatchObject({ texto: 'Recebi, obrigado.', de: '+5561993456789', provedor: 'twilio' });
    expect((await statusOf(earlier)).ema_status_sms).toBe('processed');
    expect(await checkChain(t.ctx.db, cod)).toMatchObject({ isIntact: true });
  });

  it('e-mail and SMS together cost one unit, and both channels are processed and queued', async () => {
    const before = await t.balance('usuario@demo.local');
    const { cod, creditos } = await composeSms('(71) 99456-7890', 'dora@cliente.test');
    expect(creditos).toBe(1);
    expect(await t.balance('usuario@demo.local')).toBe(before - 1);
    const msg = await statusOf(cod);
    expect(msg).toMatchObject({ ema_uni_to: 'dora@cliente.test', ema_uni_creditos: 1 });
    const mail = await waitFor(
      () => t.mailbox(),
      (rows) => rows.some((r) => r.cai_to.includes('dora@cliente.test')),
    );
    expect(mail.length).toBeGreaterThan(0);
  });

  it('the e-mail is required while the account says so; WhatsApp only for an account that accepts it', async () => {
    const user = t.ctx.db.updateTable('usuarios').where('usu_login', '=', 'usuario@demo.local');
    const send = (r: Record<string, unknown>) =>
      t.call('POST', '/emails/send', as.ana, {
        destinataires: [{ nameTo: 'Eva', ...r }],
        nameFrom: 'Escritório Souza',
        subject: 'Aviso',
        content: '<p>Aviso</p>',
      });
    await user.set({ set_envia_email_obrigatorio: true }).execute();
    try {
      const res = await send({ to: '', sms: { name: 'Eva', mobile: '(11) 98765-1111' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Informe o e-mail do destinatário.');
    } finally {
      await user.set({ set_envia_email_obrigatorio: false }).execute();
    }
    await user.set({ usu_aceita_ar_whatsapp: false }).execute();
    try {
      const res = await send({ to: 'eva@cliente.test', whatsapp: { name: 'Eva', mobile: '(11) 98765-1111' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('O envio por WhatsApp não está habilitado para esta conta.');
    } finally {
      await user.set({ usu_aceita_ar_whatsapp: true }).execute();
    }
    const nothing = await send({ to: '' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('Informe o e-mail, o SMS ou o WhatsApp do destinatário.');
  });

  it('refuses an SMS number outside the rules, nothing stored', async () => {
    const before = await t.balance('usuario@demo.local');
    for (const mobile of ['(20) 98765-4321', '(11) 8765-4321', '(11) 88765-4321']) {
      const res = await t.call('POST', '/emails/send', as.ana, {
        destinataires: [{ to: '', nameTo: 'Caio', sms: { name: 'Caio', mobile } }],
        nameFrom: 'Escritório Souza',
        subject: 'Aviso',
        content: '<p>Aviso</p>',
      });
      expect(res.statusCode, mobile).toBe(400);
      expect(res.json().message).toBe('Informe um celular válido com DDD para o SMS.');
    }
    expect(await t.balance('usuario@demo.local')).toBe(before);
  });
});
