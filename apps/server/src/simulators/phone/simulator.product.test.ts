import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devSession } from '../../../test/dev-session.ts';
import { bearer, createSelfCallingApp, type TestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-reader.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { checkChain } from '../../modules/evidence/chain-check.ts';

/**
 * The embedded mode's whole loop, in one product: PUBLIC_URL is the app's own port, so the send
 * worker's Twilio adapter calls the simulator over HTTP, and the simulator calls the product's own
 * webhook addresses back, signed, as Twilio would. Nothing here is a fake.
 */

let t: TestApp;
let token: string;
let phone: Awaited<ReturnType<typeof devSession>>;

beforeAll(async () => {
  ({ t } = await createSelfCallingApp({ SIMULATOR_DELAY_MS: '500' }, { startQueue: true }));
  // Half a second a step, as a provider takes (a callback that comes before the send worker
  // recorded Twilio's sid is kept too: sms.test.ts).
  token = await t.login('usuario@demo.local');
  phone = await devSession(t, 'usuario@demo.local');
});

afterAll(async () => {
  await t?.close();
});

async function composeSms(mobile: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/emails/send',
    headers: bearer(token),
    payload: {
      destinataires: [{ to: '', nameTo: 'Bruno', sms: { name: 'Bruno', mobile } }],
      nameFrom: 'Escritório Souza',
      subject: 'Notificação de cobrança',
      content: '<p>Prezado Bruno</p>',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().emails[0].ema_uni_codigo as number;
}

const statusOf = (cod: number) =>
  t.ctx.db.selectFrom('emails').select(['ema_status_sms']).where('ema_uni_codigo', '=', cod).executeTakeFirstOrThrow();

/** A message's SMS events, in chain order. */
const smsEventsOf = (cod: number) =>
  t.ctx.db
    .selectFrom('email_eventos')
    .select(['evt_tipo', 'evt_detalhes'])
    .where('cod_email', '=', cod)
    .where('evt_canal', '=', 'sms')
    .orderBy('evt_seq')
    .execute();

const smsEvents = async (cod: number) => (await smsEventsOf(cod)).map((e) => e.evt_tipo);

/** The details of a message's first SMS event of a type. */
const detailsOf = async (cod: number, tipo: string) => (await smsEventsOf(cod)).find((e) => e.evt_tipo === tipo)?.evt_detalhes;

describe('embedded mode: the product, its Twilio adapter and the simulator', () => {
  it('an SMS is delivered, shows on the phone with its link, and the reply typed there is recorded', async () => {
    const cod = await composeSms('(11) 98765-4321');
    await waitFor(
      () => statusOf(cod),
      (m) => m.ema_status_sms === 'delivered',
    );
    expect(await smsEvents(cod)).toEqual(expect.arrayContaining(['processed', 'send', 'delivered']));

    const conversation = await phone.page('/dev/telefone/5511987654321');
    expect(conversation.statusCode).toBe(200);
    expect(conversation.body).toContain('Entregue');
    expect(conversation.body).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/emails\/info\/public\/[0-9a-f-]+\?sms=1/);

    const reply = await phone.post('/dev/telefone/5511987654321/responder', { canal: 'sms', texto: 'Recebi, obrigado.' });
    expect(reply.statusCode).toBe(303);
    await waitFor(
      () => statusOf(cod),
      (m) => m.ema_status_sms === 'answered',
    );
    expect(await detailsOf(cod, 'answered')).toMatchObject({ texto: 'Recebi, obrigado.', de: '+5511987654321', provedor: 'twilio' });
    // The phone marks the reply taken once the product answered its webhook.
    await waitFor(
      async () => (await phone.page('/dev/telefone/5511987654321')).body,
      (body) => body.includes('Recebida pelo produto'),
    );
    expect(await checkChain(t.ctx.db, cod)).toMatchObject({ isIntact: true });

    // Every event the simulator caused says so, and so do the public page, the proof and the laudo.
    const events = (await smsEventsOf(cod)).filter((e) => ['send', 'delivered', 'answered'].includes(e.evt_tipo));
    expect(events.length).toBeGreaterThanOrEqual(3);
    for (const e of events) expect(e.evt_detalhes, e.evt_tipo).toMatchObject({ simulado: true });
    const uuid = (await t.ctx.db.selectFrom('emails').select('ema_uni_id').where('ema_uni_codigo', '=', cod).executeTakeFirstOrThrow())
      .ema_uni_id;
    expect((await t.app.inject({ method: 'GET', url: `/v2/emails/info/public/${uuid}` })).json()).toMatchObject({ simulado: true });
    const proof = await t.app.inject({ method: 'GET', url: `/v2/emails/sending-proof/${cod}`, headers: bearer(token) });
    expect(proof.json()).toMatchObject({ simulado: true });
    const laudo = await t.app.inject({ method: 'GET', url: `/v2/emails/report/laudo/${cod}`, headers: bearer(token) });
    expect(laudo.statusCode).toBe(200);
    expect((await pdfText(laudo.rawPayload)).replace(/\s+/g, ' ')).toContain('simulado — não é prova de entrega real');
  });

  it('an SMS to a number that does not exist ends in erro with Twilio 30005', async () => {
    const cod = await composeSms('(11) 99999-0000');
    await waitFor(
      () => statusOf(cod),
      (m) => m.ema_status_sms === 'erro',
    );
    expect(JSON.stringify(await detailsOf(cod, 'erro'))).toContain('30005');
  });
});
