import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PUBLIC_MSG } from '@ar/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSinkApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { buildApp, routesOf } from '../../app.ts';
import { recordEvent } from '../emails/events.ts';
import { ANSWER_COOKIE_PREFIX } from './answer-cookie.ts';
import { ANSWER_TOKEN_SECONDS, issueAnswerToken } from './answer-token.ts';

// The security question on every public route that shows a message or serves one of its files
// (docs/security-answer.md): the answer is asked for, a wrong or
// missing one records nothing, a right one is answered with a cookie bound to the message, and that
// cookie opens the message's routes only, for 30 minutes.

const { app } = useSinkApp({ startQueue: true });
const t = app;

const QUESTION = 'Cor do portão da sua casa?';
const ANSWER = 'Azul Celeste';
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const WAV = Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Message {
  uuid: string;
  code: number;
  attachment: string;
}
/** A: every channel and file; B: another message of the same sender, with its own question and answer. */
let a: Message;
let b: Message;

async function compose(to: string, pergunta: string, resposta: string): Promise<Message> {
  const token = await t.login('usuario@demo.local');
  const up = await t.upload(token, [{ name: `contrato-${to}.pdf`, data: PDF }]);
  const attachment = up.json()[0].uuidFilename as string;
  const sent = await t.send(token, {
    destinataires: [{ to, nameTo: 'Ana', validacaoNotif: { pergunta, resposta } }],
    nameFrom: 'Cobranca Demo',
    subject: 'Notificação extrajudicial',
    content: '<p>Segue a notificação.</p>',
    attachments: [attachment],
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const { ema_uni_id: uuid, ema_uni_codigo: code } = sent.json().emails[0];
  return { uuid, code, attachment };
}

const statusOf = (code: number) =>
  t.ctx.db
    .selectFrom('emails')
    .select(['ema_status_email', 'ema_status_sms', 'ema_status_whatsapp', 'ema_status_voz', 'ema_status_carta'])
    .where('ema_uni_codigo', '=', code)
    .executeTakeFirstOrThrow();
const eventCount = async (code: number) =>
  (await t.ctx.db.selectFrom('email_eventos').select('evt_codigo').where('cod_email', '=', code).execute()).length;
/** What the message holds as evidence: its events and its statuses. */
const recorded = async (code: number) => ({ events: await eventCount(code), status: await statusOf(code) });
/** The wrong answers of these tests would reach the limit (10 per message): each check starts from none. */
const clearLimits = () => t.ctx.db.deleteFrom('limites').execute();

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': PERSON, ...headers } });
const cookieOf = (uuid: string, token: string) => ({ cookie: `${ANSWER_COOKIE_PREFIX}${uuid}=${token}` });
const q = (answer: string) => `?verify=${encodeURIComponent(answer)}`;

beforeAll(async () => {
  await t.ctx.db.updateTable('usuarios').set({ usu_validacao_notificacao: true }).where('usu_login', '=', 'usuario@demo.local').execute();
  a = await compose('ana@cliente.test', QUESTION, ANSWER);
  b = await compose('bia@cliente.test', 'Nome do seu cachorro?', 'Rex');
  for (const m of [a, b])
    await waitFor(
      async () => (await statusOf(m.code)).ema_status_email,
      (s) => s === 'send',
    );
  // A also went by SMS, WhatsApp, a call (with its recording) and a registered letter (with its AR).
  await t.ctx.db
    .updateTable('emails')
    .set({
      ema_uni_sms: JSON.stringify({ number: '+5511987654321', messageContent: 'Aviso' }),
      ema_uni_whatsapp: JSON.stringify({ numberReceived: '+5511987654321', content: 'Aviso' }),
      ema_uni_voz: JSON.stringify({ numberTo: '+5511987654321', name: 'Ana' }),
      ema_uni_carta: JSON.stringify({
        nome: 'Ana',
        endereco: 'Rua das Flores',
        numero: '120',
        complemento: '',
        bairro: 'Centro',
        cidade: 'Curitiba',
        estado: 'PR',
        cep: '80010-000',
      }),
    })
    .where('ema_uni_codigo', '=', a.code)
    .execute();
  await t.ctx.storage.put(`voz/${a.uuid}/RE1.wav`, WAV, 'audio/wav');
  await recordEvent(t.ctx.db, {
    cod_email: a.code,
    canal: 'voz',
    tipo: 'processed',
    ip: null,
    userAgent: null,
    detalhes: {
      etapa: 'gravação da chamada',
      gravacao: { id: 'RE1', sha256: sha256(WAV), tamanho: WAV.length, arquivo: `voz/${a.uuid}/RE1.wav`, duracaoSegundos: 3 },
    },
    affectsStatus: false,
  });
  await t.ctx.storage.put(`cartas/${a.uuid}/carta.pdf`, PDF, 'application/pdf');
  await t.ctx.storage.put(`cartas/${a.uuid}/ar.pdf`, PDF, 'application/pdf');
  await t.ctx.db
    .insertInto('cartas')
    .values({
      cod_email: a.code,
      pdf_chave: `cartas/${a.uuid}/carta.pdf`,
      pdf_sha256: sha256(PDF),
      paginas: 1,
      provedor: 'simulator',
      id_provedor: 'L-1',
      rastreio: 'RA123456785BR',
      ar_chave: `cartas/${a.uuid}/ar.pdf`,
      ar_sha256: sha256(PDF),
      ar_tipo: 'application/pdf',
    })
    .execute();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Each public route that checks the answer, with A's addresses for it. */
const guardedUrls = (m: Message): Record<string, string[]> => ({
  'GET /v2/emails/info/public/:uuid': [`/v2/emails/info/public/${m.uuid}`],
  'GET /v2/emails/info/public/:uuid/track-email/:x': [`/v2/emails/info/public/${m.uuid}/track-email/leitura`],
  'GET /v2/emails/info/public/:uuid/track-sms/:x': [`/v2/emails/info/public/${m.uuid}/track-sms/leitura`],
  'GET /v2/emails/info/public/:uuid/track-whatsapp/:x': [`/v2/emails/info/public/${m.uuid}/track-whatsapp/leitura`],
  'GET /v2/emails/info/public/:uuid/track-accept-email/:x': [`/v2/emails/info/public/${m.uuid}/track-accept-email/aceite`],
  'GET /v2/email/public/attachments/:uuid': [`/v2/email/public/attachments/${m.attachment}`],
  'GET /v2/email/public/voz/:uuid': [`/v2/email/public/voz/${m.uuid}`],
  'GET /v2/email/public/voz/:uuid/gravacao': [`/v2/email/public/voz/${m.uuid}/gravacao`],
  'GET /v2/email/public/carta/:uuid': [`/v2/email/public/carta/${m.uuid}`],
  'GET /v2/email/public/carta/:uuid/:arquivo': [`/v2/email/public/carta/${m.uuid}/carta`, `/v2/email/public/carta/${m.uuid}/ar`],
});
/** The public routes that need no answer, and why. */
const OPEN_ROUTES: Record<string, string> = {
  // The image in the e-mail (track-email/pixel.gif) shares the route of the page's read: tested there with x=leitura.
  'GET /v2/emails/info/public/track-conteudo-link-externo/:lnk': 'a link of the e-mail itself, resolved only to the address it contained',
  'POST /v2/emails/info/public/resposta/:uuid': 'the answer form itself (its own test below)',
};
const allGuarded = (m: Message) => Object.values(guardedUrls(m)).flat();

describe('the security answer on every public route', () => {
  it('knows every public route: each checks the answer or is listed as open with its reason', () => {
    const publicRoutes = routesOf(t.app)
      .filter((r) => /^\/v2\/(emails\/info\/public|email\/public)\//.test(r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.length).toBeGreaterThan(10);
    const unknown = publicRoutes.filter((r) => !(r in guardedUrls(a)) && !(r in OPEN_ROUTES));
    // A new public route must be added to guardedUrls (and so to the tests below) or to OPEN_ROUTES.
    expect(unknown).toEqual([]);
    for (const r of [...Object.keys(guardedUrls(a)), ...Object.keys(OPEN_ROUTES)]) expect(publicRoutes, r).toContain(r);
  });

  it('refuses a missing or a wrong answer on each route (403) and records nothing', async () => {
    // The page as someone who answered saw it, kept in the page cache (page-cache.ts): the question holds for a kept page too.
    const answered = cookieOf(a.uuid, issueAnswerToken(t.config.dataDir, a.uuid).token);
    expect((await get(`/v2/emails/info/public/${a.uuid}`, answered)).statusCode).toBe(200);
    const before = await recorded(a.code);
    for (const url of allGuarded(a)) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(403);
      expect([`not verify: ${QUESTION}`, PUBLIC_MSG.mustVerify], url).toContain(missing.json().message);
      expect(missing.headers['set-cookie'], url).toBeUndefined();
      for (const wrong of ['azul', 'Azul Celest', 'Rex']) {
        await clearLimits();
        const res = await get(`${url}${q(wrong)}`);
        expect(res.statusCode, `${url} ${wrong}`).toBe(403);
        expect([`not verify: ${QUESTION}`, PUBLIC_MSG.invalidAnswer], url).toContain(res.json().message);
        expect(res.headers['set-cookie'], url).toBeUndefined();
      }
      // An empty answer is no answer.
      expect((await get(`${url}?verify=`)).statusCode, url).toBe(403);
      expect(await recorded(a.code), url).toEqual(before);
    }
    await clearLimits();
  });

  it("refuses another message's token, an expired one and a forged one on each route, recording nothing", async () => {
    const before = await recorded(a.code);
    // B answered right: its cookie is for B only.
    const bAnswered = await get(`/v2/emails/info/public/${b.uuid}${q('rex')}`);
    expect(bAnswered.statusCode).toBe(200);
    const bToken = tokenOf(bAnswered.headers['set-cookie'], b.uuid);
    expect((await get(`/v2/emails/info/public/${b.uuid}`, cookieOf(b.uuid, bToken))).statusCode).toBe(200);
    const aToken = issueAnswerToken(t.config.dataDir, a.uuid).token;
    const [expires, mac] = aToken.split('.') as [string, string];
    const otherInstallation = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-outra-'));
    const refused: [string, Record<string, string>][] = [
      // B's token, under its own name and under A's.
      ['token de B', cookieOf(b.uuid, bToken)],
      ['token de B com o nome de A', cookieOf(a.uuid, bToken)],
      // A's own token, issued 31 minutes ago.
      ['expirado', cookieOf(a.uuid, issueAnswerToken(t.config.dataDir, a.uuid, Date.now() - (ANSWER_TOKEN_SECONDS + 60) * 1000).token)],
      // A later expiry under the same signature, another signature, another installation's key, garbage.
      ['validade alterada', cookieOf(a.uuid, `${Number(expires) + 600}.${mac}`)],
      ['assinatura alterada', cookieOf(a.uuid, `${expires}.${mac.slice(0, -2)}AA`)],
      ['outra instalação', cookieOf(a.uuid, issueAnswerToken(otherInstallation, a.uuid).token)],
      ['lixo', cookieOf(a.uuid, 'x'.repeat(300))],
      ['vazio', cookieOf(a.uuid, '')],
    ];
    await fs.rm(otherInstallation, { recursive: true, force: true });
    for (const url of allGuarded(a))
      for (const [what, headers] of refused) {
        const res = await get(url, headers);
        expect(res.statusCode, `${url}: ${what}`).toBe(403);
      }
    expect(await recorded(a.code)).toEqual(before);
    // A's real token opens A (the refusals above were the token's, not the route's).
    expect((await get(`/v2/emails/info/public/${a.uuid}`, cookieOf(a.uuid, aToken))).statusCode).toBe(200);
    // The tokens stand for no answer: B's page with A's right answer is still refused.
    expect((await get(`/v2/emails/info/public/${b.uuid}${q(ANSWER)}`)).statusCode).toBe(403);
    await clearLimits();
  });

  it('answers a right `verify` with the cookie, which opens every route of the message for 30 minutes and no longer', async () => {
    const res = await get(`/v2/emails/info/public/${a.uuid}${q('  azul CELESTE ')}`);
    expect(res.statusCode).toBe(200);
    const cookies = res.headers['set-cookie'] as string[];
    expect(cookies).toHaveLength(2);
    for (const [i, p] of ['/v2/emails/info/public', '/v2/email/public'].entries()) {
      expect(cookies[i]).toMatch(new RegExp(`^${ANSWER_COOKIE_PREFIX}${a.uuid}=\\d+\\.[A-Za-z0-9_-]{43}; `));
      expect(cookies[i]).toContain(`; Path=${p};`);
      expect(cookies[i]).toContain('; Max-Age=1800;');
      expect(cookies[i]).toContain('; HttpOnly; SameSite=Strict');
      // PUBLIC_URL is http here.
      expect(cookies[i]).not.toContain('Secure');
      // The token says nothing of the answer.
      expect(cookies[i].toLowerCase()).not.toContain('azul');
    }
    const token = tokenOf(cookies, a.uuid);
    const events = await eventCount(a.code);
    for (const url of allGuarded(a)) {
      const ok = await get(url, cookieOf(a.uuid, token));
      expect(ok.statusCode, `${url} ${ok.body.slice(0, 200)}`).toBe(200);
      // The cookie needs no renewal: none is sent again.
      expect(ok.headers['set-cookie'], url).toBeUndefined();
      // What a cookie opened, no cache between may keep for the next visitor of the same address.
      expect(ok.headers['cache-control'], url).toMatch(/\bno-store\b/);
    }
    // The reads, the acceptance and the downloads were recorded (4 reads or acceptance, 4 downloads).
    expect(await eventCount(a.code)).toBe(events + 8);
    expect((await statusOf(a.code)).ema_status_email).toBe('acknowledged');
    // Every route also answers the spec's `verify`, with the cookie.
    for (const url of allGuarded(a)) {
      await clearLimits();
      const ok = await get(`${url}${q(ANSWER)}`);
      expect(ok.statusCode, url).toBe(200);
      expect(tokenOf(ok.headers['set-cookie'], a.uuid), url).toMatch(/^\d+\./);
    }
    // 31 minutes later the same cookie opens nothing, and records nothing.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (ANSWER_TOKEN_SECONDS + 60) * 1000);
    const later = await recorded(a.code);
    for (const url of allGuarded(a)) expect((await get(url, cookieOf(a.uuid, token))).statusCode, url).toBe(403);
    expect(await recorded(a.code)).toEqual(later);
  });

  it('the verify page sends the answer in the body: a wrong one is refused and counted, a right one gets the cookie', async () => {
    await clearLimits();
    const post = (uuid: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `/v2/emails/info/public/resposta/${uuid}`, payload: payload as never, headers });
    const before = await recorded(a.code);
    const wrong = await post(a.uuid, { verify: 'verde' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ message: `not verify: ${QUESTION}`, erro: PUBLIC_MSG.invalidAnswer });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const limit = await t.ctx.db.selectFrom('limites').select('lim_contagem').where('lim_chave', '=', a.uuid).execute();
    expect(limit).toHaveLength(1);
    // A valid cookie does not make a wrong answer right.
    const valid = cookieOf(a.uuid, issueAnswerToken(t.config.dataDir, a.uuid).token);
    expect((await post(a.uuid, { verify: 'verde' }, valid)).statusCode).toBe(403);
    // Bad input: 400 in Portuguese, never 500.
    for (const payload of [{}, { verify: '' }, { verify: '   ' }, { verify: 'x'.repeat(201) }, { verify: 12 }, []]) {
      const res = await post(a.uuid, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toMatch(/resposta|caracteres|esperado|inválid/i);
    }
    // Not JSON (a form posted by another site, say): refused before anything is read.
    const text = await post(a.uuid, 'verify=azul', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ message: 'Entrada inválida: esperava um objeto, recebeu um texto' });
    const form = await post(a.uuid, 'verify=azul', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.json()).toEqual({ message: 'Requisição inválida.' });
    expect(form.statusCode).toBe(415);
    expect((await post('00000000-0000-4000-8000-000000000000', { verify: 'x' })).statusCode).toBe(404);
    expect((await post('nao-e-uuid', { verify: 'x' })).statusCode).toBe(404);
    expect(await recorded(a.code)).toEqual(before);
    const right = await post(a.uuid, { verify: ANSWER.toUpperCase() });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ message: PUBLIC_MSG.answerAccepted });
    const token = tokenOf(right.headers['set-cookie'], a.uuid);
    expect((await get(`/v2/email/public/carta/${a.uuid}/carta`, cookieOf(a.uuid, token))).statusCode).toBe(200);
    // Answering records nothing by itself; the download above did.
    expect(await eventCount(a.code)).toBe(before.events + 1);
    await clearLimits();
  });

  it('a valid cookie is not held back by the wrong-answer limit; the answer itself is', async () => {
    await clearLimits();
    let res = await get(`/v2/emails/info/public/${a.uuid}${q('errada')}`);
    for (let i = 0; i < 12 && res.statusCode !== 429; i++) res = await get(`/v2/emails/info/public/${a.uuid}${q('errada')}`);
    expect(res.statusCode).toBe(429);
    expect((await get(`/v2/emails/info/public/${a.uuid}${q(ANSWER)}`)).statusCode).toBe(429);
    const token = issueAnswerToken(t.config.dataDir, a.uuid).token;
    expect((await get(`/v2/emails/info/public/${a.uuid}`, cookieOf(a.uuid, token))).statusCode).toBe(200);
    await clearLimits();
  });

  it("finds the message's cookie among the many a visitor who answered many messages holds", async () => {
    const others = Array.from({ length: 80 }, () => {
      const uuid = crypto.randomUUID();
      return `${ANSWER_COOKIE_PREFIX}${uuid}=${issueAnswerToken(t.config.dataDir, uuid).token}`;
    });
    const token = issueAnswerToken(t.config.dataDir, a.uuid).token;
    const res = await get(`/v2/email/public/carta/${a.uuid}`, {
      cookie: [...others, `${ANSWER_COOKIE_PREFIX}${a.uuid}=${token}`].join('; '),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('documents the answer form: the answer in the body, no session, its cookie and its refusals, at a path no other can be taken for', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v2/docs' })).json();
    const path = '/v2/emails/info/public/resposta/{uuid}';
    const op = doc.paths[path]?.post;
    expect(op.requestBody.content['application/json'].schema).toMatchObject({
      required: ['verify'],
      properties: { verify: { maxLength: 200 } },
    });
    expect(op.parameters.map((p: { in: string }) => p.in)).toEqual(['path']);
    expect(op.security).toEqual([]);
    for (const said of ['ar_resposta_{uuid}', 'HttpOnly', '403', '429']) expect(op.description).toContain(said);
    // Two paths are taken for one another when each of their segments could match the other's.
    const segments = (p: string) => p.split('/');
    const param = (s: string) => s.startsWith('{');
    const same = Object.keys(doc.paths).filter(
      (other) =>
        other !== path &&
        segments(other).length === segments(path).length &&
        segments(other).every((s, i) => s === segments(path)[i] || param(s) || param(segments(path)[i] as string)),
    );
    expect(same).toEqual([]);
  });
});

describe('the request log', () => {
  it('never holds the security answer of a URL', async () => {
    const lines: string[] = [];
    const logged = await buildApp(t.ctx, {
      logger: { level: 'debug', stream: { write: (line: string) => lines.push(line) } },
      serveWeb: false,
    });
    try {
      const secret = 'Girassol Verde 42';
      const urls = [
        `/v2/emails/info/public/${a.uuid}${q(secret)}`,
        `/v2/emails/info/public/${a.uuid}/track-accept-email/aceite?idioma=pt-BR${q(secret).replace('?', '&')}&tela=1x1`,
        `/v2/email/public/attachments/${a.attachment}?Verify=${encodeURIComponent(secret)}`,
        `/v2/email/public/carta/${a.uuid}/carta?ver%69fy=${encodeURIComponent(secret)}`,
        `/v2/email/public/voz/${a.uuid}?verify=${secret.replace(/ /g, '+')}&verify=${encodeURIComponent(secret)}`,
        `/v2/nao-existe?verify=${encodeURIComponent(secret)}#x`,
        `/emails/info/public/${a.uuid}?email=1&verify=${encodeURIComponent(secret)}`,
      ];
      for (const url of urls) await logged.inject({ method: 'GET', url, headers: { 'user-agent': PERSON } });
      await logged.inject({
        method: 'POST',
        url: `/v2/emails/info/public/resposta/${a.uuid}`,
        payload: { verify: secret },
        headers: { 'user-agent': PERSON },
      });
      const text = lines.join('\n');
      // Every request was logged, with its URL.
      expect(lines.filter((l) => l.includes('"incoming request"')).length).toBe(urls.length + 1);
      expect(text).toContain(`/v2/emails/info/public/${a.uuid}?verify=[oculto]`);
      expect(text).toContain('&tela=1x1');
      expect(text).toContain('?Verify=[oculto]');
      expect(text).toContain('?ver%69fy=[oculto]');
      for (const form of [secret, encodeURIComponent(secret), secret.replace(/ /g, '+'), 'Girassol', 'girassol'])
        expect(text, form).not.toContain(form);
    } finally {
      await logged.close();
    }
    await clearLimits();
  });
});

/** The token of message `uuid` in a response's Set-Cookie headers. */
function tokenOf(setCookie: string | string[] | undefined, uuid: string): string {
  const all = [setCookie ?? []].flat();
  const found = all.map((c) => new RegExp(`^${ANSWER_COOKIE_PREFIX}${uuid}=([^;]+);`).exec(c)?.[1]).find(Boolean);
  if (!found) throw new Error(`no answer cookie for ${uuid} in ${JSON.stringify(setCookie)}`);
  return found;
}
