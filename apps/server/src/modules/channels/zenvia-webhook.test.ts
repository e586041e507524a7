import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, type ReceivedRequest, startFakeProvider } from '../../../test/fake-provider.ts';
import { useTestApp } from '../../../test/harness.ts';
import { providerAcceptance } from '../../../test/phone-channels.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { ZENVIA_SECRET_HEADER } from './providers/zenvia.ts';

/**
 * Zenvia (API v2) for both channels through the product's HTTP API: the subscriptions made at
 * start, a compose reaching a fake Zenvia on a local port, and the callbacks, believed only with
 * the secret header the product registered.
 */
const SECRET = 'segredo-dos-webhooks-zenvia-teste';
const env: Record<string, string> = {
  SMS_PROVIDER: 'zenvia',
  WHATSAPP_PROVIDER: 'zenvia',
  ZENVIA_API_TOKEN: 'zenvia-token-teste',
  ZENVIA_FROM_SMS: 'ar-online',
  ZENVIA_FROM_WHATSAPP: '551130000000',
  ZENVIA_WEBHOOK_SECRET: SECRET,
  WHATSAPP_TEMPLATE: 'c2c3e42d-6fb7-4ad6-897a-dd7613469f58',
};

let zenvia: FakeProvider;
const subscriptions: Array<Record<string, unknown>> = [];
let ids = 0;

/** A Zenvia that keeps the subscriptions it is given and accepts every message. */
function answer(req: ReceivedRequest) {
  if (req.path === '/v2/subscriptions' && req.method === 'GET') return { body: subscriptions };
  if (req.path === '/v2/subscriptions' && req.method === 'POST') {
    const created = { id: `sub-${subscriptions.length + 1}`, status: 'ACTIVE', ...(req.json as object) };
    subscriptions.push(created);
    return { body: created };
  }
  const channel = req.path.match(/^\/v2\/channels\/(sms|whatsapp)\/messages$/)?.[1];
  if (channel && req.method === 'POST')
    return { body: { id: `zv-${channel}-${++ids}`, direction: 'OUT', channel, ...(req.json as object) } };
  return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
}

beforeAll(async () => {
  zenvia = await startFakeProvider(answer);
  env.ZENVIA_API_URL = zenvia.url;
});
afterAll(() => zenvia?.close());

const app = useTestApp(env, { startQueue: true });
const as = app.signIns({ usuario: 'usuario@demo.local' });

function callback(channel: string, body: unknown, secret: string | null = SECRET) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== null) headers[ZENVIA_SECRET_HEADER] = secret;
  return app.t.app.inject({ method: 'POST', url: `/v2/webhooks/zenvia/${channel}`, headers, payload: JSON.stringify(body) });
}

const statusEvent = (id: string, messageId: string, code: string, at: string, extra: Record<string, unknown> = {}) => ({
  id,
  timestamp: at,
  type: 'MESSAGE_STATUS',
  subscriptionId: 'sub-1',
  channel: 'sms',
  messageId,
  contentIndex: 0,
  messageStatus: { timestamp: at, code, description: code, ...extra },
});

async function smsEvents(cod_email: number) {
  return app.t.ctx.db
    .selectFrom('email_eventos')
    .select(['evt_tipo', 'evt_detalhes'])
    .where('cod_email', '=', cod_email)
    .where('evt_canal', '=', 'sms')
    .orderBy('evt_seq')
    .execute();
}

async function smsStatus(cod_email: number) {
  return (
    await app.t.ctx.db.selectFrom('emails').select('ema_status_sms').where('ema_uni_codigo', '=', cod_email).executeTakeFirstOrThrow()
  ).ema_status_sms;
}

/** Composes one message with an SMS number and waits for Zenvia to accept it. */
async function sendSms(): Promise<{ cod_email: number; uuid: string; zenviaId: string }> {
  const res = await app.call('POST', '/emails/send', as.usuario, {
    destinataires: [{ to: 'joao@cliente.test', nameTo: 'João', sms: { name: 'João', mobile: '(11) 98765-4321' } }],
    nameFrom: 'Silva Advogados',
    subject: 'Notificação',
    content: '<p>Prezado, segue a notificação.</p>',
  });
  expect(res.statusCode, res.body).toBe(200);
  const { ema_uni_codigo: cod_email, ema_uni_id: uuid } = res.json().emails[0];
  const row = await providerAcceptance(app.t.ctx.db, cod_email, 'sms');
  expect(row.provedor).toBe('zenvia');
  return { cod_email, uuid, zenviaId: row.id_provedor };
}

describe('Zenvia subscriptions', () => {
  it('are made at start, per channel, pointing at our webhooks with the secret header', async () => {
    await waitFor(
      () => subscriptions.length,
      (n) => n === 4,
    );
    expect(subscriptions.map((s) => [s.eventType, (s.criteria as { channel: string }).channel]).sort()).toEqual([
      ['MESSAGE', 'sms'],
      ['MESSAGE', 'whatsapp'],
      ['MESSAGE_STATUS', 'sms'],
      ['MESSAGE_STATUS', 'whatsapp'],
    ]);
    for (const s of subscriptions) {
      const channel = (s.criteria as { channel: string }).channel;
      expect(s.webhook).toEqual({
        url: `http://localhost:3999/v2/webhooks/zenvia/${channel}`,
        headers: { [ZENVIA_SECRET_HEADER]: SECRET },
      });
    }
    expect(
      zenvia.received.filter((r) => r.path === '/v2/subscriptions').every((r) => r.headers['x-api-token'] === 'zenvia-token-teste'),
    ).toBe(true);
  });
});

describe('AR-SMS through Zenvia', () => {
  it('compose sends the SMS text to Zenvia with X-API-TOKEN, and its id is kept', async () => {
    const { uuid, zenviaId } = await sendSms();
    expect(zenviaId).toMatch(/^zv-sms-\d+$/);
    const sent = zenvia.received.find((r) => r.path === '/v2/channels/sms/messages' && (r.json as { to: string }).to === '5511987654321');
    expect(sent?.headers['x-api-token']).toBe('zenvia-token-teste');
    const body = sent?.json as { from: string; contents: Array<{ type: string; text: string }> };
    expect(body.from).toBe('ar-online');
    expect(body.contents).toHaveLength(1);
    expect(body.contents[0].type).toBe('text');
    expect(body.contents[0].text).toContain(`/emails/info/public/${uuid}?sms=1`);
  });

  it('a callback without the secret header, or with another, is 403 and records nothing', async () => {
    const { cod_email, zenviaId } = await sendSms();
    const before = await smsEvents(cod_email);
    const delivered = statusEvent('ev-sem-segredo', zenviaId, 'DELIVERED', new Date().toISOString());
    expect((await callback('sms', delivered, null)).statusCode).toBe(403);
    expect((await callback('sms', delivered, 'outro-segredo-qualquer')).statusCode).toBe(403);
    expect((await callback('sms', delivered, '')).statusCode).toBe(403);
    expect(await smsEvents(cod_email)).toEqual(before);
    expect(await app.t.ctx.db.selectFrom('provedor_eventos').select('chave').where('chave', '=', 'ev-sem-segredo').execute()).toEqual([]);
    // With the secret, the same event is taken.
    expect((await callback('sms', delivered)).json()).toEqual({ ok: true, recorded: 1, repeated: 0, unknown: 0 });
    expect(await smsStatus(cod_email)).toBe('delivered');
  });

  it('statuses by their own time, a duplicate event id recorded once, a reply answered', async () => {
    const { cod_email, zenviaId } = await sendSms();
    const t = Date.now();
    const at = (s: number) => new Date(t + s * 1000).toISOString();
    // Out of order: the delivery report arrives before the SENT one.
    expect((await callback('sms', statusEvent('ev-d', zenviaId, 'DELIVERED', at(5)))).json()).toMatchObject({ recorded: 1 });
    expect((await callback('sms', statusEvent('ev-s', zenviaId, 'SENT', at(1)))).json()).toMatchObject({ recorded: 1 });
    expect(await smsStatus(cod_email)).toBe('delivered');
    // Zenvia retries the delivery report.
    expect((await callback('sms', statusEvent('ev-d', zenviaId, 'DELIVERED', at(5)))).json()).toEqual({
      ok: true,
      recorded: 0,
      repeated: 1,
      unknown: 0,
    });
    const reply = {
      id: 'ev-r',
      timestamp: at(30),
      type: 'MESSAGE',
      subscriptionId: 'sub-2',
      channel: 'sms',
      direction: 'IN',
      message: {
        id: 'zv-in-1',
        from: '5511987654321',
        to: 'ar-online',
        direction: 'IN',
        channel: 'sms',
        contents: [{ type: 'text', text: 'Recebido.' }],
      },
    };
    expect((await callback('sms', reply)).json()).toMatchObject({ recorded: 1 });
    const events = (await smsEvents(cod_email)).filter((e) => typeof (e.evt_detalhes as { chave?: string }).chave === 'string');
    expect(events.map((e) => e.evt_tipo)).toEqual(['delivered', 'send', 'answered']);
    expect(events[0].evt_detalhes).toMatchObject({ chave: 'ev-d', ocorridoEm: at(5) });
    expect(events[2].evt_detalhes).toMatchObject({ texto: 'Recebido.', de: '+5511987654321' });
    expect(await smsStatus(cod_email)).toBe('answered');
  });

  it('NOT_DELIVERED ends the SMS in erro with its causes', async () => {
    const { cod_email, zenviaId } = await sendSms();
    const failed = statusEvent('ev-nd', zenviaId, 'NOT_DELIVERED', new Date().toISOString(), {
      causes: [{ channelErrorCode: '005', reason: 'Message expired', details: 'Número inexistente' }],
    });
    expect((await callback('sms', failed)).json()).toMatchObject({ recorded: 1 });
    expect(await smsStatus(cod_email)).toBe('erro');
    const erro = (await smsEvents(cod_email)).find((e) => e.evt_tipo === 'erro');
    expect(JSON.stringify(erro?.evt_detalhes)).toContain('NOT_DELIVERED: 005 Message expired Número inexistente');
  });

  it('AR-WhatsApp through Zenvia: the template with its fields, and the button press acknowledged', async () => {
    const res = await app.call('POST', '/emails/send', as.usuario, {
      destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana', whatsapp: { name: 'Ana', mobile: '(21) 99876-5432' } }],
      nameFrom: 'Silva Advogados',
      subject: 'Notificação',
      content: '<p>Prezada, segue a notificação.</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { ema_uni_codigo: cod_email, ema_uni_id: uuid } = res.json().emails[0];
    const sent = await waitFor(
      () => zenvia.received.find((r) => r.path === '/v2/channels/whatsapp/messages' && (r.json as { to: string }).to === '5521998765432'),
      (r) => r !== undefined,
    );
    expect(sent?.headers['x-api-token']).toBe('zenvia-token-teste');
    expect(sent?.json).toEqual({
      from: '551130000000',
      to: '5521998765432',
      contents: [
        {
          type: 'template',
          templateId: 'c2c3e42d-6fb7-4ad6-897a-dd7613469f58',
          fields: {
            remetente: 'Silva Advogados',
            assunto: 'Notificação',
            link: `http://localhost:3999/emails/info/public/${uuid}?whatsapp=1`,
          },
        },
      ],
    });
    const row = await providerAcceptance(app.t.ctx.db, cod_email, 'whatsapp');
    const press = {
      id: 'ev-botao',
      timestamp: new Date().toISOString(),
      type: 'MESSAGE',
      channel: 'whatsapp',
      direction: 'IN',
      message: {
        id: 'zv-in-2',
        from: '5521998765432',
        to: '551130000000',
        direction: 'IN',
        channel: 'whatsapp',
        contents: [
          { type: 'text', text: 'Confirmo o recebimento', payload: 'ack', replyTo: { messageId: row?.id_provedor, contentIndex: 0 } },
        ],
      },
    };
    // The SMS address does not take a WhatsApp event.
    expect((await callback('sms', press)).json()).toMatchObject({ recorded: 0 });
    expect((await callback('whatsapp', press)).json()).toMatchObject({ recorded: 1 });
    const status = await app.t.ctx.db
      .selectFrom('emails')
      .select('ema_status_whatsapp')
      .where('ema_uni_codigo', '=', cod_email)
      .executeTakeFirstOrThrow();
    expect(status.ema_status_whatsapp).toBe('acknowledged');
  });

  it('answers 404 for another channel, and at the Meta webhook of an installation on Zenvia', async () => {
    expect((await callback('voz', statusEvent('ev-v', 'x', 'SENT', new Date().toISOString()))).statusCode).toBe(404);
    const meta = await app.t.app.inject({
      method: 'POST',
      url: '/v2/webhooks/whatsapp',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(meta.statusCode).toBe(404);
    expect((await app.call('GET', '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1')).statusCode).toBe(404);
  });
});
