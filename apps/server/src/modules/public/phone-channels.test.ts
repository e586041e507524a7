import type { PublicMessage, SendingProof, SentDetail } from '@ar/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, useSinkApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-reader.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { recordEvent } from '../emails/events.ts';
import { checkChain } from '../evidence/chain-check.ts';

/**
 * AR-SMS and AR-WhatsApp where they show (docs/phone-screens.md): the sent detail, the sent
 * list, the public page and its track-sms / track-whatsapp calls. The provider events are recorded
 * here as the channels' pipeline records them (recordEvent with the details it keeps: `texto` for
 * a reply, `reasonFailure` for a failure).
 */
const { app } = useSinkApp({ startQueue: true });

const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const get = (url: string, ua = BROWSER) => app.t.app.inject({ method: 'GET', url, headers: { 'user-agent': ua } });

let token: string;
/** Ana: SMS and WhatsApp delivered, read, replied. Bruno: the SMS failed. Carla: e-mail only. */
const msgs: Record<'ana' | 'bruno' | 'carla', { code: number; uuid: string }> = {} as never;

const phone = (code: number, canal: 'sms' | 'whatsapp', tipo: Parameters<typeof recordEvent>[1]['tipo'], detalhes = {}) =>
  recordEvent(app.t.ctx.db, { cod_email: code, canal, tipo, detalhes: { provedor: 'twilio', ...detalhes } }, app.t.ctx.boss);
const eventsOf = (code: number) =>
  app.t.ctx.db
    .selectFrom('email_eventos')
    .select(['evt_canal', 'evt_tipo', 'evt_hash', 'evt_detalhes'])
    .where('cod_email', '=', code)
    .orderBy('evt_seq')
    .execute();
const statuses = (code: number) =>
  app.t.ctx.db
    .selectFrom('emails')
    .select(['ema_status_email', 'ema_status_sms', 'ema_status_whatsapp'])
    .where('ema_uni_codigo', '=', code)
    .executeTakeFirstOrThrow();
const detailOf = async (code: number) => {
  const res = await app.t.app.inject({ method: 'GET', url: `/v2/emails/send/${code}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as SentDetail;
};
const publicOf = async (uuid: string) => {
  const res = await get(`/v2/emails/info/public/${uuid}`);
  expect(res.statusCode).toBe(200);
  return res.json() as PublicMessage;
};

/**
 * A message addressed by SMS and WhatsApp as the send stores it, before its first event (the
 * message's hash is fixed with that event): a copy of a sent e-mail's row with the phone targets.
 */
async function phoneMessage(from: number, to: string, sms: object | null, whatsapp: object | null) {
  const base = await app.t.ctx.db.selectFrom('emails').selectAll().where('ema_uni_codigo', '=', from).executeTakeFirstOrThrow();
  const row = await app.t.ctx.db
    .insertInto('emails')
    .values({
      cod_usu: base.cod_usu,
      cod_ger_entidade: base.cod_ger_entidade,
      ema_uni_envio: base.ema_uni_envio,
      ema_uni_name_from: base.ema_uni_name_from,
      ema_uni_from: base.ema_uni_from,
      ema_uni_name_to: to,
      ema_uni_to: `${to.toLowerCase()}@cliente.test`,
      ema_uni_subject: base.ema_uni_subject,
      ema_uni_content: base.ema_uni_content,
      ema_uni_content_sha256: base.ema_uni_content_sha256,
      ema_uni_sms: JSON.stringify(sms) as never,
      ema_uni_whatsapp: JSON.stringify(whatsapp) as never,
      ema_uni_attachments: JSON.stringify({ attachments: [] }) as never,
    })
    .returning(['ema_uni_codigo', 'ema_uni_id'])
    .executeTakeFirstOrThrow();
  for (const tipo of ['processed', 'send'] as const)
    await recordEvent(app.t.ctx.db, { cod_email: row.ema_uni_codigo, canal: 'email', tipo }, app.t.ctx.boss);
  return { code: row.ema_uni_codigo, uuid: row.ema_uni_id };
}

beforeAll(async () => {
  token = await app.t.login('usuario@demo.local');
  const sent = await app.t.send(token, {
    destinataires: [{ to: 'carla@cliente.test', nameTo: 'Carla' }],
    nameFrom: 'Cobranca Demo',
    subject: 'Notificação extrajudicial',
    content: '<p>Prezado(a), segue a notificação.</p>',
  });
  expect(sent.statusCode).toBe(200);
  const [carla] = sent.json().emails as { ema_uni_codigo: number; ema_uni_id: string }[];
  msgs.carla = { code: carla?.ema_uni_codigo as number, uuid: carla?.ema_uni_id as string };
  await waitFor(
    () => statuses(msgs.carla.code),
    (s) => s.ema_status_email === 'send',
  );
  const text = 'Cobranca Demo enviou uma notificação registrada: http://x/1';
  msgs.ana = await phoneMessage(
    msgs.carla.code,
    'Ana',
    { number: '(11) 98765-4321', messageContent: text },
    { numberReceived: '(11) 98765-4321', content: 'Notificação de Cobranca Demo' },
  );
  msgs.bruno = await phoneMessage(msgs.carla.code, 'Bruno', { number: '(21) 99999-0000', messageContent: text }, null);
  const { ana, bruno } = msgs;
  for (const canal of ['sms', 'whatsapp'] as const) {
    await phone(ana.code, canal, 'processed');
    await phone(ana.code, canal, 'send', { status: 'sent' });
    await phone(ana.code, canal, 'delivered', { status: 'delivered' });
  }
  await phone(ana.code, 'whatsapp', 'viewed', { status: 'read' });
  await phone(ana.code, 'whatsapp', 'acknowledged', { texto: 'Recebi a notificação' });
  await phone(ana.code, 'whatsapp', 'answered', { texto: 'Vou pagar amanhã' });
  await phone(ana.code, 'sms', 'answered', { texto: 'Quem fala?' });
  await phone(bruno.code, 'sms', 'processed');
  await phone(bruno.code, 'sms', 'send', { status: 'sent' });
  await phone(bruno.code, 'sms', 'erro', { status: 'undelivered', reasonFailure: 'Número inexistente (30005)' });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the sent detail and list show the phone channels', () => {
  it('answers the SMS and WhatsApp statuses, replies, button and timeline of a message', async () => {
    const d = await detailOf(msgs.ana.code);
    expect(d.smsStatus).toEqual({
      number: '(11) 98765-4321',
      answers: [{ short_message: 'Quem fala?', dateTime: expect.any(String), type: 'answered' }],
    });
    expect(d.whatsappStatus?.answers.map((a) => [a.type, a.short_message])).toEqual([
      ['acknowledged', 'Recebi a notificação'],
      ['answered', 'Vou pagar amanhã'],
    ]);
    expect(d.ema_uni_whatsapp_status).toEqual({ text: 'Recebi a notificação', dateTime: d.whatsappStatus?.answers[0]?.dateTime });
    expect(d.sms_error).toBeNull();
    expect(d.whatsapp_error).toBeNull();
    expect(d.status.sms.map((s) => s.type)).toEqual(['processed', 'send', 'delivered', 'answered']);
    expect(d.status.whatsapp.map((s) => s.type)).toEqual(['processed', 'send', 'delivered', 'viewed', 'acknowledged', 'answered']);
    expect(d.lastStatus.sms).toMatchObject({ type: 'answered', label: 'Respondido' });
    expect(d.lastStatus.whatsapp).toMatchObject({ type: 'answered' });
    // Newest first, each channel under its own name.
    expect(d.timeline.slice(0, 3).map((e) => [e.type, e.status])).toEqual([
      ['sms', 'Respondido'],
      ['whatsApp', 'Respondido'],
      ['whatsApp', 'Confirmado'],
    ]);
    expect(d.timeline.filter((e) => e.type === 'whatsApp')).toHaveLength(6);
  });

  it('answers the SMS failure with the provider reason, and nothing for an e-mail-only message', async () => {
    const failed = await detailOf(msgs.bruno.code);
    expect(failed.sms_error).toEqual({ reasonFailure: 'Número inexistente (30005)', dateSend: expect.any(String) });
    expect(failed.email_error).toBeNull();
    expect(failed.lastStatus.sms).toMatchObject({ type: 'erro', label: 'Falha no Envio/Entrega' });
    expect(failed.smsStatus).toEqual({ number: '(21) 99999-0000', answers: [] });
    const plain = await detailOf(msgs.carla.code);
    expect([plain.smsStatus, plain.sms_error, plain.whatsappStatus, plain.ema_uni_whatsapp_status]).toEqual([null, null, null, null]);
  });

  it('gives each list row the last status of its SMS and WhatsApp, and filters by them', async () => {
    const list = async (query = '') =>
      (await app.t.app.inject({ method: 'GET', url: `/v2/emails/send?limit=25${query}`, headers: bearer(token) })).json().emails as {
        ema_uni_codigo: number;
        lastStatus: Record<string, { type: string } | null>;
      }[];
    const rows = await list();
    const row = (code: number) => rows.find((r) => r.ema_uni_codigo === code);
    expect(row(msgs.ana.code)?.lastStatus).toMatchObject({
      email: { type: 'send' },
      sms: { type: 'answered' },
      whatsapp: { type: 'answered' },
    });
    expect(row(msgs.bruno.code)?.lastStatus.sms).toMatchObject({ type: 'erro' });
    expect(row(msgs.carla.code)?.lastStatus.sms).toBeUndefined();
    const filtered = await list(`&searchStatus=${encodeURIComponent(JSON.stringify({ sms: ['erro'] }))}`);
    expect(filtered.map((r) => r.ema_uni_codigo)).toEqual([msgs.bruno.code]);
    // WhatsApp's read receipt ('Visualizado') counts as 'Lido' in the filter.
    const read = await list(`&searchStatus=${encodeURIComponent(JSON.stringify({ whatsapp: ['read'] }))}`);
    expect(read.map((r) => r.ema_uni_codigo)).toEqual([msgs.ana.code]);
  });
});

describe('the sending proof lists the SMS and the WhatsApp', () => {
  it('answers each channel with its number, text, statuses, replies and their hashes, and prints them in the PDF', async () => {
    const res = await app.t.app.inject({ method: 'GET', url: `/v2/emails/sending-proof/${msgs.ana.code}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const proof = res.json() as SendingProof;
    const events = await eventsOf(msgs.ana.code);
    const hashOf = (canal: string, tipo: string) => events.find((e) => e.evt_canal === canal && e.evt_tipo === tipo)?.evt_hash;
    expect(proof.canais.map((c) => [c.canal, c.nome, c.numero, c.ultimoStatus?.type])).toEqual([
      ['sms', 'AR-SMS', '(11) 98765-4321', 'answered'],
      ['whatsapp', 'AR-WhatsApp', '(11) 98765-4321', 'answered'],
    ]);
    const [sms, whatsapp] = proof.canais;
    expect(sms?.status.map((x) => x.type)).toEqual(['processed', 'send', 'delivered', 'answered']);
    expect(sms?.status.find((x) => x.type === 'delivered')).toMatchObject({
      detalhe: 'Operadora: twilio, status delivered',
      hash: hashOf('sms', 'delivered'),
    });
    expect(whatsapp?.status.map((x) => x.type)).toEqual(['processed', 'send', 'delivered', 'viewed', 'acknowledged', 'answered']);
    expect(whatsapp?.respostas.map((r) => [r.tipo, r.texto, r.hash])).toEqual([
      ['acknowledged', 'Recebi a notificação', hashOf('whatsapp', 'acknowledged')],
      ['answered', 'Vou pagar amanhã', hashOf('whatsapp', 'answered')],
    ]);
    const failed = (
      await app.t.app.inject({ method: 'GET', url: `/v2/emails/sending-proof/${msgs.bruno.code}`, headers: bearer(token) })
    ).json() as SendingProof;
    expect(failed.canais).toHaveLength(1);
    expect(failed.canais[0]?.falha).toMatchObject({ motivo: 'Número inexistente (30005)' });
    const plain = (
      await app.t.app.inject({ method: 'GET', url: `/v2/emails/sending-proof/${msgs.carla.code}`, headers: bearer(token) })
    ).json() as SendingProof;
    expect(plain.canais).toEqual([]);

    const pdf = await app.t.app.inject({
      method: 'PUT',
      url: `/v2/emails/sending-proof/${msgs.ana.code}`,
      headers: bearer(token),
      payload: {},
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    for (const expected of [
      'AR-SMS (horário de Brasília)',
      'AR-WhatsApp (horário de Brasília)',
      '(11) 98765-4321',
      '“Vou pagar amanhã”',
      'Visualizado',
    ])
      expect(text).toContain(expected);
  });
});

describe('the public page shows AR-SMS and AR-WhatsApp', () => {
  it('answers each channel number, text, status, replies and certificates from its own events', async () => {
    const p = await publicOf(msgs.ana.uuid);
    const events = await eventsOf(msgs.ana.code);
    const hashOf = (canal: string, tipo: string) => events.find((e) => e.evt_canal === canal && e.evt_tipo === tipo)?.evt_hash;
    expect(p).toMatchObject({
      numberSMS: '(11) 98765-4321',
      messageSMS: expect.stringContaining('Cobranca Demo enviou'),
      statusSMS: { type: 'answered', label: 'Respondido' },
      hasErrorSMS: false,
      sms_error: null,
      respostasSMS: [{ texto: 'Quem fala?', tipo: 'answered' }],
      numberWhatsapp: '(11) 98765-4321',
      messageWhatsapp: 'Notificação de Cobranca Demo',
      statusWhatsapp: { type: 'answered' },
      hasErrorWhatsapp: false,
      respostasWhatsApp: [
        { texto: 'Recebi a notificação', tipo: 'acknowledged' },
        { texto: 'Vou pagar amanhã', tipo: 'answered' },
      ],
      // The e-mail's own summary is not touched by the other channels.
      emailResultSendStatus: 'sucesso',
      aceito: false,
    });
    expect(Object.keys(p.statusFull).sort()).toEqual(['email', 'sms', 'whatsapp']);
    const sms = p.dataProviderSMS;
    const wa = p.dataProviderWhatsApp;
    expect(sms?.envioEntrega?.hashAssinado).toBe(hashOf('sms', 'delivered'));
    expect(sms?.envioEntrega?.trilhaAuditoria).toEqual([
      expect.stringContaining('mensagem registrada'),
      expect.stringContaining('SMS entregue à operadora (twilio)'),
      expect.stringContaining('entrega do SMS confirmada pela operadora (twilio)'),
    ]);
    // No one opened the SMS link: the reply implies the read (channel-status.ts), its certificate is the reply's;
    // WhatsApp's read receipt is its reading.
    expect(sms?.leitura?.hashAssinado).toBe(hashOf('sms', 'answered'));
    expect(sms?.resposta?.hashAssinado).toBe(hashOf('sms', 'answered'));
    expect(sms?.resposta?.trilhaLeitura?.[0]).toContain('“Quem fala?”');
    expect(wa?.leitura?.hashAssinado).toBe(hashOf('whatsapp', 'viewed'));
    expect(wa?.resposta?.hashAssinado).toBe(hashOf('whatsapp', 'acknowledged'));
    expect(wa?.resposta?.trilhaLeitura).toHaveLength(2);
    // The e-mail's certificates stay the e-mail's.
    expect(p.detalhesEnvioEntrega?.hashAssinado).toBe(hashOf('email', 'send'));
    expect(p.detalhesEnvioEntrega?.trilhaAuditoria?.join('\n')).not.toContain('operadora');
  });

  it('answers the SMS failure and keeps the e-mail a success; nothing phone-related for an e-mail-only message', async () => {
    const p = await publicOf(msgs.bruno.uuid);
    expect(p).toMatchObject({
      hasErrorSMS: true,
      sms_error: { reasonFailure: 'Número inexistente (30005)' },
      statusSMS: { type: 'erro' },
      emailResultSendStatus: 'sucesso',
      email_error: null,
      numberWhatsapp: null,
      dataProviderWhatsApp: null,
    });
    expect(p.dataProviderSMS?.envioEntrega?.hashAssinado).toBe(
      (await eventsOf(msgs.bruno.code)).find((e) => e.evt_tipo === 'send' && e.evt_canal === 'sms')?.evt_hash,
    );
    const plain = await publicOf(msgs.carla.uuid);
    expect([plain.numberSMS, plain.statusSMS, plain.dataProviderSMS, plain.statusWhatsapp, plain.dataProviderWhatsApp]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect([plain.hasErrorSMS, plain.respostasSMS, plain.respostasWhatsApp]).toEqual([false, [], []]);
    expect(plain.statusFull.sms).toBeUndefined();
  });

  it('records the SMS read when a person opens the link, not when a previewer fetches it', async () => {
    const { code, uuid } = msgs.bruno;
    // A link previewer right away: evidence on the SMS channel, no status.
    let res = await get(`/v2/emails/info/public/${uuid}/track-sms/leitura`, 'WhatsApp/2.24.1 A');
    expect(res.json()).toEqual({ registrado: true, classificacao: 'automatico' });
    // A browser within seconds of the send: a link scanner's timing. The clock is set 2 s after the
    // SMS's send, since on a busy machine the request itself may come later than the 5 s window.
    const sms = await app.t.ctx.db
      .selectFrom('email_eventos')
      .select('evt_data')
      .where('cod_email', '=', code)
      .where('evt_canal', '=', 'sms')
      .where('evt_tipo', '=', 'send')
      .executeTakeFirstOrThrow();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(sms.evt_data).getTime() + 2_000);
    res = await get(`/v2/emails/info/public/${uuid}/track-sms/leitura`);
    expect(res.json()).toMatchObject({ classificacao: 'verificador-de-links' });
    expect((await statuses(code)).ema_status_sms).toBe('erro');
    // A person, minutes later: the SMS is read; the e-mail's status does not move.
    vi.setSystemTime(Date.now() + 10 * 60_000);
    res = await get(`/v2/emails/info/public/${uuid}/track-sms/leitura?idioma=pt-BR`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ registrado: true, classificacao: 'pessoa' });
    expect(res.headers['cache-control']).toContain('no-store');
    expect(await statuses(code)).toMatchObject({ ema_status_sms: 'read', ema_status_email: 'send' });
    const reads = (await eventsOf(code)).filter((e) => e.evt_tipo === 'read');
    expect(reads.map((e) => [e.evt_canal, (e.evt_detalhes as { classificacao: string }).classificacao])).toEqual([
      ['sms', 'automatico'],
      ['sms', 'verificador-de-links'],
      ['sms', 'pessoa'],
    ]);
    const p = await publicOf(uuid);
    expect(p.dataProviderSMS?.leitura?.hashAssinado).toBe((await eventsOf(code)).at(-1)?.evt_hash);
    expect(p.dataProviderSMS?.leitura?.trilhaLeitura).toEqual([expect.stringContaining('página de leitura aberta pelo link do SMS')]);
    // Only a person counts in the statuses the sender and the recipient see.
    expect(p.statusFull.sms?.map((s) => s.type)).toEqual(['processed', 'send', 'erro', 'read']);
    expect((await checkChain(app.t.ctx.db, code))?.isIntact).toBe(true);
  });

  it('records the WhatsApp read, never moving a reply back, and leaves the e-mail acceptance to the e-mail', async () => {
    const { code, uuid } = msgs.ana;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000);
    const res = await get(`/v2/emails/info/public/${uuid}/track-whatsapp/leitura`);
    expect(res.json()).toEqual({ registrado: true, classificacao: 'pessoa' });
    const last = (await eventsOf(code)).at(-1);
    expect([last?.evt_canal, last?.evt_tipo]).toEqual(['whatsapp', 'read']);
    expect((await statuses(code)).ema_status_whatsapp).toBe('answered');
    // The WhatsApp button pressed earlier is not the e-mail's confirmation: the page's button still records it.
    const accepted = await get(`/v2/emails/info/public/${uuid}/track-accept-email/aceite`);
    expect(accepted.statusCode).toBe(200);
    expect((await statuses(code)).ema_status_email).toBe('acknowledged');
    expect((await publicOf(uuid)).aceito).toBe(true);
    expect((await checkChain(app.t.ctx.db, code))?.isIntact).toBe(true);
  });

  it('answers 404 for a channel the message did not go by, or an unknown message, recording nothing', async () => {
    const before = (await eventsOf(msgs.carla.code)).length;
    for (const url of [
      `/v2/emails/info/public/${msgs.carla.uuid}/track-sms/leitura`,
      `/v2/emails/info/public/${msgs.carla.uuid}/track-whatsapp/leitura`,
      `/v2/emails/info/public/${msgs.bruno.uuid}/track-whatsapp/leitura`,
      '/v2/emails/info/public/00000000-0000-4000-8000-000000000000/track-sms/leitura',
      '/v2/emails/info/public/nao-e-uuid/track-whatsapp/leitura',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Desculpe, mas não foi possível encontrar o e-mail solicitado.');
    }
    expect((await eventsOf(msgs.carla.code)).length).toBe(before);
  });

  it('asks the security question before recording a phone read', async () => {
    const { code, uuid } = msgs.ana;
    await app.t.ctx.db
      .updateTable('emails')
      .set({ ema_verif_pergunta: 'Cidade?', ema_verif_resposta: 'Recife' })
      .where('ema_uni_codigo', '=', code)
      .execute();
    const before = (await eventsOf(code)).length;
    const res = await get(`/v2/emails/info/public/${uuid}/track-sms/leitura`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('not verify: Cidade?');
    expect((await eventsOf(code)).length).toBe(before);
    expect((await get(`/v2/emails/info/public/${uuid}/track-sms/leitura?verify=recife`)).statusCode).toBe(200);
  });

  it('documents both calls, and the installation offers both channels', async () => {
    const doc = (await app.t.app.inject({ method: 'GET', url: '/v2/docs' })).json();
    for (const canal of ['sms', 'whatsapp'])
      expect(
        doc.paths[`/v2/emails/info/public/{uuid}/track-${canal}/{x}`]?.get?.responses['200'].content['application/json'].schema,
      ).toMatchObject({
        type: 'object',
      });
    expect((await get('/v2/config')).json().channels).toEqual({ sms: true, whatsapp: true, voz: true, carta: true });
  });
});
