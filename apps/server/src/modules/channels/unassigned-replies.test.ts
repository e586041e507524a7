import { randomBytes } from 'node:crypto';
import { smsSegments } from '@ar/core';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, formOf, startFakeProvider } from '../../../test/fake-provider.ts';
import { DEMO_PASSWORD, useTestApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { useTenants } from '../../../test/tenants.ts';
import type { DB } from '../../db/schema.ts';
import { hashPassword } from '../auth/secrets.ts';
import { checkChain } from '../evidence/chain-check.ts';
import { metaSignature, twilioSignature } from './signatures.ts';
import { REPLY_NOTICE_TEXT } from './unassigned-replies.service.ts';

/**
 * Replies without a reference (docs/channels.md, "Respostas sem referência"), with two (and three)
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
let sids = 0;
let wamids = 0;
const env: Record<string, string> = {
  PUBLIC_URL,
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: TOKEN,
  TWILIO_FROM: FROM,
  WHATSAPP_PROVIDER: 'meta',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_TOKEN: 'EAAG-token-teste',
  WHATSAPP_APP_SECRET: APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: 'token-de-verificacao-teste',
  WHATSAPP_TEMPLATE: 'ar_online_notificacao',
};
// Before the app starts (hooks run in order): the app's provider addresses are the fakes'.
beforeAll(async () => {
  twilio = await startFakeProvider((req) =>
    req.method === 'POST' && req.path === `/2010-04-01/Accounts/${SID}/Messages.json`
      ? { status: 201, body: { sid: `SM${(++sids).toString(16).padStart(32, '0')}`, status: 'queued' } }
      : { status: 404, body: { code: 20404, message: 'Not found' } },
  );
  graph = await startFakeProvider((req) =>
    req.method === 'POST' && req.path.endsWith('/messages')
      ? { body: { messaging_product: 'whatsapp', messages: [{ id: `wamid.MULTI${++wamids}` }] } }
      : { status: 404, body: { error: { message: 'Unknown path', code: 100 } } },
  );
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

/** A third administration (company, entity, an administrator and a user), for the across-tenants 404. */
async function createThirdTenant(db: Kysely<DB>) {
  const senha = await hashPassword(DEMO_PASSWORD);
  const empresa = await db
    .insertInto('empresas')
    .values({ emp_nome_fantasia: 'Terceira Empresa' })
    .returning('emp_codigo')
    .executeTakeFirstOrThrow();
  const entidade = await db
    .insertInto('entidades')
    .values({ cod_ger_empresa: empresa.emp_codigo, ent_nome_fantasia: 'Terceira Entidade', ent_tipo_plano: '2' })
    .returning('ent_codigo')
    .executeTakeFirstOrThrow();
  const user = async (login: string, nivel: 1 | 3, adm: number | null) =>
    (
      await db
        .insertInto('usuarios')
        .values({
          usu_login: login,
          usu_nome: login.split('@')[0] as string,
          usu_senha: senha,
          usu_nivel: nivel,
          usu_status: 'L',
          usu_tipo_plano: '2',
          cod_ger_adm: adm,
          cod_ger_empresa: empresa.emp_codigo,
          cod_ger_entidade: entidade.ent_codigo,
          set_envia_email_obrigatorio: false,
        })
        .returning('usu_codigo')
        .executeTakeFirstOrThrow()
    ).usu_codigo;
  const admin = await user('admin@terceira.local', 3, null);
  await db.updateTable('usuarios').set({ cod_ger_adm: admin }).where('usu_codigo', '=', admin).execute();
  await db.updateTable('empresas').set({ cod_ger_adm: admin }).where('emp_codigo', '=', empresa.emp_codigo).execute();
  await user('usuario@terceira.local', 1, admin);
}

beforeAll(async () => {
  // The other administration's user sends by phone alone, as the demo's do.
  await app.t.ctx.db
    .updateTable('usuarios')
    .set({ set_envia_email_obrigatorio: false })
    .where('usu_login', '=', 'usuario@outra.local')
    .execute();
  bia = await app.as('usuario@outra.local');
  await createThirdTenant(app.t.ctx.db);
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
  const row = await waitFor(
    () => app.t.ctx.db.selectFrom('mensagens_provedor').select('id_provedor').where('cod_email', '=', cod).executeTakeFirst(),
    (r) => r !== undefined,
  );
  return { cod, uuid, providerId: row?.id_provedor as string };
}

/** An inbound SMS as Twilio posts it to the product's number, signed. */
function smsReply(from: string, body: string, sid = `SM${randomBytes(16).toString('hex')}`, sign: 'valid' | 'bad' = 'valid') {
  const form = { MessageSid: sid, SmsSid: sid, AccountSid: SID, SmsStatus: 'received', From: from, To: FROM, Body: body, NumMedia: '0' };
  const signature = twilioSignature(sign === 'valid' ? TOKEN : 'outro-token', `${PUBLIC_URL}/v2/webhooks/twilio/sms-inbound`, form);
  return app.t.app.inject({
    method: 'POST',
    url: '/v2/webhooks/twilio/sms-inbound',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: new URLSearchParams(form).toString(),
  });
}

/** A WhatsApp message from the recipient as Meta posts it, signed over the exact bytes. */
function whatsappReply(from: string, message: Record<string, unknown>) {
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '551130000000', phone_number_id: '106540352242922' },
              contacts: [{ profile: { name: 'Bruno' }, wa_id: from }],
              messages: [
                { from, id: `wamid.IN${randomBytes(8).toString('hex')}`, timestamp: String(Math.floor(Date.now() / 1000)), ...message },
              ],
            },
          },
        ],
      },
    ],
  });
  return app.t.app.inject({
    method: 'POST',
    url: '/v2/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(APP_SECRET, raw) },
    payload: raw,
  });
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
    for (const query of ['?limit=0', '?limit=abc', '?offset=-1', '?limit=1000']) {
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
    const status = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                statuses: [
                  {
                    id: notice?.avi_id_provedor,
                    status: 'delivered',
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: '5511987650047',
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const statusRes = await app.t.app.inject({
      method: 'POST',
      url: '/v2/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(APP_SECRET, status) },
      payload: status,
    });
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
