import { brasiliaDate, brasiliaDateTime, brasiliaTime, type PublicMessage, type SendingProof, type SentDetail } from '@ar/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, useSinkApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-reader.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { recordEvent } from '../emails/events.ts';

/**
 * One source of truth for a channel's status (channel-status.ts, issue 43): for the same message,
 * the public page, the sender's detail, the sending proof (JSON and PDF) and the expert report say
 * the same current status and the same delivered, read and answered times. The e-mail is answered
 * without a read (the reply implies it) after a link was clicked; the SMS is read on its page and
 * its delivery report comes after the read.
 */
const { app } = useSinkApp({ startQueue: true });
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let token: string;
let code: number;
let uuid: string;

const get = (url: string) => app.t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
const eventTime = async (canal: string, tipo: string) =>
  (
    await app.t.ctx.db
      .selectFrom('email_eventos')
      .select('evt_data')
      .where('cod_email', '=', code)
      .where('evt_canal', '=', canal as never)
      .where('evt_tipo', '=', tipo)
      .orderBy('evt_seq')
      .executeTakeFirstOrThrow()
  ).evt_data;

beforeAll(async () => {
  const db = app.t.ctx.db;
  await db.updateTable('usuarios').set({ usu_visualizar_geolocalizacao: true }).where('usu_login', '=', 'usuario@demo.local').execute();
  token = await app.t.login('usuario@demo.local');
  const sent = await app.t.send(token, {
    destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana' }],
    nameFrom: 'Cobranca Demo',
    subject: 'Notificação extrajudicial',
    content: '<p>Veja <a href="https://www.exemplo.test/contrato">o contrato</a>.</p>',
  });
  expect(sent.statusCode).toBe(200);
  const first = sent.json().emails[0] as { ema_uni_codigo: number };
  await waitFor(
    () => db.selectFrom('emails').select('ema_status_email').where('ema_uni_codigo', '=', first.ema_uni_codigo).executeTakeFirstOrThrow(),
    (m) => m.ema_status_email === 'send',
  );
  // The same message by e-mail and SMS, as the send stores it before its first event (the SMS's
  // provider is not part of this test: its events are recorded as the channel's pipeline records them).
  const base = await db.selectFrom('emails').selectAll().where('ema_uni_codigo', '=', first.ema_uni_codigo).executeTakeFirstOrThrow();
  const row = await db
    .insertInto('emails')
    .values({
      cod_usu: base.cod_usu,
      cod_ger_entidade: base.cod_ger_entidade,
      ema_uni_envio: base.ema_uni_envio,
      ema_uni_name_from: base.ema_uni_name_from,
      ema_uni_from: base.ema_uni_from,
      ema_uni_name_to: 'Ana',
      ema_uni_to: base.ema_uni_to,
      ema_uni_subject: base.ema_uni_subject,
      ema_uni_content: base.ema_uni_content,
      ema_uni_content_sha256: base.ema_uni_content_sha256,
      ema_uni_sms: JSON.stringify({ number: '(11) 98765-4321', messageContent: 'Notificação registrada: http://x/1' }) as never,
      ema_uni_attachments: JSON.stringify({ attachments: [] }) as never,
    })
    .returning(['ema_uni_codigo', 'ema_uni_id'])
    .executeTakeFirstOrThrow();
  ({ ema_uni_codigo: code, ema_uni_id: uuid } = row);
  const { lnk_uuid } = await db
    .insertInto('email_links')
    .values({ cod_email: code, lnk_url: 'https://www.exemplo.test/contrato' })
    .returning('lnk_uuid')
    .executeTakeFirstOrThrow();
  for (const canal of ['email', 'sms'] as const)
    for (const tipo of ['processed', 'send'] as const) await recordEvent(db, { cod_email: code, canal, tipo }, app.t.ctx.boss);
  // A link checker follows the link at once (evidence, no read); the person clicks minutes later.
  expect((await get(`/v2/emails/info/public/track-conteudo-link-externo/${lnk_uuid}`)).statusCode).toBe(200);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 10 * 60_000);
  expect((await get(`/v2/emails/info/public/track-conteudo-link-externo/${lnk_uuid}`)).statusCode).toBe(200);
  vi.useRealTimers();
  // The e-mail answered (inbound's 'answered'), never read on the page.
  await recordEvent(db, { cod_email: code, canal: 'email', tipo: 'answered', detalhes: { texto: 'Recebi.' } }, app.t.ctx.boss);
  // The SMS read, then its delivery report.
  await recordEvent(db, { cod_email: code, canal: 'sms', tipo: 'read', detalhes: { classificacao: 'pessoa' } }, app.t.ctx.boss);
  await recordEvent(db, { cod_email: code, canal: 'sms', tipo: 'delivered', detalhes: { provedor: 'twilio' } }, app.t.ctx.boss);
}, 120_000);

afterEach(() => vi.useRealTimers());

describe('a channel status, the same everywhere', () => {
  it('the public page, the sent detail, the proof and the laudo agree', async () => {
    const answeredAt = await eventTime('email', 'answered');
    const smsRead = await eventTime('sms', 'read');
    const smsDelivered = await eventTime('sms', 'delivered');
    const emailSent = await eventTime('email', 'send');

    const pageRes = await get(`/v2/emails/info/public/${uuid}`);
    expect(pageRes.statusCode).toBe(200);
    const page = pageRes.json() as PublicMessage;
    // The summary: sent, then the reply, which implies the delivery and the read; 'Situação' is the current status.
    expect([page.dataEnviada, page.horaEnviada]).toEqual([brasiliaDate(emailSent), brasiliaTime(emailSent)]);
    expect([page.dataEntrega, page.horaEntrega]).toEqual([brasiliaDate(answeredAt), brasiliaTime(answeredAt)]);
    expect([page.dataLeitura, page.horaLeitura]).toEqual([brasiliaDate(answeredAt), brasiliaTime(answeredAt)]);
    expect(page.statusFull.email?.map((s) => s.type)).toEqual(['processed', 'send', 'answered']);
    expect(page.statusFull.email?.at(-1)?.label).toBe('Respondido');
    expect(page.statusSMS).toMatchObject({ type: 'read', label: 'Lido' });
    expect(page.statusFull.sms?.map((s) => s.type)).toEqual(['processed', 'send', 'delivered', 'read']);
    expect(page.dataProviderSMS?.leitura?.ocorridoEm).toBe(new Date(smsRead).toISOString());
    // The tracking tab: both clicks (the checker's marked), the reply and the SMS's read.
    expect(page.clickTracking.map((c) => [c.canal, c.acao, c.automatico])).toEqual([
      ['email', 'clique', true],
      ['email', 'clique', false],
      ['email', 'resposta', false],
      ['sms', 'leitura', false],
    ]);

    const detailRes = await app.t.app.inject({ method: 'GET', url: `/v2/emails/send/${code}`, headers: bearer(token) });
    const detail = detailRes.json() as SentDetail;
    expect(detail.lastStatus.email).toMatchObject({ type: 'answered', dateTime: new Date(answeredAt).toISOString() });
    expect(detail.lastStatus.sms).toMatchObject({ type: 'read', dateTime: new Date(smsRead).toISOString() });
    expect(detail.tracking).toEqual(page.clickTracking);
    // The message row (the lists and filters) says the same.
    const row = await app.t.ctx.db
      .selectFrom('emails')
      .select(['ema_status_email', 'ema_status_sms'])
      .where('ema_uni_codigo', '=', code)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ ema_status_email: 'answered', ema_status_sms: 'read' });

    const proof = (
      await app.t.app.inject({ method: 'GET', url: `/v2/emails/sending-proof/${code}`, headers: bearer(token) })
    ).json() as SendingProof;
    expect(proof.ultimoStatus).toEqual({ type: 'answered', label: 'Respondido' });
    const at = (d: Date | string) => brasiliaDateTime(d, { seconds: true });
    expect(proof.texto).toContain(`foi lida em ${at(answeredAt)}`);
    expect(proof.canais.find((c) => c.canal === 'sms')?.ultimoStatus).toEqual({ type: 'read', label: 'Lido' });

    const proofPdf = await app.t.app.inject({ method: 'PUT', url: `/v2/emails/sending-proof/${code}`, headers: bearer(token) });
    expect(proofPdf.statusCode).toBe(200);
    const proofText = (await pdfText(proofPdf.rawPayload)).replace(/\s+/g, ' ');
    expect(proofText).toContain('Status atual Respondido');
    expect(proofText).toContain(`foi lida em ${at(answeredAt)}`);
    expect(proofText).toContain('Status atual Lido');

    const laudo = await app.t.app.inject({ method: 'GET', url: `/v2/emails/report/laudo/${code}`, headers: bearer(token) });
    expect(laudo.statusCode).toBe(200);
    const laudoText = (await pdfText(laudo.rawPayload)).replace(/\s+/g, ' ');
    const section = laudoText.slice(laudoText.indexOf('1D. Situação de cada canal'), laudoText.indexOf('2. Integridade'));
    expect(section).toContain(
      `AR-Email Situação Respondido Enviado em ${at(emailSent)} (Brasília) Entregue em ${at(answeredAt)} (Brasília) Lido em ${at(answeredAt)} (Brasília) Respondido em ${at(answeredAt)} (Brasília)`,
    );
    expect(section).toContain(`AR-SMS Situação Lido`);
    expect(section).toContain(`Entregue em ${at(smsDelivered)} (Brasília) Lido em ${at(smsRead)} (Brasília)`);
  }, 60_000);
});
