import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, type TestApp, useTestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-reader.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { checkChain } from '../evidence/chain-check.ts';

/**
 * TRUST_PROXY (docs/security.md): the address written into the evidence is the socket's unless the
 * operator names the proxies that may forward one. Rio de Janeiro is the real visitor; the forged
 * header claims São Paulo.
 */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const REAL = '200.147.67.142'; // Rio de Janeiro (DB-IP)
const FORGED = '177.71.128.21'; // São Paulo (DB-IP)

async function sentMessage(t: TestApp) {
  await t.ctx.db
    .updateTable('usuarios')
    .set({ usu_visualizar_geolocalizacao: true })
    .where('usu_login', '=', 'usuario@demo.local')
    .execute();
  const token = await t.login('usuario@demo.local');
  const sent = await t.send(token, {
    destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana' }],
    nameFrom: 'Cobranca Demo',
    subject: 'Notificação',
    content: '<p>Prezada Ana, segue a notificação.</p>',
  });
  expect(sent.statusCode).toBe(200);
  const { ema_uni_id: uuid, ema_uni_codigo: code } = sent.json().emails[0] as { ema_uni_id: string; ema_uni_codigo: number };
  await waitFor(
    () => t.ctx.db.selectFrom('emails').select('ema_status_email').where('ema_uni_codigo', '=', code).executeTakeFirstOrThrow(),
    (m) => m.ema_status_email === 'send',
  );
  return { token, uuid, code };
}

/** A person opens the public page minutes after the delivery (sooner is taken for a scanner). */
async function read(t: TestApp, uuid: string, headers: Record<string, string>, remoteAddress?: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 10 * 60_000);
  const res = await t.app.inject({
    method: 'GET',
    url: `/v2/emails/info/public/${uuid}/track-email/leitura`,
    headers: { 'user-agent': BROWSER, ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  vi.useRealTimers();
  expect(res.json()).toMatchObject({ registrado: true, classificacao: 'pessoa' });
}

const readEvents = (t: TestApp, code: number) =>
  t.ctx.db
    .selectFrom('email_eventos')
    .select(['evt_ip', 'evt_cidade', 'evt_detalhes'])
    .where('cod_email', '=', code)
    .where('evt_tipo', '=', 'read')
    .orderBy('evt_seq')
    .execute();

afterEach(() => {
  vi.useRealTimers();
});

describe('without TRUST_PROXY', () => {
  const app = useTestApp({}, { startQueue: true });
  let t: TestApp;
  let msg: Awaited<ReturnType<typeof sentMessage>>;

  beforeAll(async () => {
    t = app.t;
    expect(t.config.trustProxy).toBe(false);
    msg = await sentMessage(t);
    await read(t, msg.uuid, { 'x-forwarded-for': FORGED }, REAL);
  }, 60_000);

  it('records the socket address in the event and ignores the forged header', async () => {
    const [event] = await readEvents(t, msg.code);
    expect(event?.evt_ip).toBe(REAL);
    expect(event?.evt_cidade).toBe('Rio de Janeiro');
    expect(JSON.stringify(event?.evt_detalhes)).not.toContain(FORGED);
    expect(event?.evt_detalhes).not.toHaveProperty('xForwardedFor');
    expect((await checkChain(t.ctx.db, msg.code))?.isIntact).toBe(true);
  });

  it('shows the socket address on the public page API, never the forged one', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v2/emails/info/public/${msg.uuid}` });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.detalhesLeitura.ipLeitura).toBe(REAL);
    expect(page.clickTracking).toEqual([expect.objectContaining({ ip: REAL, city: 'Rio de Janeiro', acao: 'leitura' })]);
    expect(res.body).not.toContain(FORGED);
    expect(res.body).not.toContain('São Paulo');
  });

  it('writes the socket address into the expert report, never the forged one', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v2/emails/report/laudo/${msg.code}`, headers: bearer(msg.token) });
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`IP ${REAL}`);
    expect(text).toContain('Rio de Janeiro / Rio de Janeiro / BR');
    expect(text).not.toContain(FORGED);
    expect(text).not.toContain('X-Forwarded-For recebido');
  });
});

describe('with TRUST_PROXY=127.0.0.1', () => {
  const app = useTestApp({ TRUST_PROXY: '127.0.0.1' }, { startQueue: true });
  let t: TestApp;
  let msg: Awaited<ReturnType<typeof sentMessage>>;
  // The client wrote FORGED itself; the proxy at 127.0.0.1 appended the address it saw (REAL).
  const HEADER = `${FORGED}, ${REAL}`;

  beforeAll(async () => {
    t = app.t;
    msg = await sentMessage(t);
    await read(t, msg.uuid, { 'x-forwarded-for': HEADER }); // from 127.0.0.1, the inject default
    await read(t, msg.uuid, { 'x-forwarded-for': FORGED }, '198.51.100.9'); // straight from an untrusted address
  }, 60_000);

  it('uses the address the trusted proxy saw, and records its header as received and the connection', async () => {
    const [viaProxy, direct] = await readEvents(t, msg.code);
    expect(viaProxy?.evt_ip).toBe(REAL);
    expect(viaProxy?.evt_cidade).toBe('Rio de Janeiro');
    expect(viaProxy?.evt_detalhes).toMatchObject({ xForwardedFor: HEADER, ipConexao: '127.0.0.1' });
    // A header from a connection that is not a trusted proxy is ignored, and not recorded as forwarded.
    expect(direct?.evt_ip).toBe('198.51.100.9');
    expect(direct?.evt_detalhes).not.toHaveProperty('xForwardedFor');
    expect((await checkChain(t.ctx.db, msg.code))?.isIntact).toBe(true);
  });

  it('prints the forwarded header in the expert report', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v2/emails/report/laudo/${msg.code}`, headers: bearer(msg.token) });
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`X-Forwarded-For recebido ${HEADER} (conexão de 127.0.0.1)`);
  });
});
