import { createHash, randomBytes } from 'node:crypto';
import { CREDIT_MSG, EMAIL_MSG } from '@ar/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOf, type ReceivedRequest, startFakeProvider } from '../../../../test/fake-provider.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { eventsWithStamps, postTwilioWebhook } from '../../../../test/phone-channels.ts';
import { waitFor } from '../../../../test/smtp-sink.ts';
import { checkChain } from '../../evidence/chain-check.ts';
import { recordingWav } from './wav.ts';

// AR-Voz end to end through the API, with a fake Twilio Programmable Voice on a local port: the
// real request (Basic auth, form body with the TwiML), the real signed callbacks, the recording
// fetched over HTTP with the account's credentials.
const SID = 'ACvoice0123456789abcdef012345678';
const TOKEN = 'twilio-voice-test-auth-token-0123';
const VOICE_FROM = '+551140040000';
const PUBLIC_URL = 'http://localhost:3998';

interface Received {
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

const RECORDING_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Recordings\/(RE[0-9a-f]+)$/;

/** Twilio's Calls endpoint and its recordings, behind the account's Basic auth; 400 21211 for a number it refuses. */
async function startFakeTwilioVoice() {
  const refused = new Set<string>();
  const recordings = new Map<string, Buffer>();
  const auth = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;
  const fake = await startFakeProvider((req) => {
    const rec = req.path.match(RECORDING_PATH);
    if (req.method === 'GET' && rec) {
      if (req.headers.authorization !== auth) return { status: 401, body: { code: 20003, message: 'Authenticate' } };
      const data = recordings.get(rec[2] as string);
      if (!data) return { status: 404, body: { code: 20404, message: 'Not found' } };
      return { status: 200, body: data, headers: { 'content-type': 'audio/x-wav' } };
    }
    const form = formOf(req);
    if (req.method !== 'POST' || req.path !== `/2010-04-01/Accounts/${SID}/Calls.json`)
      return { status: 404, body: { code: 20404, message: 'Not found' } };
    if (req.headers.authorization !== auth) return { status: 401, body: { code: 20003, message: 'Authenticate' } };
    if (refused.has(form.To ?? ''))
      return { status: 400, body: { code: 21211, message: `The 'To' number ${form.To} is not a valid phone number.`, status: 400 } };
    return { status: 201, body: { sid: `CA${randomBytes(16).toString('hex')}`, status: 'queued', to: form.To, from: form.From } };
  });
  const asReceived = (r: ReceivedRequest): Received => ({ path: r.path, authorization: r.headers.authorization, form: formOf(r) });
  return {
    url: fake.url,
    /** The calls placed (and anything else posted). */
    get received(): Received[] {
      return fake.received.filter((r) => !(r.method === 'GET' && RECORDING_PATH.test(r.path))).map(asReceived);
    },
    /** The recordings fetched. */
    get recordingFetches(): Received[] {
      return fake.received.filter((r) => r.method === 'GET' && RECORDING_PATH.test(r.path)).map((r) => ({ ...asReceived(r), form: {} }));
    },
    refused,
    recordings,
    close: () => fake.close(),
  };
}

const env: Record<string, string> = {
  VOICE_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: TOKEN,
  TWILIO_VOICE_FROM: VOICE_FROM,
  VOICE_RETRY_DELAY_SECONDS: '1',
  PUBLIC_URL,
};
let fake: Awaited<ReturnType<typeof startFakeTwilioVoice>>;
beforeAll(async () => {
  fake = await startFakeTwilioVoice();
  env.TWILIO_API_URL = fake.url;
});
afterAll(async () => {
  await fake?.close();
});

const t = useTestApp(env, { startQueue: true });
const as = t.signIns({ ana: 'usuario@demo.local' });
const LOGIN = 'usuario@demo.local';

const allowVoice = (on: boolean) =>
  t.ctx.db.updateTable('usuarios').set({ usu_aceita_ar_voz: on }).where('usu_login', '=', LOGIN).execute();

/** Posts a form to a product address as Twilio does, signed with the account's token (or another, or none). */
const twilioPost = (path: string, form: Record<string, string>, sign: 'valid' | 'bad' | 'none' = 'valid') =>
  postTwilioWebhook(t.app, path, form, { token: TOKEN, publicUrl: PUBLIC_URL, sign });

const eventsOf = (cod_email: number) => eventsWithStamps(t.ctx.db, cod_email);
const vozEvents = async (cod: number) => (await eventsOf(cod)).filter((e) => e.evt_canal === 'voz');

const messageOf = (cod_email: number) =>
  t.ctx.db
    .selectFrom('emails')
    .select(['ema_status_voz', 'ema_uni_voz', 'ema_uni_creditos', 'ema_status_email'])
    .where('ema_uni_codigo', '=', cod_email)
    .executeTakeFirstOrThrow();

const compose = (mobile: string, to = 'bruno@cliente.test') =>
  t.call('POST', '/emails/send', as.ana, {
    destinataires: [{ to, nameTo: 'Bruno', voz: { name: 'Bruno', mobile } }],
    nameFrom: 'Escritório Souza',
    subject: 'Notificação <extrajudicial>',
    content: '<p>Prezado Bruno</p>',
  });

/** Composes and waits for the call request of try `tentativa`. */
async function composeCall(mobile: string, to?: string) {
  const res = await compose(mobile, to);
  expect(res.statusCode, res.body).toBe(200);
  const { ema_uni_codigo, ema_uni_id } = res.json().emails[0] as { ema_uni_codigo: number; ema_uni_id: string };
  const request = (await waitFor(
    () => fake.received.find((r) => r.form.StatusCallback?.includes(ema_uni_id)),
    (r) => !!r,
  )) as Received;
  const callSid = await callSidOf(ema_uni_codigo, 1);
  return { cod: ema_uni_codigo, uuid: ema_uni_id, request, callSid, creditos: res.json().creditos as number };
}

const callSidOf = async (cod: number, tentativa: number) =>
  (
    await waitFor(
      () =>
        t.ctx.db
          .selectFrom('voz_chamadas')
          .select('call_sid')
          .where('cod_email', '=', cod)
          .where('tentativa', '=', tentativa)
          .executeTakeFirst(),
      (row) => !!row,
      15_000,
    )
  )?.call_sid as string;

beforeAll(async () => {
  await allowVoice(true);
});

describe('AR-Voz: compose', () => {
  it('refuses a voice call for an account without usu_aceita_ar_voz, a bad number, and under 2 credits; nothing debited', async () => {
    const before = await t.balance(LOGIN);
    await allowVoice(false);
    try {
      const res = await compose('(11) 98765-4321');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(EMAIL_MSG.vozNotAllowed);
    } finally {
      await allowVoice(true);
    }
    const bad = await compose('(11) 1234');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(EMAIL_MSG.vozInvalid);
    // A plan with 1 credit: the e-mail alone would fit, the call needs 2 in the account (spec 001 §5).
    const plan = t.ctx.db
      .updateTable('planos')
      .where('pla_nivel', '=', 1)
      .where('pla_codigo_usu_ent', '=', t.ctx.db.selectFrom('usuarios').select('usu_codigo').where('usu_login', '=', LOGIN));
    await plan.set({ pla_total_credito: 1 }).execute();
    try {
      const short = await compose('(11) 98765-4321', '');
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe(CREDIT_MSG.voiceMinimum);
      expect(await t.balance(LOGIN)).toBe(1);
    } finally {
      await plan.set({ pla_total_credito: before }).execute();
    }
    expect(await t.balance(LOGIN)).toBe(before);
  });

  it('places the call: To, From, the pt-BR TwiML said twice with the Gather, Record, the signed callbacks; one extra credit', async () => {
    const before = await t.balance(LOGIN);
    const { cod, uuid, request, callSid, creditos } = await composeCall('(11) 98765-4321');
    expect(creditos).toBe(2);
    expect(await t.balance(LOGIN)).toBe(before - 2);
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(request.path).toBe(`/2010-04-01/Accounts/${SID}/Calls.json`);
    const f = request.form;
    expect(f.To).toBe('+5511987654321');
    expect(f.From).toBe(VOICE_FROM);
    expect(f.Record).toBe('true');
    expect(f.StatusCallback).toBe(`${PUBLIC_URL}/v2/webhooks/twilio/voz/${uuid}/status`);
    expect(f.StatusCallbackEvent).toBe('initiated ringing answered completed');
    expect(f.RecordingStatusCallback).toBe(`${PUBLIC_URL}/v2/webhooks/twilio/voz/${uuid}/gravacao`);
    const twiml = f.Twiml as string;
    expect(twiml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response>/);
    const says = [...twiml.matchAll(/<Say language="pt-BR">([^<]*)<\/Say>/g)].map((m) => m[1] as string);
    // The notice twice (who sends, the subject, the protocol, how to open), escaped for XML.
    const notices = says.filter((s) => s.includes('Escritório Souza enviou a você'));
    expect(notices).toHaveLength(2);
    for (const n of notices) {
      expect(n).toContain('assunto: Notificação &lt;extrajudicial&gt;');
      expect(n).toContain(`Protocolo: ${uuid.replace(/-/g, '').slice(0, 8).toUpperCase().split('').join(' ')}`);
      expect(n).toContain('localhost:3998');
    }
    expect(twiml).toContain(
      `<Gather numDigits="1" timeout="10" method="POST" action="${PUBLIC_URL}/v2/webhooks/twilio/voz/${uuid}/tecla"><Say language="pt-BR">Para confirmar que ouviu este aviso, pressione 1.</Say></Gather>`,
    );
    const msg = await messageOf(cod);
    expect(msg).toMatchObject({
      ema_uni_voz: { numberTo: '+5511987654321', name: 'Bruno' },
      ema_uni_creditos: 2,
      ema_status_voz: 'processed',
    });
    const events = await waitFor(
      () => vozEvents(cod),
      (rows) => rows.length === 2,
    );
    expect(events.map((e) => e.evt_tipo)).toEqual(['processed', 'processed']);
    expect(events[0]?.evt_detalhes).toMatchObject({ voz: { numberTo: '+5511987654321' } });
    expect(events[1]?.evt_detalhes).toMatchObject({
      etapa: 'aceite do provedor',
      idProvedor: callSid,
      tentativa: 1,
      twimlSha256: createHash('sha256').update(twiml).digest('hex'),
    });
    expect(callSid).toMatch(/^CA[0-9a-f]{32}$/);
  });
});

describe('AR-Voz: the call', () => {
  it('follows each status, the key pressed and the recording; a repeated callback once; chained and stamped', async () => {
    const { cod, uuid, callSid } = await composeCall('(21) 99876-5432');
    const status = `/webhooks/twilio/voz/${uuid}/status`;
    const base = { CallSid: callSid, AccountSid: SID, To: '+5521998765432', From: VOICE_FROM, ApiVersion: '2010-04-01' };
    const post = async (CallStatus: string, extra: Record<string, string> = {}) =>
      (await twilioPost(status, { ...base, CallStatus, ...extra })).statusCode;
    expect(await post('queued')).toBe(204);
    expect(await post('initiated')).toBe(204);
    expect(await post('ringing')).toBe(204);
    expect((await messageOf(cod)).ema_status_voz).toBe('processed');
    expect(await post('in-progress')).toBe(204);
    expect((await messageOf(cod)).ema_status_voz).toBe('send');
    // The Gather's action: key 1, answered with TwiML thanking.
    const key = await twilioPost(`/webhooks/twilio/voz/${uuid}/tecla`, { ...base, CallStatus: 'in-progress', Digits: '1' });
    expect(key.statusCode).toBe(200);
    expect(key.headers['content-type']).toContain('text/xml');
    expect(key.body).toContain('Sua confirmação foi registrada');
    expect(key.body).toContain('<Hangup/>');
    expect((await messageOf(cod)).ema_status_voz).toBe('acknowledged');
    expect(await post('completed', { CallDuration: '41' })).toBe(204);
    expect(await post('completed', { CallDuration: '41' })).toBe(204);
    // The status stays at the acknowledgment; the completion is kept as evidence.
    expect((await messageOf(cod)).ema_status_voz).toBe('acknowledged');
    // The recording: fetched with the account's Basic auth, stored, its SHA-256 chained.
    const audio = recordingWav('gravação de teste');
    const recordingSid = `RE${randomBytes(16).toString('hex')}`;
    fake.recordings.set(recordingSid, audio);
    const recordingForm = {
      AccountSid: SID,
      CallSid: callSid,
      RecordingSid: recordingSid,
      RecordingUrl: `${fake.url}/2010-04-01/Accounts/${SID}/Recordings/${recordingSid}`,
      RecordingStatus: 'completed',
      RecordingDuration: '38',
      RecordingChannels: '1',
      RecordingSource: 'OutboundAPI',
    };
    expect((await twilioPost(`/webhooks/twilio/voz/${uuid}/gravacao`, recordingForm)).statusCode).toBe(204);
    expect((await twilioPost(`/webhooks/twilio/voz/${uuid}/gravacao`, recordingForm)).statusCode).toBe(204);
    expect(fake.recordingFetches.at(-1)?.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    const sha256 = createHash('sha256').update(audio).digest('hex');
    const stored = (await t.ctx.storage.read(`voz/${uuid}/${recordingSid}.wav`)) as Buffer;
    expect(createHash('sha256').update(stored).digest('hex')).toBe(sha256);

    const events = await vozEvents(cod);
    expect(events.map((e) => [e.evt_tipo, (e.evt_detalhes as { etapa?: string }).etapa ?? null])).toEqual([
      ['processed', null],
      ['processed', 'aceite do provedor'],
      ['processed', 'chamada iniciada'],
      ['processed', 'chamando'],
      ['send', 'chamada atendida'],
      ['acknowledged', null],
      ['delivered', 'chamada concluída'],
      ['processed', 'gravação da chamada'],
    ]);
    expect(events[5]?.evt_detalhes).toMatchObject({ tecla: '1', idProvedor: callSid });
    expect(events[6]?.evt_detalhes).toMatchObject({ duracaoSegundos: 41, payload: { CallStatus: 'completed' } });
    expect(events[7]?.evt_detalhes).toMatchObject({
      gravacao: { id: recordingSid, sha256, tamanho: audio.length, duracaoSegundos: 38, arquivo: `voz/${uuid}/${recordingSid}.wav` },
    });
    expect(await checkChain(t.ctx.db, cod)).toMatchObject({ isIntact: true, firstBroken: null });
    const stamped = await waitFor(
      () => eventsOf(cod),
      (rows) => rows.every((r) => r.car_token),
      60_000,
    );
    expect(stamped.every((r) => r.car_token)).toBe(true);

    // The sent detail's voice panel links the recording's public page.
    const detail = await t.call('GET', `/emails/send/${cod}`, as.ana);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      hasVoice: true,
      voz_payload: { numberTo: '+5521998765432' },
      detalhesVoz: {
        numero: '+5521998765432',
        status: 'acknowledged',
        tentativas: 1,
        linkAtendimento: `${PUBLIC_URL}/emails/info/public/voz/${uuid}`,
        gravacaoSha256: sha256,
      },
      voz_error: null,
    });
    // GET /email/public/voz/{uuid} answers the link; the link downloads the WAV and records the download.
    const link = await t.call('GET', `/email/public/voz/${uuid}`);
    expect(link.statusCode).toBe(200);
    expect(link.json()).toMatchObject({ link: `${PUBLIC_URL}/v2/email/public/voz/${uuid}/gravacao`, numero: '+5521998765432', sha256 });
    const file = await t.app.inject({
      method: 'GET',
      url: `/v2/email/public/voz/${uuid}/gravacao`,
      headers: { 'user-agent': 'Mozilla/5.0' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(sha256);
    const download = (await vozEvents(cod)).at(-1);
    expect(download).toMatchObject({ evt_tipo: 'download', evt_detalhes: { gravacao: recordingSid, sha256 } });
    expect((await messageOf(cod)).ema_status_voz).toBe('acknowledged');
    expect(await checkChain(t.ctx.db, cod)).toMatchObject({ isIntact: true });
    // The sent list's status filter has the voice channel.
    const acknowledged = await t.call(
      'GET',
      `/emails/send?searchStatus=${encodeURIComponent(JSON.stringify({ voz: ['acknowledged'] }))}`,
      as.ana,
    );
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json().emails.map((e: { ema_uni_codigo: number }) => e.ema_uni_codigo)).toContain(cod);
    const failedOnes = await t.call('GET', `/emails/send?searchStatus=${encodeURIComponent(JSON.stringify({ voz: ['erro'] }))}`, as.ana);
    expect(failedOnes.json().emails.map((e: { ema_uni_codigo: number }) => e.ema_uni_codigo)).not.toContain(cod);
    // The public page's AR-Voz tab: the number, the recording's page and hash.
    const page = await t.call('GET', `/emails/info/public/${uuid}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      numberVoz: '+5521998765432',
      voz_error: null,
      linkVoz: `/emails/info/public/voz/${uuid}`,
      gravacaoVozSha256: sha256,
    });
    expect(page.json().statusFull.voz.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['acknowledged']));
    // The tab's status is the call's current one, not the last step recorded (the recording came after).
    expect(page.json().statusVoz).toMatchObject({ type: 'acknowledged', label: 'Confirmado' });
    // The sending proof and the expert report take a message with a call.
    expect((await t.call('PUT', `/emails/sending-proof/${cod}`, as.ana)).statusCode).toBe(200);
    const proof = await t.call('GET', `/emails/sending-proof/${cod}`, as.ana);
    expect(proof.statusCode).toBe(200);
    const vozProof = proof.json().canais.find((c: { canal: string }) => c.canal === 'voz');
    expect(vozProof).toMatchObject({ nome: 'AR-Voz', numero: '+5521998765432', ultimoStatus: { type: 'acknowledged' } });
    // The recording is one of the channel's files, by its hash (docs/proofs.md).
    expect(vozProof.arquivos.map((f: { nome: string; sha256: string }) => [f.nome, f.sha256])).toEqual([['Gravação da chamada', sha256]]);
    expect(vozProof.status.map((x: { type: string }) => x.type)).toEqual(expect.arrayContaining(['send', 'acknowledged', 'delivered']));
    const laudo = await t.app.inject({ method: 'GET', url: `/v2/emails/report/laudo/${cod}`, headers: as.ana });
    expect(laudo.statusCode).toBe(200);
    expect(laudo.headers['content-type']).toContain('application/pdf');
  });

  it('the public voice link is 404 before a recording and for a message without a call', async () => {
    const { uuid } = await composeCall('(11) 98765-1111');
    const none = await t.call('GET', `/email/public/voz/${uuid}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('A gravação desta chamada ainda não está disponível.');
    expect((await t.app.inject({ method: 'GET', url: `/v2/email/public/voz/${uuid}/gravacao` })).statusCode).toBe(404);
    const plain = await t.call('POST', '/emails/send', as.ana, {
      destinataires: [{ to: 'carla@cliente.test', nameTo: 'Carla' }],
      nameFrom: 'Escritório Souza',
      subject: 'Aviso',
      content: '<p>Olá</p>',
    });
    const other = plain.json().emails[0].ema_uni_id as string;
    expect((await t.call('GET', `/email/public/voz/${other}`)).statusCode).toBe(404);
  });

  it('refuses a bad or missing signature with 403 and records nothing; a recording outside Twilio is not fetched', async () => {
    const { cod, uuid, callSid } = await composeCall('(31) 99123-4567');
    await waitFor(
      () => vozEvents(cod),
      (rows) => rows.length === 2,
    );
    const form = { CallSid: callSid, AccountSid: SID, CallStatus: 'completed' };
    expect((await twilioPost(`/webhooks/twilio/voz/${uuid}/status`, form, 'bad')).statusCode).toBe(403);
    expect((await twilioPost(`/webhooks/twilio/voz/${uuid}/status`, form, 'none')).statusCode).toBe(403);
    expect((await twilioPost(`/webhooks/twilio/voz/${uuid}/tecla`, { ...form, Digits: '1' }, 'bad')).statusCode).toBe(403);
    const fetches = fake.recordingFetches.length;
    const outside = { CallSid: callSid, RecordingSid: 'RE00', RecordingUrl: 'http://127.0.0.1:9/x', RecordingStatus: 'completed' };
    expect((await twilioPost(`/webhooks/twilio/voz/${uuid}/gravacao`, outside, 'bad')).statusCode).toBe(403);
    expect((await twilioPost(`/webhooks/twilio/voz/${uuid}/gravacao`, outside)).statusCode).toBe(502);
    expect(fake.recordingFetches.length).toBe(fetches);
    // A signed callback under another message's address does not reach this call.
    const other = await composeCall('(31) 99123-4568');
    expect((await twilioPost(`/webhooks/twilio/voz/${other.uuid}/status`, form)).statusCode).toBe(404);
    expect((await vozEvents(cod)).length).toBe(2);
    expect((await messageOf(cod)).ema_status_voz).toBe('processed');
    const marks = await t.ctx.db.selectFrom('provedor_eventos').select('chave').where('cod_email', '=', cod).execute();
    expect(marks).toEqual([]);
  });

  it('retries a busy line and an unanswered call, each try an event; after the third, erro and the call’s credit back', async () => {
    const before = await t.balance(LOGIN);
    const { cod, uuid, callSid } = await composeCall('(41) 99222-2222');
    expect(await t.balance(LOGIN)).toBe(before - 2);
    const status = `/webhooks/twilio/voz/${uuid}/status`;
    expect((await twilioPost(status, { CallSid: callSid, CallStatus: 'busy', SipResponseCode: '486' })).statusCode).toBe(204);
    const second = await callSidOf(cod, 2);
    expect(second).not.toBe(callSid);
    expect((await twilioPost(status, { CallSid: second, CallStatus: 'no-answer' })).statusCode).toBe(204);
    const third = await callSidOf(cod, 3);
    expect((await twilioPost(status, { CallSid: third, CallStatus: 'busy' })).statusCode).toBe(204);
    expect((await messageOf(cod)).ema_status_voz).toBe('erro');
    // The call's unit comes back; the e-mail's stays paid.
    expect(await t.balance(LOGIN)).toBe(before - 1);
    const events = await vozEvents(cod);
    const tries = events.filter((e) => (e.evt_detalhes as { resultado?: string }).resultado === 'tentativa sem sucesso');
    expect(tries.map((e) => (e.evt_detalhes as { proximaTentativa: number }).proximaTentativa)).toEqual([2, 3]);
    expect(events.filter((e) => (e.evt_detalhes as { etapa?: string }).etapa === 'aceite do provedor')).toHaveLength(3);
    const erro = events.filter((e) => e.evt_tipo === 'erro');
    expect(erro).toHaveLength(1);
    expect(erro[0]?.evt_detalhes).toMatchObject({ reasonFailure: 'AR-Voz: linha ocupada (Twilio busy) após 3 tentativa(s).' });
    expect(fake.received.filter((r) => r.form.To === '+5541992222222')).toHaveLength(3);
    expect(await checkChain(t.ctx.db, cod)).toMatchObject({ isIntact: true });
  });

  it('a failed call ends at once in erro, refunded; a number Twilio refuses (21211) too, without a call', async () => {
    const before = await t.balance(LOGIN);
    const { cod, uuid, callSid } = await composeCall('(51) 99000-0000', '');
    expect(await t.balance(LOGIN)).toBe(before - 1);
    expect(
      (await twilioPost(`/webhooks/twilio/voz/${uuid}/status`, { CallSid: callSid, CallStatus: 'failed', ErrorCode: '32009' })).statusCode,
    ).toBe(204);
    expect((await messageOf(cod)).ema_status_voz).toBe('erro');
    expect(await t.balance(LOGIN)).toBe(before);
    fake.refused.add('+5561991234567');
    const res = await compose('(61) 99123-4567', '');
    expect(res.statusCode).toBe(200);
    const refusedCod = res.json().emails[0].ema_uni_codigo as number;
    await waitFor(
      () => messageOf(refusedCod),
      (m) => m.ema_status_voz === 'erro',
      15_000,
    );
    const erro = (await vozEvents(refusedCod)).find((e) => e.evt_tipo === 'erro');
    expect(JSON.stringify(erro?.evt_detalhes)).toContain('Twilio 21211');
    expect(await t.balance(LOGIN)).toBe(before);
  });
});
