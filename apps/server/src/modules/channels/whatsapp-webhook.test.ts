import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../../../test/fake-provider.ts';
import { useTestApp } from '../../../test/harness.ts';
import { META_PHONE_NUMBER_ID, metaWebhook, metaWebhookHeaders, postMetaWebhook } from '../../../test/meta-webhook.ts';
import { opensslVerifyToken } from '../../../test/openssl.ts';
import { graphMessagesAnswer, providerAcceptance } from '../../../test/phone-channels.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { checkChain } from '../evidence/chain-check.ts';

/**
 * The WhatsApp Cloud API through the product's HTTP API: a compose with a WhatsApp number reaches a
 * fake Graph API on a local port (WHATSAPP_API_URL), and Meta's signed webhook moves the message.
 */
const APP_SECRET = 'segredo-do-app-meta-teste';
const VERIFY_TOKEN = 'token-de-verificacao-teste';
const env: Record<string, string> = {
  WHATSAPP_PROVIDER: 'meta',
  WHATSAPP_PHONE_NUMBER_ID: META_PHONE_NUMBER_ID,
  WHATSAPP_TOKEN: 'EAAG-token-teste',
  WHATSAPP_APP_SECRET: APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
  WHATSAPP_TEMPLATE: 'ar_online_notificacao',
};

let graph: FakeProvider;
// Before the app starts (hooks run in order): the app's WHATSAPP_API_URL is the fake's address.
beforeAll(async () => {
  graph = await startFakeProvider(graphMessagesAnswer('TESTE'));
  env.WHATSAPP_API_URL = `${graph.url}/v21.0`;
});
afterAll(() => graph?.close());

const app = useTestApp(env, { startQueue: true });
const as = app.signIns({ usuario: 'usuario@demo.local' });

/** A webhook delivery as Meta posts it, signed (or not) over the exact bytes sent. */
function deliver(value: Record<string, unknown>, opts: { secret?: string; signature?: string | null } = {}) {
  return postMetaWebhook(app.t.app, metaWebhook(value), { secret: opts.secret ?? APP_SECRET, signature: opts.signature });
}

async function whatsappEvents(cod_email: number) {
  return app.t.ctx.db
    .selectFrom('email_eventos')
    .select(['evt_tipo', 'evt_detalhes', 'evt_hash'])
    .where('cod_email', '=', cod_email)
    .where('evt_canal', '=', 'whatsapp')
    .orderBy('evt_seq')
    .execute();
}

async function statusOf(cod_email: number) {
  const row = await app.t.ctx.db
    .selectFrom('emails')
    .select('ema_status_whatsapp')
    .where('ema_uni_codigo', '=', cod_email)
    .executeTakeFirstOrThrow();
  return row.ema_status_whatsapp;
}

/** Composes one message to Maria with a WhatsApp number and waits for the provider to accept it. */
async function sendWhatsapp(): Promise<{ cod_email: number; uuid: string; wamid: string }> {
  const res = await app.call('POST', '/emails/send', as.usuario, {
    destinataires: [{ to: 'maria@cliente.test', nameTo: 'Maria', whatsapp: { name: 'Maria', mobile: '(11) 98765-4321' } }],
    nameFrom: 'Silva Advogados',
    subject: 'Notificação extrajudicial',
    content: '<p>Prezada, segue a notificação.</p>',
  });
  expect(res.statusCode, res.body).toBe(200);
  const { ema_uni_codigo: cod_email, ema_uni_id: uuid } = res.json().emails[0];
  const row = await providerAcceptance(app.t.ctx.db, cod_email, 'whatsapp');
  expect(row).toMatchObject({ provedor: 'meta', numero: '+5511987654321' });
  return { cod_email, uuid, wamid: row.id_provedor };
}

describe('GET /v2/webhooks/whatsapp (verification handshake)', () => {
  it('answers the challenge as text with our verify token, 403 otherwise', async () => {
    const ok = await app.call('GET', `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=outro-token&hub.challenge=1',
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
      'hub.mode=subscribe&hub.challenge=1',
      '',
    ]) {
      const res = await app.call('GET', `/webhooks/whatsapp?${query}`);
      expect(res.statusCode, query).toBe(403);
      expect(res.body).not.toContain('1158201444');
    }
  });
});

describe('AR-WhatsApp through the Cloud API', () => {
  it('compose sends the template to the Graph API with the bearer token, and the wamid is kept', async () => {
    graph.received.length = 0;
    const { uuid, wamid } = await sendWhatsapp();
    expect(wamid).toMatch(/^wamid\.TESTE\d+$/);
    const sent = graph.received.find((r) => r.method === 'POST');
    expect(sent?.path).toBe(`/v21.0/${META_PHONE_NUMBER_ID}/messages`);
    expect(sent?.headers.authorization).toBe('Bearer EAAG-token-teste');
    const body = sent?.json as {
      to: string;
      type: string;
      template: {
        name: string;
        language: { code: string };
        components: Array<{ type: string; parameters: Array<{ text?: string; payload?: string }> }>;
      };
    };
    expect(body.to).toBe('5511987654321');
    expect(body.type).toBe('template');
    expect(body.template.name).toBe('ar_online_notificacao');
    expect(body.template.language).toEqual({ code: 'pt_BR' });
    const [bodyComponent, button] = body.template.components;
    expect(bodyComponent.parameters.map((p) => p.text)).toEqual([
      'Silva Advogados',
      'Notificação extrajudicial',
      `http://localhost:3999/emails/info/public/${uuid}?whatsapp=1`,
    ]);
    expect(button).toMatchObject({ type: 'button', sub_type: 'quick_reply' });
    expect(button.parameters[0].payload).toBeTruthy();
  });

  it('statuses and a button press are recorded in the chain, each once; a late status never moves it back', async () => {
    const { cod_email, wamid } = await sendWhatsapp();
    const status = (s: string, ts: number) => ({ id: wamid, status: s, timestamp: String(ts), recipient_id: '5511987654321' });
    const t0 = Math.floor(Date.now() / 1000);
    const first = await deliver({ statuses: [status('sent', t0), status('delivered', t0 + 2)] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true, recorded: 2, repeated: 0, unknown: 0 });
    expect(await statusOf(cod_email)).toBe('delivered');

    // Meta retries the same delivery: nothing new.
    const again = await deliver({ statuses: [status('sent', t0), status('delivered', t0 + 2)] });
    expect(again.json()).toEqual({ ok: true, recorded: 0, repeated: 2, unknown: 0 });

    await deliver({ statuses: [status('read', t0 + 60)] });
    expect(await statusOf(cod_email)).toBe('viewed');

    const press = await deliver({
      contacts: [{ profile: { name: 'Maria' }, wa_id: '5511987654321' }],
      messages: [
        {
          from: '5511987654321',
          id: 'wamid.BOTAO1',
          timestamp: String(t0 + 90),
          type: 'button',
          button: { text: 'Confirmo o recebimento', payload: 'Confirmo o recebimento' },
          context: { from: '551130000000', id: wamid },
        },
      ],
    });
    expect(press.json()).toMatchObject({ recorded: 1 });
    expect(await statusOf(cod_email)).toBe('acknowledged');

    // A 'delivered' arriving late is kept as evidence but does not hide the acknowledgment.
    await deliver({ statuses: [status('delivered', t0 + 3)] });
    expect(await statusOf(cod_email)).toBe('acknowledged');

    const events = await whatsappEvents(cod_email);
    const provider = events.filter((e) => typeof (e.evt_detalhes as { chave?: string }).chave === 'string');
    expect(provider.map((e) => e.evt_tipo)).toEqual(['send', 'delivered', 'viewed', 'acknowledged', 'delivered']);
    const ack = provider[3].evt_detalhes as Record<string, unknown>;
    expect(ack).toMatchObject({ texto: 'Confirmo o recebimento', de: '+5511987654321', chave: 'wamid.BOTAO1' });
    expect(ack.payload).toMatchObject({ id: 'wamid.BOTAO1', type: 'button' });

    // Every provider event is in the message's chain, and stamped: openssl verifies each token.
    expect(await checkChain(app.t.ctx.db, cod_email)).toMatchObject({ isIntact: true, firstBroken: null });
    const tsaPem = (await app.call('GET', '/tsa/certificado.pem')).body;
    const stamped = await waitFor(
      () =>
        app.t.ctx.db
          .selectFrom('email_eventos as e')
          .innerJoin('email_carimbos as c', 'c.evt_codigo', 'e.evt_codigo')
          .select(['e.evt_hash', 'c.car_token'])
          .where('e.cod_email', '=', cod_email)
          .where('e.evt_canal', '=', 'whatsapp')
          .where(sql<boolean>`e.evt_detalhes ? 'chave'`)
          .execute(),
      (rows) => rows.length === provider.length,
      60_000,
    );
    for (const row of stamped) {
      const verdict = await opensslVerifyToken(new Uint8Array(row.car_token as Uint8Array), row.evt_hash, tsaPem);
      expect(verdict.output).toContain('Verification: OK');
    }
  });

  it('a text reply without context goes to the last message sent to that number as answered', async () => {
    const { cod_email } = await sendWhatsapp();
    const res = await deliver({
      messages: [
        {
          from: '5511987654321',
          id: 'wamid.TEXTO1',
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'text',
          text: { body: 'Recebi, obrigada.' },
        },
      ],
    });
    expect(res.json()).toMatchObject({ recorded: 1 });
    const answered = (await whatsappEvents(cod_email)).filter((e) => e.evt_tipo === 'answered');
    expect(answered).toHaveLength(1);
    expect(answered[0].evt_detalhes).toMatchObject({ texto: 'Recebi, obrigada.', provedor: 'meta' });
  });

  it('a bad or missing signature is 403 and records nothing', async () => {
    const { cod_email, wamid } = await sendWhatsapp();
    const before = await whatsappEvents(cod_email);
    const keysBefore = await app.t.ctx.db.selectFrom('provedor_eventos').select('chave').execute();
    const statuses = [{ id: wamid, status: 'delivered', timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: '5511987654321' }];
    for (const res of [
      await deliver({ statuses }, { signature: null }),
      await deliver({ statuses }, { secret: 'outro-segredo' }),
      await deliver({ statuses }, { signature: 'sha256=' }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    // Signed over other bytes than those sent.
    const raw = JSON.stringify({ entry: [{ changes: [{ value: { statuses } }] }] });
    const tampered = await app.t.app.inject({
      method: 'POST',
      url: '/v2/webhooks/whatsapp',
      headers: metaWebhookHeaders(raw, APP_SECRET),
      payload: JSON.stringify({ entry: [{ changes: [{ value: { statuses } }] }] }, null, 1),
    });
    expect(tampered.statusCode).toBe(403);
    expect(await whatsappEvents(cod_email)).toEqual(before);
    expect(await app.t.ctx.db.selectFrom('provedor_eventos').select('chave').execute()).toEqual(keysBefore);
    expect(await statusOf(cod_email)).not.toBe('delivered');
  });

  it('a recent status of a message not known yet is refused with 503, so Meta delivers it again; an old one is skipped', async () => {
    const now = String(Math.floor(Date.now() / 1000));
    const early = await deliver({
      statuses: [{ id: 'wamid.ainda-nao-registrado', status: 'sent', timestamp: now, recipient_id: '5511987650000' }],
    });
    expect(early.statusCode).toBe(503);
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    const stale = await deliver({
      statuses: [{ id: 'wamid.de-outra-instalacao', status: 'sent', timestamp: old, recipient_id: '5511987650000' }],
    });
    expect(stale.statusCode).toBe(200);
    // Delivered again once the message is known, it is recorded (the 503 recorded nothing).
    const { cod_email, wamid } = await sendWhatsapp();
    const again = await deliver({ statuses: [{ id: wamid, status: 'delivered', timestamp: now, recipient_id: '5511987654321' }] });
    expect(again.statusCode).toBe(200);
    expect(await statusOf(cod_email)).toBe('delivered');
  });

  it('a failed status ends the channel in erro with the reason, and gives its credit back once', async () => {
    const { cod_email, wamid } = await sendWhatsapp();
    const balance = await app.t.balance('usuario@demo.local');
    const failed = {
      id: wamid,
      status: 'failed',
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: '5511987654321',
      errors: [{ code: 131026, title: 'Message undeliverable', error_data: { details: 'Message Undeliverable.' } }],
    };
    expect((await deliver({ statuses: [failed] })).json()).toMatchObject({ recorded: 1 });
    expect(await statusOf(cod_email)).toBe('erro');
    const erro = (await whatsappEvents(cod_email)).find((e) => e.evt_tipo === 'erro');
    expect(JSON.stringify(erro?.evt_detalhes)).toContain('131026 Message undeliverable');
    const refunded = await app.t.balance('usuario@demo.local');
    expect(refunded).toBeGreaterThan(balance);
    // The same failure delivered again refunds nothing more.
    await deliver({ statuses: [failed] });
    expect(await app.t.balance('usuario@demo.local')).toBe(refunded);
  });
});
