import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devSession } from '../../../test/dev-session.ts';
import { bearer, createSelfCallingApp, type TestApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { checkChain } from '../../modules/evidence/chain-check.ts';
import { callOutcome, gatherActionOf } from './simulator.voice.ts';

/**
 * AR-Voz in embedded mode, in one product: PUBLIC_URL is the app's own port, so the voz-send
 * worker's Twilio Voice adapter calls the simulator's Calls.json over HTTP, and the simulator calls
 * the product's own webhooks back, signed, and serves the recording behind Basic auth.
 */

let t: TestApp;
let token: string;
let dev: Awaited<ReturnType<typeof devSession>>;

beforeAll(async () => {
  ({ t } = await createSelfCallingApp(
    { SIMULATOR_DELAY_MS: '300', VOICE_PROVIDER: 'simulator', VOICE_RETRY_DELAY_SECONDS: '1' },
    { startQueue: true },
  ));
  token = await t.login('usuario@demo.local');
  dev = await devSession(t, 'usuario@demo.local');
  await t.ctx.db.updateTable('usuarios').set({ usu_aceita_ar_voz: true }).where('usu_login', '=', 'usuario@demo.local').execute();
});

afterAll(async () => {
  await t?.close();
});

async function composeCall(mobile: string): Promise<{ cod: number; uuid: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/emails/send',
    headers: bearer(token),
    payload: {
      destinataires: [{ to: '', nameTo: 'Bruno', voz: { name: 'Bruno', mobile } }],
      nameFrom: 'Escritório Souza',
      subject: 'Notificação de cobrança',
      content: '<p>Prezado Bruno</p>',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { cod: res.json().emails[0].ema_uni_codigo as number, uuid: res.json().emails[0].ema_uni_id as string };
}

const vozOf = async (cod: number) => {
  const msg = await t.ctx.db.selectFrom('emails').select('ema_status_voz').where('ema_uni_codigo', '=', cod).executeTakeFirstOrThrow();
  const events = await t.ctx.db
    .selectFrom('email_eventos')
    .select(['evt_tipo', 'evt_detalhes'])
    .where('cod_email', '=', cod)
    .where('evt_canal', '=', 'voz')
    .orderBy('evt_seq')
    .execute();
  return { status: msg.ema_status_voz, events };
};
const detailOf = (e: { evt_detalhes: unknown }) => e.evt_detalhes as Record<string, unknown>;

describe('the simulator’s Twilio Voice', () => {
  it('chooses the outcome by the number and finds the Gather’s action in the TwiML', () => {
    expect(callOutcome('+5511999990000')).toBe('failed');
    expect(callOutcome('+5511999992222')).toBe('busy-once');
    expect(callOutcome('+5511999993333')).toBe('no-answer');
    expect(callOutcome('+5511999991234')).toBe('answered');
    expect(gatherActionOf('<Response><Gather numDigits="1" action="http://x/a?b=1&amp;c=2"></Gather></Response>')).toBe(
      'http://x/a?b=1&c=2',
    );
  });

  it('answers Calls.json as Twilio: 401 without the account, 404 for another account, 400 with its codes', async () => {
    const { accountSid, authToken, from } = t.ctx.config.channels.voice.twilio;
    const call = (sid: string, auth: string, form: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/dev/twilio/2010-04-01/Accounts/${sid}/Calls.json`,
        headers: { authorization: `Basic ${Buffer.from(auth).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
    const ok = `${accountSid}:${authToken}`;
    expect((await call(accountSid, `${accountSid}:wrong`, { To: '+5511999991234' })).json()).toMatchObject({ code: 20003, status: 401 });
    expect((await call('ACother', ok, { To: '+5511999991234' })).statusCode).toBe(404);
    expect((await call(accountSid, ok, {})).json()).toMatchObject({ code: 21201 });
    expect((await call(accountSid, ok, { To: '11999991234' })).json()).toMatchObject({ code: 21211 });
    expect((await call(accountSid, ok, { To: '+5511999991234' })).json()).toMatchObject({ code: 21213 });
    expect((await call(accountSid, ok, { To: '+5511999991234', From: '+15550000000' })).json()).toMatchObject({ code: 21210 });
    expect((await call(accountSid, ok, { To: '+5511999991234', From: from })).json()).toMatchObject({ code: 21205 });
    expect((await call(accountSid, ok, { To: '+5511999991234', From: from, Twiml: '<Say>' })).json()).toMatchObject({ code: 12100 });
    // The recordings are behind the same Basic auth.
    const rec = await t.app.inject({ method: 'GET', url: `/dev/twilio/2010-04-01/Accounts/${accountSid}/Recordings/RE00` });
    expect(rec.statusCode).toBe(401);
  });

  it('a call answered: the notice heard, 1 pressed, completed, the WAV recording stored with its hash; chain intact', async () => {
    const { cod, uuid } = await composeCall('(11) 98765-4321');
    const done = await waitFor(
      () => vozOf(cod),
      (v) => v.events.some((e) => detailOf(e).etapa === 'gravação da chamada'),
      30_000,
    );
    expect(done.status).toBe('acknowledged');
    const kinds = done.events.map((e) => e.evt_tipo);
    expect(kinds).toEqual(expect.arrayContaining(['send', 'acknowledged', 'delivered']));
    const recording = detailOf(done.events.find((e) => detailOf(e).etapa === 'gravação da chamada') as { evt_detalhes: unknown })
      .gravacao as { sha256: string; arquivo: string; tamanho: number };
    const stored = (await t.ctx.storage.read(recording.arquivo)) as Buffer;
    expect(stored.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(stored.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(stored.readUInt32LE(24)).toBe(8000);
    expect(stored.length).toBe(recording.tamanho);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(recording.sha256);
    expect(recording.arquivo.startsWith(`voz/${uuid}/RE`)).toBe(true);
    expect(await checkChain(t.ctx.db, cod)).toMatchObject({ isIntact: true });

    // The simulated phone lists the call: its status, the key pressed, what was said and a player.
    const list = await dev.page('/dev/telefone');
    expect(list.body).toMatch(
      /<a href="\/dev\/telefone\/5511987654321">\+55 \(11\) 98765-4321<\/a><\/td><td>0<\/td><td>0<\/td><td>1<\/td>/,
    );
    const phone = await dev.page('/dev/telefone/5511987654321');
    expect(phone.statusCode).toBe(200);
    expect(phone.headers['content-security-policy']).toContain("media-src 'self'");
    expect(phone.body).toContain('Atendida e encerrada');
    expect(phone.body).toContain('tecla pressionada: <b>1</b>');
    expect(phone.body).toContain('Escritório Souza enviou a você uma mensagem com o assunto: Notificação de cobrança.');
    // Nothing but the call reached this number: no empty SMS or WhatsApp conversation.
    expect(phone.body).not.toContain('Nenhuma mensagem por SMS');
    const src = /<audio controls preload="metadata" src="([^"]+)"/.exec(phone.body)?.[1] as string;
    expect(src).toMatch(/^\/dev\/telefone\/5511987654321\/chamadas\/CA[0-9a-f]{32}\/gravacao$/);
    const wav = await dev.page(src);
    expect([wav.statusCode, wav.headers['content-type']]).toEqual([200, 'audio/wav']);
    expect(wav.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
    // The simulator's recording is the one the product stored.
    expect(createHash('sha256').update(wav.rawPayload).digest('hex')).toBe(recording.sha256);
    // Another number's path does not give this call's recording.
    expect((await dev.page(src.replace('5511987654321', '5511987650000'))).statusCode).toBe(404);
  });

  it('2222 is busy on the first try and answered on the next; 0000 fails at once', async () => {
    const busy = await composeCall('(21) 99876-2222');
    const answered = await waitFor(
      () => vozOf(busy.cod),
      (v) => v.status === 'acknowledged',
      30_000,
    );
    const tries = answered.events.filter((e) => detailOf(e).etapa === 'aceite do provedor').map((e) => detailOf(e).tentativa);
    expect(tries).toEqual([1, 2]);
    expect(answered.events.some((e) => detailOf(e).resultado === 'tentativa sem sucesso' && detailOf(e).statusProvedor === 'busy')).toBe(
      true,
    );
    const failed = await composeCall('(31) 99123-0000');
    const end = await waitFor(
      () => vozOf(failed.cod),
      (v) => v.status === 'erro',
      30_000,
    );
    expect(end.events.filter((e) => e.evt_tipo === 'erro')).toHaveLength(1);
    // The phone shows each try: busy, then answered with 1; the unknown number's call failed.
    const busyPage = (await dev.page('/dev/telefone/5521998762222')).body;
    expect(busyPage.indexOf('Ocupado')).toBeGreaterThan(-1);
    expect(busyPage.indexOf('Atendida e encerrada')).toBeGreaterThan(busyPage.indexOf('Ocupado'));
    expect((busyPage.match(/<audio /g) ?? []).length).toBe(1);
    const failedPage = (await dev.page('/dev/telefone/5531991230000')).body;
    expect(failedPage).toContain('Falhou (número inexistente)');
    expect(failedPage).not.toContain('<audio');
  });
});
