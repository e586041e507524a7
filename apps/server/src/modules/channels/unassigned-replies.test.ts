import { randomBytes } from 'node:crypto';
import { smsSegments } from '@ar/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, formOf, startFakeProvider } from '../../../test/fake-provider.ts';
import { useTestApp } from '../../../test/harness.ts';
import { META_PHONE_NUMBER_ID, metaWebhook, postMetaWebhook } from '../../../test/meta-webhook.ts';
import { graphMessagesAnswer, postTwilioWebhook, providerAcceptance, twilioMessagesAnswer } from '../../../test/phone-channels.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { createAdministration, useTenants } from '../../../test/tenants.ts';
import { checkChain } from '../evidence/chain-check.ts';
import { CANDIDATES_PER_TENANT, MAX_SCANNED } from './unassigned-replies.queries.ts';
import { REPLY_NOTICE_TEXT } from './unassigned-replies.service.ts';

/**
 * Replies without a reference (docs/unassigned-replies.md), with two (and three)
 * administrations texting one number through one sender: every callback goes through the real
 * webhook routes, signed as Twilio and Meta sign; the notice goes out through the real adapters to
 * fake providers on local ports.
 */
const SID = 'ACtest0123456789abcdef0123456789ab';
const TOKEN = 'twilio-test-auth-token-0123456789';
const FROM = '+15005550006';
const APP_SECRET = 'segredo-do-app-meta-teste';
const PUBLIC_URL = 'http://localhost:3999';

let twilio: FakeProvider;
let graph: FakeProvider;
const env: Record<string, string> = {
  PUBLIC_URL,
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: TOKEN,
  TWILIO_FROM: FROM,
  WHATSAPP_PROVIDER: 'meta',
  WHATSAPP_PHONE_NUMBER_ID: META_PHONE_NUMBER_ID,
  WHATSAPP_TOKEN: 'EAAG-token-teste',
  WHATSAPP_APP_SECRET: APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: 'token-de-verificacao-teste',
  WHATSAPP_TEMPLATE: 'ar_online_notificacao',
};
// Before the app starts (hooks run in order): the app's provider addresses are the fakes'.
beforeAll(async () => {
  twilio = await startFakeProvider(twilioMessagesAnswer(SID));
  graph = await startFakeProvider(graphMessagesAnswer('MULTI'));
  env.TWILIO_API_URL = twilio.url;
  env.WHATSAPP_API_URL = `${graph.url}/v21.0`;
});
afterAll(async () => {
  await twilio?.close();
  await graph?.close();
});

const app = useTestApp(env, { startQueue: true });
const { as } = useTenants(app);
const senders = app.signIns({ ana: 'usuario@demo.local', pos: 'pos@demo.local' });
let bia: Record<string, string>;
let third: { admin: Record<string, string>; usuario: Record<string, string> };

beforeAll(async () => {
  // A third administration, for the across-tenants 404.
  await createAdministration(
    app.t.ctx.db,
    { empresa: 'Terceira Empresa', entidade: 'Terceira Entidade', admin: 'admin@terceira.local' },
    { usuario: { login: 'usuario@terceira.local', nivel: 1 } },
  );
  // The other administrations' users send by phone alone, as the demo's do.
  await app.t.ctx.db
    .updateTable('usuarios')
    .set({ set_envia_email_obrigatorio: false })
    .where('usu_login', 'in', ['usuario@outra.local', 'usuario@terceira.local'])
    .execute();
  bia = await app.as('usuario@outra.local');
  third = { admin: await app.as('admin@terceira.local'), usuario: await app.as('usuario@terceira.local') };
});

/** Composes one message by SMS or WhatsApp to `mobile` and waits for the provider's acceptance. */
async function send(auth: Record<string, string>, canal: 'sms' | 'whatsapp', mobile: string, subject: string) {
  const res = await app.call('POST', '/emails/send', auth, {
    destinataires: [{ to: '', nameTo: 'Bruno', [canal]: { name: 'Bruno', mobile } }],
    nameFrom: 'Escritório',
    subject,
    content: '<p>Prezado Bruno</p>',
  });
  expect(res.statusCode, res.body).toBe(200);
  const { ema_uni_codigo: cod, ema_uni_id: uuid } = res.json().emails[0] as { ema_uni_codigo: number; ema_uni_id: string };
  return { cod, uuid, providerId: (await providerAcceptance(app.t.ctx.db, cod)).id_provedor };
}

/** An inbound SMS as Twilio posts it to the product's number, signed. */
function smsReply(from: string, body: string, sid = `SM${randomBytes(16).toString('hex')}`, sign: 'valid' | 'bad' = 'valid') {
  const form = { MessageSid: sid, SmsSid: sid, AccountSid: SID, SmsStatus: 'received', From: from, To: FROM, Body: body, NumMedia: '0' };
  return postTwilioWebhook(app.t.app, '/webhooks/twilio/sms-inbound', form, { token: TOKEN, publicUrl: PUBLIC_URL, sign });
}

/** A WhatsApp message from the recipient as Meta posts it, signed over the exact bytes. */
function whatsappReply(from: string, message: Record<string, unknown>) {
  return postMetaWebhook(
    app.t.app,
    metaWebhook({
      contacts: [{ profile: { name: 'Bruno' }, wa_id: from }],
      messages: [{ from, id: `wamid.IN${randomBytes(8).toString('hex')}`, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
    }),
    { secret: APP_SECRET },
  );
}

const chainOf = (cod: number) =>
  app.t.ctx.db
    .selectFrom('email_eventos')
    .select(['evt_seq', 'evt_canal', 'evt_tipo', 'evt_hash', 'evt_detalhes'])
    .where('cod_email', '=', cod)
    .orderBy('evt_seq')
    .execute();

const statusOf = (cod: number) =>
  app.t.ctx.db
    .selectFrom('emails')
    .select(['ema_status_sms', 'ema_status_whatsapp'])
    .where('ema_uni_codigo', '=', cod)
    .executeTakeFirstOrThrow();

/** The ledger of every plan: a notice must move none of them. */
const ledger = async () =>
  (await app.t.ctx.db.selectFrom('planos').select(['pla_codigo', 'pla_total_credito']).orderBy('pla_codigo').execute()).map(
    (p) => `${p.pla_codigo}:${p.pla_total_credito}`,
  );

const noticesTo = (digits: string) => [
  ...twilio.received.filter((r) => formOf(r).To === `+${digits}` && formOf(r).Body === REPLY_NOTICE_TEXT.sms).map((r) => formOf(r)),
  ...graph.received.filter(
    (r) => (r.json as { to?: string; type?: string } | null)?.to === digits && (r.json as { type?: string }).type === 'text',
  ),
];

const unassignedFrom = (numero: string) =>
  app.t.ctx.db.selectFrom('respostas_sem_destino').selectAll().where('rsd_numero', '=', numero).orderBy('rsd_codigo').execute();

const list = (auth?: Record<string, string>, query = '') => app.call('GET', `/canais/respostas-nao-identificadas${query}`, auth);

/** Lets the notice worker (polling every half second) run whatever it would. */
const settle = () => new Promise((r) => setTimeout(r, 1500));

describe('an SMS reply from a number two administrations texted', () => {
  let a: Awaited<ReturnType<typeof send>>;
  let b: Awaited<ReturnType<typeof send>>;
  let firstSid: string;

  it('is filed to neither message: nothing recorded on A or B, kept unassigned, one notice SMS that costs no one', async () => {
    a = await send(senders.ana, 'sms', '(11) 98765-0042', 'Cobrança A');
    await new Promise((r) => setTimeout(r, 50));
    b = await send(bia, 'sms', '(11) 98765-0042', 'Cobrança B');
    const before = { a: await chainOf(a.cod), b: await chainOf(b.cod), ledger: await ledger() };
    const accepted = await app.t.ctx.db.selectFrom('mensagens_provedor').select('cod_email').execute();

    firstSid = `SM${randomBytes(16).toString('hex')}`;
    const res = await smsReply('+5511987650042', 'Resposta para A: meu CPF e 123.456.789-09', firstSid);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<Response/>');

    // Nothing on either message: no event, no status, the chains as they were (and intact).
    expect(await chainOf(a.cod)).toEqual(before.a);
    expect(await chainOf(b.cod)).toEqual(before.b);
    expect((await statusOf(a.cod)).ema_status_sms).not.toBe('answered');
    expect((await statusOf(b.cod)).ema_status_sms).not.toBe('answered');
    expect(await checkChain(app.t.ctx.db, a.cod)).toMatchObject({ isIntact: true });
    expect(await checkChain(app.t.ctx.db, b.cod)).toMatchObject({ isIntact: true });

    // Kept apart, with both messages as its candidates.
    const kept = await unassignedFrom('+5511987650042');
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ rsd_canal: 'sms', rsd_provedor: 'twilio', rsd_tipo: 'answered', rsd_chave: `${firstSid}:received` });
    const candidates = await app.t.ctx.db
      .selectFrom('respostas_sem_destino_mensagens')
      .select('cod_email')
      .where('cod_resposta', '=', kept[0]?.rsd_codigo as number)
      .orderBy('cod_email')
      .execute();
    expect(candidates.map((c) => c.cod_email)).toEqual([a.cod, b.cod].sort((x, y) => x - y));

    // One notice, through the Twilio adapter, from the installation's sender, without a StatusCallback.
    const notices = await waitFor(
      () => Promise.resolve(noticesTo('5511987650042')),
      (n) => n.length === 1,
    );
    expect(notices[0]).toMatchObject({ To: '+5511987650042', From: FROM, Body: REPLY_NOTICE_TEXT.sms });
    expect((notices[0] as Record<string, string>).StatusCallback).toBeUndefined();
    expect(smsSegments(REPLY_NOTICE_TEXT.sms)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    const notice = await waitFor(
      () => app.t.ctx.db.selectFrom('respostas_avisos').selectAll().where('avi_numero', '=', '+5511987650042').execute(),
      (rows) => rows[0]?.avi_situacao === 'enviado',
    );
    expect(notice).toHaveLength(1);
    expect(notice[0]?.avi_id_provedor).toMatch(/^SM/);

    // Not a message of anyone: no provider row, no event on either message, no credit moved.
    expect(await app.t.ctx.db.selectFrom('mensagens_provedor').select('cod_email').execute()).toEqual(accepted);
    expect(await chainOf(a.cod)).toEqual(before.a);
    expect(await chainOf(b.cod)).toEqual(before.b);
    expect(await ledger()).toEqual(before.ledger);
  });

  it('a second ambiguous reply, and the first delivered again, send no second notice', async () => {
    const again = await smsReply('+5511987650042', 'Resposta para A: meu CPF e 123.456.789-09', firstSid);
    expect(again.statusCode).toBe(200);
    const second = await smsReply('+5511987650042', 'Outra resposta');
    expect(second.statusCode).toBe(200);
    await settle();
    expect(await unassignedFrom('+5511987650042')).toHaveLength(2);
    expect(noticesTo('5511987650042')).toHaveLength(1);
    expect(
      await app.t.ctx.db.selectFrom('respostas_avisos').select('avi_codigo').where('avi_numero', '=', '+5511987650042').execute(),
    ).toHaveLength(1);
    expect((await chainOf(a.cod)).some((e) => e.evt_tipo === 'answered')).toBe(false);
    expect((await chainOf(b.cod)).some((e) => e.evt_tipo === 'answered')).toBe(false);
  });

  it('each administration sees it, without the text, with only its own message', async () => {
    const ofA = await list(as.admin);
    expect(ofA.statusCode, ofA.body).toBe(200);
    const rowsA = ofA.json().respostas.filter((r: { numero: string }) => r.numero === '+5511987650042');
    expect(rowsA).toHaveLength(2);
    for (const row of rowsA) {
      expect(row).toMatchObject({ canal: 'sms', tipo: 'answered', avisoDestinatario: 'enviado' });
      expect(row.mensagens.map((m: { ema_uni_codigo: number }) => m.ema_uni_codigo)).toEqual([a.cod]);
      expect(row.mensagens[0]).toMatchObject({
        ema_uni_id: a.uuid,
        ema_uni_subject: 'Cobrança A',
        remetente: { usu_login: 'usuario@demo.local' },
      });
    }
    const ofB = await list(as.otherAdmin);
    expect(ofB.statusCode).toBe(200);
    const rowsB = ofB.json().respostas.filter((r: { numero: string }) => r.numero === '+5511987650042');
    expect(rowsB).toHaveLength(2);
    for (const row of rowsB) expect(row.mensagens.map((m: { ema_uni_codigo: number }) => m.ema_uni_codigo)).toEqual([b.cod]);
    for (const body of [ofA.body, ofB.body]) {
      expect(body).not.toContain('CPF');
      expect(body).not.toContain('Resposta para A');
    }
    expect(ofA.body).not.toContain('Cobrança B');
    expect(ofB.body).not.toContain('Cobrança A');
    // The detail, by id, to both; the text never.
    const id = rowsA[0].codigo as number;
    const detailA = await app.call('GET', `/canais/respostas-nao-identificadas/${id}`, as.admin);
    expect(detailA.statusCode).toBe(200);
    expect(detailA.json().mensagens).toHaveLength(1);
    expect(detailA.body).not.toContain('CPF');
    const detailB = await app.call('GET', `/canais/respostas-nao-identificadas/${id}`, as.otherAdmin);
    expect(detailB.statusCode).toBe(200);
    expect(detailB.json().mensagens[0].ema_uni_codigo).toBe(b.cod);
  });

  it('levels 1 and 2 are refused (403), anonymous 401, another administration 404; bad input never a 500', async () => {
    const id = (await unassignedFrom('+5511987650042'))[0]?.rsd_codigo as number;
    for (const auth of [as.usuario, as.gerente, as.otherGerente, bia]) {
      expect((await list(auth)).statusCode).toBe(403);
      expect((await app.call('GET', `/canais/respostas-nao-identificadas/${id}`, auth)).statusCode).toBe(403);
    }
    expect((await list()).statusCode).toBe(401);
    expect((await app.call('GET', `/canais/respostas-nao-identificadas/${id}`)).statusCode).toBe(401);
    // The third administration texted nothing to that number: the reply is not its (404, as an unknown id), nor in its list.
    const other = await app.call('GET', `/canais/respostas-nao-identificadas/${id}`, third.admin);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Registro não encontrado.');
    expect((await list(third.admin)).json()).toMatchObject({ respostas: [], pagination: { rowCount: 0 } });
    for (const bad of ['abc', '0', '-1', '99999999999', '1.5']) {
      expect((await app.call('GET', `/canais/respostas-nao-identificadas/${bad}`, as.admin)).statusCode, bad).toBe(404);
    }
    for (const query of ['?limit=0', '?limit=abc', '?offset=-1', '?limit=1000', '?column=rsd_texto', '?order=sideways']) {
      const res = await list(as.admin, query);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const paged = await list(as.admin, '?limit=1&offset=1');
    expect(paged.statusCode).toBe(200);
    expect(paged.json().respostas).toHaveLength(1);
    expect(paged.json().pagination).toMatchObject({ offset: 1, limit: 1 });
  });

  it('a reply with a bad signature is 403 and keeps nothing', async () => {
    const before = await unassignedFrom('+5511987650042');
    const res = await smsReply('+5511987650042', 'forjada', undefined, 'bad');
    expect(res.statusCode).toBe(403);
    expect(await unassignedFrom('+5511987650042')).toEqual(before);
  });

  it('an administration whose message matched sees the reply; one whose did not, 404 (three administrations, one number)', async () => {
    const c = await send(third.usuario, 'sms', '(11) 98765-0046', 'Cobrança C');
    const aa = await send(senders.ana, 'sms', '(11) 98765-0046', 'Cobrança A2');
    expect((await smsReply('+5511987650046', 'Sem referência')).statusCode).toBe(200);
    const [kept] = await unassignedFrom('+5511987650046');
    expect(kept).toBeDefined();
    const id = kept?.rsd_codigo as number;
    expect((await app.call('GET', `/canais/respostas-nao-identificadas/${id}`, as.otherAdmin)).statusCode).toBe(404);
    expect((await app.call('GET', `/canais/respostas-nao-identificadas/${id}`, third.admin)).json().mensagens[0].ema_uni_codigo).toBe(
      c.cod,
    );
    expect((await app.call('GET', `/canais/respostas-nao-identificadas/${id}`, as.admin)).json().mensagens[0].ema_uni_codigo).toBe(aa.cod);
    expect((await list(as.otherAdmin)).json().respostas.some((r: { codigo: number }) => r.codigo === id)).toBe(false);
    // A NUL byte (PostgreSQL's text refuses it) is kept as U+FFFD: never a 500 the provider would retry for ever.
    const nul = await smsReply('+5511987650046', `com${String.fromCharCode(0)}nulo`);
    expect(nul.statusCode).toBe(200);
    expect((await unassignedFrom('+5511987650046')).map((r) => r.rsd_texto)).toEqual(['Sem referência', 'com\uFFFDnulo']);
  });
});

describe('WhatsApp: the message the reply names', () => {
  it('a reply with context.id to A’s message is filed to A even though B wrote to the number later', async () => {
    const a = await send(senders.ana, 'whatsapp', '(11) 98765-0043', 'Aviso A');
    const b = await send(bia, 'whatsapp', '(11) 98765-0043', 'Aviso B');
    const res = await whatsappReply('5511987650043', {
      type: 'text',
      text: { body: 'Sobre o aviso A' },
      context: { from: '551130000000', id: a.providerId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, recorded: 1, repeated: 0, unknown: 0 });
    expect((await statusOf(a.cod)).ema_status_whatsapp).toBe('answered');
    const answered = (await chainOf(a.cod)).filter((e) => e.evt_tipo === 'answered');
    expect(answered).toHaveLength(1);
    expect(answered[0]?.evt_detalhes).toMatchObject({ texto: 'Sobre o aviso A', idProvedor: a.providerId });
    expect((await chainOf(b.cod)).some((e) => e.evt_tipo === 'answered')).toBe(false);
    expect(await unassignedFrom('+5511987650043')).toEqual([]);
    expect(await checkChain(app.t.ctx.db, a.cod)).toMatchObject({ isIntact: true });
  });

  it('without context (or with one naming no message of ours) it is kept unassigned, and one WhatsApp notice goes', async () => {
    const a = await send(senders.ana, 'whatsapp', '(11) 98765-0047', 'Aviso A');
    const b = await send(bia, 'whatsapp', '(11) 98765-0047', 'Aviso B');
    const typed = await whatsappReply('5511987650047', { type: 'text', text: { body: 'Meu endereço é Rua X' } });
    expect(typed.json()).toEqual({ ok: true, recorded: 0, repeated: 0, unknown: 0, unassigned: 1 });
    const notices = await waitFor(
      () => Promise.resolve(noticesTo('5511987650047')),
      (n) => n.length === 1,
    );
    expect(notices[0]).toMatchObject({ json: { type: 'text', to: '5511987650047', text: { body: REPLY_NOTICE_TEXT.whatsapp } } });
    const notice = await waitFor(
      () => app.t.ctx.db.selectFrom('respostas_avisos').selectAll().where('avi_numero', '=', '+5511987650047').executeTakeFirst(),
      (row) => row?.avi_situacao === 'enviado',
    );
    // The recipient answers the notice itself (context.id = the notice): still no message named, no second notice.
    const onNotice = await whatsappReply('5511987650047', {
      type: 'text',
      text: { body: 'Qual link?' },
      context: { from: '551130000000', id: notice?.avi_id_provedor },
    });
    expect(onNotice.json()).toMatchObject({ unassigned: 1 });
    // Meta's statuses of the notice name no message: skipped, answered 200 (never a 503 retried for ever).
    const statuses = [
      { id: notice?.avi_id_provedor, status: 'delivered', timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: '5511987650047' },
    ];
    const statusRes = await postMetaWebhook(app.t.app, metaWebhook({ statuses }), { secret: APP_SECRET });
    expect(statusRes.statusCode).toBe(200);
    await settle();
    expect(noticesTo('5511987650047')).toHaveLength(1);
    expect((await unassignedFrom('+5511987650047')).map((r) => r.rsd_referencia)).toEqual([null, notice?.avi_id_provedor]);
    for (const cod of [a.cod, b.cod]) expect((await chainOf(cod)).some((e) => e.evt_tipo === 'answered')).toBe(false);
    const seen = (await list(as.admin)).json().respostas.filter((r: { numero: string }) => r.numero === '+5511987650047');
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ canal: 'whatsapp', mensagens: [{ ema_uni_codigo: a.cod }] });
  });
});

describe('one administration: as before', () => {
  it('an SMS reply goes to the last message that administration sent to the number, whichever of its users sent it', async () => {
    const earlier = await send(senders.ana, 'sms', '(11) 98765-0044', 'Primeira');
    const later = await send(senders.pos, 'sms', '(11) 98765-0044', 'Segunda');
    const res = await smsReply('+5511987650044', 'Recebi, obrigado.');
    expect(res.statusCode).toBe(200);
    expect((await statusOf(later.cod)).ema_status_sms).toBe('answered');
    expect((await chainOf(later.cod)).find((e) => e.evt_tipo === 'answered')?.evt_detalhes).toMatchObject({
      texto: 'Recebi, obrigado.',
      de: '+5511987650044',
    });
    expect((await chainOf(earlier.cod)).some((e) => e.evt_tipo === 'answered')).toBe(false);
    expect(await unassignedFrom('+5511987650044')).toEqual([]);
    await settle();
    expect(noticesTo('5511987650044')).toEqual([]);
  });

  it('a message out of the 30 days is no longer open: the reply goes to the one administration with an open message', async () => {
    const old = await send(senders.ana, 'sms', '(11) 98765-0045', 'Antiga');
    await app.t.ctx.db
      .updateTable('mensagens_provedor')
      .set({ criado: new Date(Date.now() - 40 * 24 * 3600_000) })
      .where('cod_email', '=', old.cod)
      .execute();
    const recent = await send(bia, 'sms', '(11) 98765-0045', 'Recente');
    expect((await smsReply('+5511987650045', 'Ok')).statusCode).toBe(200);
    expect((await statusOf(recent.cod)).ema_status_sms).toBe('answered');
    expect((await chainOf(old.cod)).some((e) => e.evt_tipo === 'answered')).toBe(false);
    expect(await unassignedFrom('+5511987650045')).toEqual([]);
  });

  it('a number nobody texted: nothing recorded, nothing kept, no notice', async () => {
    const res = await smsReply('+5511987650099', 'Quem é?');
    expect(res.statusCode).toBe(200);
    expect(await unassignedFrom('+5511987650099')).toEqual([]);
    await settle();
    expect(noticesTo('5511987650099')).toEqual([]);
  });
});

describe('the limits of the weighing and of the notice', () => {
  it('a number sent more messages than a reply reads (MAX_SCANNED), the latest all of one tenant: never filed by guess', async () => {
    await send(bia, 'sms', '(11) 98765-0049', 'Cobrança B');
    const a = await send(senders.ana, 'sms', '(11) 98765-0049', 'Cobrança A');
    // A's many more messages to the number since, as the send worker leaves them: B's is no longer among those read.
    await sql`WITH copias AS (
        INSERT INTO emails (cod_usu, ema_uni_envio, ema_uni_name_from, ema_uni_from, ema_uni_name_to, ema_uni_subject, ema_uni_content, ema_uni_content_sha256)
        SELECT cod_usu, ema_uni_envio, ema_uni_name_from, ema_uni_from, ema_uni_name_to, ema_uni_subject, ema_uni_content, ema_uni_content_sha256
        FROM emails, generate_series(1, ${MAX_SCANNED}) WHERE ema_uni_codigo = ${a.cod}
        RETURNING ema_uni_codigo)
      INSERT INTO mensagens_provedor (cod_email, canal, provedor, id_provedor, numero)
      SELECT ema_uni_codigo, 'sms', 'twilio', 'SMcopia' || ema_uni_codigo, '+5511987650049' FROM copias`.execute(app.t.ctx.db);

    expect((await smsReply('+5511987650049', 'Recebi')).statusCode).toBe(200);
    const answered = await app.t.ctx.db
      .selectFrom('email_eventos as ev')
      .innerJoin('mensagens_provedor as mp', 'mp.cod_email', 'ev.cod_email')
      .select('ev.cod_email')
      .where('mp.numero', '=', '+5511987650049')
      .where('ev.evt_tipo', '=', 'answered')
      .execute();
    expect(answered).toEqual([]);
    const [kept] = await unassignedFrom('+5511987650049');
    expect(kept).toBeDefined();
    const weighed = await app.t.ctx.db
      .selectFrom('respostas_sem_destino_mensagens')
      .select('cod_email')
      .where('cod_resposta', '=', kept?.rsd_codigo as number)
      .execute();
    expect(weighed).toHaveLength(CANDIDATES_PER_TENANT);
  });

  it('a notice the provider refuses for good ends "falhou", and the administrators see so', async () => {
    await send(senders.ana, 'sms', '(11) 98765-0050', 'Cobrança A');
    await send(bia, 'sms', '(11) 98765-0050', 'Cobrança B');
    const accept = twilio.respond;
    // Twilio's answer to a number that opted out (21610): a 400, not worth a retry.
    twilio.respond = (req) =>
      formOf(req).To === '+5511987650050'
        ? { status: 400, body: { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 } }
        : accept(req);
    try {
      expect((await smsReply('+5511987650050', 'Sem referência')).statusCode).toBe(200);
      const [notice] = await waitFor(
        () => app.t.ctx.db.selectFrom('respostas_avisos').selectAll().where('avi_numero', '=', '+5511987650050').execute(),
        (rows) => rows[0]?.avi_situacao !== undefined && rows[0].avi_situacao !== 'pendente',
      );
      expect(notice).toMatchObject({ avi_situacao: 'falhou', avi_id_provedor: null });
      expect(notice?.avi_erro).toContain('21610');
    } finally {
      twilio.respond = accept;
    }
    const seen = (await list(as.admin)).json().respostas.filter((r: { numero: string }) => r.numero === '+5511987650050');
    expect(seen).toMatchObject([{ avisoDestinatario: 'falhou', avisoEnviadoEm: null }]);
  });
});
