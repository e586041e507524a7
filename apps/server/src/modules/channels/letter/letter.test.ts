import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUBLIC_LETTER_MSG, s10CheckDigit } from '@ar/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { pdfQrCodes, pdfText } from '../../../../test/pdf-reader.ts';
import { checkDss, checkPdfSignature, installationTrust } from '../../../../test/pdf-signature.ts';
import { checkPdfA } from '../../../../test/pdfa.ts';
import { waitFor } from '../../../../test/smtp-sink.ts';
import { checkChain } from '../../evidence/chain-check.ts';
import { letterSignature } from './http-letter.ts';
import { LETTER_QUIET_MS, trackQuietLetters } from './letter.service.ts';

// AR-Carta end to end through the API, with a fake letter provider on a local port speaking
// docs/letter-provider.openapi.yaml: the real submission (JSON, the PDF in base64, the key and the
// idempotency key) and the real signed tracking callbacks.
const KEY = 'letter-test-api-key-0123456789';
const SECRET = 'letter-test-webhook-secret-0123456789';
const PUBLIC_URL = 'http://localhost:3999';
/** A digital AR the fake provider serves by address (an AR sent by URL, fetched and checked by the product). */
const RECEIPT_BY_URL = Buffer.from('%PDF-1.4 AR digital servido por endereço');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Submission {
  apiKey: string | undefined;
  idempotencyKey: string | undefined;
  body: {
    reference: string;
    document: { contentType: string; sha256: string; pages: number; content: string };
    recipient: Record<string, unknown>;
    service: string;
    callbackUrl: string;
  };
}

/** POST /letters as a provider answers it: 401 without the key, 422 for an address it will not serve, 201 with its id. */
function startFakeProvider() {
  const received: Submission[] = [];
  /** GET /letters/{id}: each letter's tracking as this provider has it (a 500 for an id in `failing`). */
  const tracking = new Map<string, unknown[]>();
  const failing = new Set<string>();
  const asks = new Map<string, number>();
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && req.url === '/ar/recibo.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end(RECEIPT_BY_URL);
      }
      const asked = /^\/letters\/([^/]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && asked) {
        if (req.headers['x-api-key'] !== KEY) return json(401, { message: 'Chave de API inválida.' });
        const id = decodeURIComponent(asked[1] as string);
        asks.set(id, (asks.get(id) ?? 0) + 1);
        if (failing.has(id)) return json(500, { message: 'Indisponível.' });
        const events = tracking.get(id);
        return events ? json(200, { id, status: 'em_transito', events }) : json(404, { message: 'Carta não encontrada.' });
      }
      if (req.method !== 'POST' || req.url !== '/letters') return json(404, { message: 'Não encontrado.' });
      if (req.headers['x-api-key'] !== KEY) return json(401, { message: 'Chave de API inválida.' });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Submission['body'];
      received.push({ apiKey: req.headers['x-api-key'], idempotencyKey: req.headers['idempotency-key'] as string, body });
      if (body.recipient.nome === 'Endereço Recusado') return json(422, { message: 'Endereço fora da área de atendimento.' });
      n++;
      json(201, { id: `L-${n}-${body.reference}`, status: 'recebida' });
    });
  });
  return new Promise<{
    url: string;
    received: Submission[];
    tracking: Map<string, unknown[]>;
    failing: Set<string>;
    asks: Map<string, number>;
    close: () => Promise<void>;
  }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        received,
        tracking,
        failing,
        asks,
        close: () => new Promise((r) => server.close(() => r())),
      });
    }),
  );
}

/** The installation's return address, printed on the letter after the sender's name. */
const RETURN_ADDRESS = 'Caixa Postal 1234, 01000-000 São Paulo - SP';
const env: Record<string, string> = {
  LETTER_PROVIDER: 'http',
  LETTER_API_KEY: KEY,
  LETTER_WEBHOOK_SECRET: SECRET,
  LETTER_RETURN_ADDRESS: RETURN_ADDRESS,
  PUBLIC_URL,
};
let fake: Awaited<ReturnType<typeof startFakeProvider>>;
beforeAll(async () => {
  fake = await startFakeProvider();
  env.LETTER_API_URL = fake.url;
});
afterAll(async () => {
  await fake?.close();
});

const t = useTestApp(env, { startQueue: true });
const as = t.signIns({ ana: 'usuario@demo.local' });

const address = {
  nome: 'Bruno Lima',
  endereco: 'Rua das Flores',
  numero: '120',
  complemento: 'Apto 31',
  bairro: 'Centro',
  cidade: 'Curitiba',
  estado: 'PR',
  cep: '80010-000',
};

let serial = 40_000_000;
/** A valid S10 code of the Correios. */
function s10(): string {
  const digits = String(++serial);
  return `RA${digits}${s10CheckDigit(digits)}BR`;
}

/** Posts a tracking callback to the product as the provider does, signed with `secret`. */
function callback(events: unknown[], secret = SECRET) {
  const body = JSON.stringify({ events });
  return t.app.inject({
    method: 'POST',
    url: '/v2/webhooks/letter',
    headers: { 'content-type': 'application/json', 'x-letter-signature': letterSignature(secret, body) },
    payload: body,
  });
}

const eventsOf = (cod_email: number) =>
  t.ctx.db
    .selectFrom('email_eventos')
    .select(['evt_canal', 'evt_tipo', 'evt_detalhes'])
    .where('cod_email', '=', cod_email)
    .orderBy('evt_seq')
    .execute();
/** The letter's own events: the e-mail of the same message is sent meanwhile and adds its own. */
const letterEventsOf = async (cod_email: number) => (await eventsOf(cod_email)).filter((e) => e.evt_canal === 'carta');

const eventsOfType = (cod_email: number, canal: 'email' | 'carta', tipo: string) =>
  t.ctx.db
    .selectFrom('email_eventos')
    .select(['evt_data'])
    .where('cod_email', '=', cod_email)
    .where('evt_canal', '=', canal)
    .where('evt_tipo', '=', tipo)
    .orderBy('evt_seq')
    .execute();

/** A person's browser (docs/reads.md: only a person's download is a status the sender sees). */
const PERSON = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const messageOf = (cod_email: number) =>
  t.ctx.db
    .selectFrom('emails')
    .select(['ema_status_carta', 'ema_status_email', 'ema_uni_carta', 'ema_uni_creditos'])
    .where('ema_uni_codigo', '=', cod_email)
    .executeTakeFirstOrThrow();

const letterOf = (cod_email: number) => t.ctx.db.selectFrom('cartas').selectAll().where('cod_email', '=', cod_email).executeTakeFirst();

/** Composes an e-mail with a letter through the API and waits for the provider's acceptance. */
async function composeLetter(carta: Record<string, unknown> = address) {
  const res = await t.call('POST', '/emails/send', as.ana, {
    destinataires: [{ to: 'bruno@cliente.test', nameTo: 'Bruno', carta }],
    nameFrom: 'Escritório Souza',
    subject: 'Notificação extrajudicial',
    content: '<p>Prezado Bruno, segue a notificação.</p>',
  });
  expect(res.statusCode, res.body).toBe(200);
  const { ema_uni_codigo: cod, ema_uni_id: uuid } = res.json().emails[0] as { ema_uni_codigo: number; ema_uni_id: string };
  const submission = (await waitFor(
    () => fake.received.find((r) => r.idempotencyKey === uuid),
    (r) => !!r,
  )) as Submission;
  return { cod, uuid, submission, creditos: res.json().creditos as number };
}

const acceptedId = async (cod: number) =>
  (
    await waitFor(
      () => letterOf(cod),
      (row) => !!row?.id_provedor,
    )
  )?.id_provedor as string;

const event = (letterId: string, id: string, status: string, code: string, extra: Record<string, unknown> = {}) => ({
  id,
  letterId,
  status,
  trackingCode: code,
  occurredAt: new Date().toISOString(),
  location: 'CDD Curitiba',
  ...extra,
});

describe('AR-Carta through the HTTP letter provider', () => {
  it('submits the letter PDF it stored, hashed, with the address, the key and the idempotency key; the acceptance is chained', async () => {
    const before = await t.balance('usuario@demo.local');
    const { cod, uuid, submission, creditos } = await composeLetter();
    expect(creditos).toBe(2);
    expect(await t.balance('usuario@demo.local')).toBe(before - 2);
    expect(submission.apiKey).toBe(KEY);
    expect(submission.body).toMatchObject({
      reference: String(cod),
      service: 'carta_registrada_ar_digital',
      callbackUrl: `${PUBLIC_URL}/v2/webhooks/letter`,
      recipient: { ...address, cep: '80010000' },
    });
    const pdf = Buffer.from(submission.body.document.content, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(submission.body.document.sha256).toBe(sha256(pdf));
    // What the provider prints, read as its reader reads it: this message's protocol, address and
    // text, and a QR code that opens this message's public page on this installation.
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const s of [`Protocolo nº ${cod}`, uuid, 'Bruno Lima', 'Rua das Flores, 120 - Apto 31', '80010-000 Curitiba - PR'])
      expect(text).toContain(s);
    // The return line: the sender's name, then the installation's return address.
    expect(text).toContain(`Remetente: Escritório Souza · ${RETURN_ADDRESS}`);
    expect(text).toContain('Notificação extrajudicial');
    expect(text).toContain('Prezado Bruno, segue a notificação.');
    expect(await pdfQrCodes(pdf)).toEqual([`${PUBLIC_URL}/emails/info/public/${uuid}`]);
    // Signed (PAdES) before it was hashed and sent: poppler and OpenSSL verify it and its time stamp.
    const signed = await checkPdfSignature(pdf, await installationTrust(t.ctx.config));
    expect(signed.pdfsig).toContain('Signature is Valid');
    expect(signed.pdfsig).toContain('ETSI.CAdES.detached');
    expect(signed.cmsError).toBe('');
    expect(signed.cmsVerified).toBe(true);
    expect(signed.tokenVerified).toBe(true);
    const dss = await checkDss(pdf, (await installationTrust(t.ctx.config)).caPem);
    expect([dss.counts?.crls, dss.verified]).toEqual([1, true]);
    // And PDF/A-3b, as the proofs: the XMP identification, every font embedded, the sRGB output intent.
    const a = await checkPdfA(pdf);
    expect(a.xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(a.fonts.length).toBeGreaterThan(0);
    expect(a.fonts.filter((f) => !f.embedded)).toEqual([]);
    expect(a.outputIntent).toContain('/S /GTS_PDFA1');
    expect(a.qpdfOk).toBe(true);
    // One byte of the letter changed: neither verifies.
    const changed = Buffer.from(pdf);
    changed[changed.indexOf('/Title') + 8] ^= 0x01;
    const bad = await checkPdfSignature(changed, await installationTrust(t.ctx.config));
    expect(bad.pdfsig).not.toContain('Signature is Valid');
    expect(bad.cmsVerified).toBe(false);
    const id = await acceptedId(cod);
    const letter = await letterOf(cod);
    // The PDF sent is the one stored, under its hash.
    expect(letter).toMatchObject({ pdf_sha256: sha256(pdf), paginas: submission.body.document.pages, provedor: 'http', rastreio: null });
    expect(sha256((await t.ctx.storage.read(letter?.pdf_chave as string)) as Buffer)).toBe(sha256(pdf));
    const events = await waitFor(
      () => eventsOf(cod),
      (rows) => rows.filter((r) => r.evt_canal === 'carta').length === 2,
    );
    expect(events.filter((e) => e.evt_canal === 'carta').map((e) => e.evt_tipo)).toEqual(['processed', 'processed']);
    expect(events.find((e) => e.evt_canal === 'carta' && (e.evt_detalhes as { etapa?: string }).etapa)?.evt_detalhes).toMatchObject({
      etapa: 'aceite do provedor',
      provedor: 'http',
      idProvedor: id,
      pdfSha256: sha256(pdf),
    });
    expect((await messageOf(cod)).ema_status_carta).toBe('processed');
    expect(uuid).toBe(submission.idempotencyKey);
  }, 90_000);

  it('records each tracking step once: postado → Enviado with the S10 code, in transit kept, entregue → Entregue with the digital AR stored by its hash', async () => {
    const { cod, uuid } = await composeLetter();
    const id = await acceptedId(cod);
    const code = s10();
    const postado = event(id, `${id}-1`, 'postado', code.toLowerCase().replace(/^(..)/, '$1 '));
    expect((await callback([postado])).statusCode).toBe(204);
    expect((await messageOf(cod)).ema_status_carta).toBe('send');
    expect((await letterOf(cod))?.rastreio).toBe(code);
    // The same event again (the provider retries): nothing more.
    expect((await callback([postado])).statusCode).toBe(204);
    expect(
      (await callback([event(id, `${id}-2`, 'em_transito', code), event(id, `${id}-3`, 'saiu_para_entrega', code, { location: null })]))
        .statusCode,
    ).toBe(204);
    expect((await messageOf(cod)).ema_status_carta).toBe('send');
    const ar = Buffer.from('%PDF-1.4 AR digital assinado por Bruno Lima');
    const entregue = event(id, `${id}-4`, 'entregue', code, {
      receipt: { contentType: 'application/pdf', content: ar.toString('base64'), sha256: sha256(ar) },
    });
    expect((await callback([entregue])).statusCode).toBe(204);
    expect((await messageOf(cod)).ema_status_carta).toBe('delivered');
    const letter = await letterOf(cod);
    expect(letter).toMatchObject({ ar_sha256: sha256(ar), ar_tipo: 'application/pdf' });
    expect((await t.ctx.storage.read(letter?.ar_chave as string))?.equals(ar)).toBe(true);
    const carta = (await eventsOf(cod)).filter((e) => e.evt_canal === 'carta');
    expect(carta.map((e) => [e.evt_tipo, (e.evt_detalhes as { etapa?: string }).etapa ?? null])).toEqual([
      ['processed', null],
      ['processed', 'aceite do provedor'],
      ['send', 'Postado'],
      ['processed', 'Em trânsito'],
      ['processed', 'Saiu para entrega'],
      ['delivered', 'Entregue'],
    ]);
    // The AR's bytes are a file; the chained event names their hash and size.
    expect(carta[5]?.evt_detalhes).toMatchObject({
      rastreio: code,
      arSha256: sha256(ar),
      payload: { receipt: { sha256: sha256(ar), bytes: ar.length } },
    });
    expect(JSON.stringify(carta[5]?.evt_detalhes)).not.toContain(ar.toString('base64'));
    expect(await checkChain(t.ctx.db, cod)).toMatchObject({ isIntact: true, firstBroken: null });
    // The sent detail's letter panel, and the recipient's letter: the PDF as submitted, the AR as received.
    const detail = await t.call('GET', `/emails/send/${cod}`, as.ana);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      hasCartas: true,
      carta: { rastreio: code, endereco: ['Bruno Lima', 'Rua das Flores, 120 - Apto 31', 'Centro', '80010-000 Curitiba - PR'] },
      carta_error: null,
      linkArCartaComprovante: `/emails/info/public/carta/${uuid}`,
    });
    expect(detail.json().lastStatus.carta).toMatchObject({ type: 'delivered' });
    // The steps on the way are shown by their name, not as a second 'Processado'.
    expect(detail.json().status.carta.map((e: { label: string }) => e.label)).toEqual([
      'Processado',
      'Aceito pelo provedor',
      'Enviado',
      'Em trânsito',
      'Saiu para entrega',
      'Entregue',
    ]);
    const pub = await t.call('GET', `/email/public/carta/${uuid}`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual({
      status: 'delivered',
      rastreio: code,
      link: `/v2/email/public/carta/${uuid}/carta`,
      sha256: letter?.pdf_sha256,
      paginas: letter?.paginas,
      linkAr: `/v2/email/public/carta/${uuid}/ar`,
      arSha256: sha256(ar),
    });
    // A person downloads both (a browser, past the moments after the e-mail's delivery in which a
    // fetch is a link scanner's, docs/reads.md): each file is a download of the letter channel.
    const sentAt = (await eventsOfType(cod, 'email', 'send'))[0]?.evt_data;
    if (sentAt) await new Promise((r) => setTimeout(r, Math.max(0, new Date(sentAt).getTime() + 5_500 - Date.now())));
    const headers = { 'user-agent': PERSON };
    const pdf = await t.app.inject({ method: 'GET', url: pub.json().link, headers });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(sha256(pdf.rawPayload)).toBe(letter?.pdf_sha256);
    const arFile = await t.app.inject({ method: 'GET', url: pub.json().linkAr, headers });
    expect(arFile.rawPayload.equals(ar)).toBe(true);
    const downloads = (await eventsOf(cod)).filter((e) => e.evt_canal === 'carta' && e.evt_tipo === 'download');
    expect(downloads.map((e) => e.evt_detalhes)).toMatchObject([
      { arquivo: 'carta', sha256: letter?.pdf_sha256, classificacao: 'pessoa' },
      { arquivo: 'ar', sha256: sha256(ar), classificacao: 'pessoa' },
    ]);
    // The sender sees them by what was downloaded; the letter's status stays Entregue.
    const after = (await t.call('GET', `/emails/send/${cod}`, as.ana)).json();
    expect(after.status.carta.slice(-2).map((e: { label: string }) => e.label)).toEqual(['Carta baixada', 'AR digital baixado']);
    expect(after.lastStatus.carta).toMatchObject({ type: 'delivered' });
    expect(await checkChain(t.ctx.db, cod)).toMatchObject({ isIntact: true, firstBroken: null });
  });

  it('the public letter: a message without one, a letter not yet delivered (no AR), an unknown file', async () => {
    const plain = await t.call('POST', '/emails/send', as.ana, {
      destinataires: [{ to: 'bruno@cliente.test', nameTo: 'Bruno' }],
      nameFrom: 'Escritório Souza',
      subject: 'Aviso',
      content: '<p>Aviso</p>',
    });
    const plainUuid = plain.json().emails[0].ema_uni_id as string;
    const none = await t.call('GET', `/email/public/carta/${plainUuid}`);
    expect([none.statusCode, none.json().message]).toEqual([404, PUBLIC_LETTER_MSG.none]);
    const detail = await t.call('GET', `/emails/send/${plain.json().emails[0].ema_uni_codigo}`, as.ana);
    expect(detail.json()).toMatchObject({ hasCartas: false, carta: null, linkArCartaComprovante: null });
    const { cod, uuid } = await composeLetter();
    await acceptedId(cod);
    const pub = await t.call('GET', `/email/public/carta/${uuid}`);
    expect(pub.json()).toMatchObject({ status: 'processed', rastreio: null, linkAr: null, arSha256: null });
    const noAr = await t.call('GET', `/email/public/carta/${uuid}/ar`);
    expect([noAr.statusCode, noAr.json().message]).toEqual([404, PUBLIC_LETTER_MSG.noReceipt]);
    // A file other than the letter and its AR is no path at all (a bad path answers 404).
    expect((await t.call('GET', `/email/public/carta/${uuid}/outro`)).statusCode).toBe(404);
  });

  it('devolvido ends the letter in erro with the reason, and gives its credit back once', async () => {
    const before = await t.balance('usuario@demo.local');
    const { cod } = await composeLetter();
    expect(await t.balance('usuario@demo.local')).toBe(before - 2);
    const id = await acceptedId(cod);
    const code = s10();
    expect((await callback([event(id, `${id}-1`, 'postado', code)])).statusCode).toBe(204);
    const devolvido = event(id, `${id}-2`, 'devolvido', code, { reason: 'Mudou-se' });
    expect((await callback([devolvido])).statusCode).toBe(204);
    expect((await messageOf(cod)).ema_status_carta).toBe('erro');
    expect(await t.balance('usuario@demo.local')).toBe(before - 1);
    // Another return report: recorded, nothing more given back.
    expect((await callback([{ ...devolvido, id: `${id}-3` }])).statusCode).toBe(204);
    expect(await t.balance('usuario@demo.local')).toBe(before - 1);
    const erro = (await eventsOf(cod)).find((e) => e.evt_canal === 'carta' && e.evt_tipo === 'erro');
    expect(erro?.evt_detalhes).toMatchObject({ reasonFailure: 'Mudou-se', rastreio: code, etapa: 'Devolvido' });
    // The sent list filters by the letter's statuses reached and shows its current one.
    const list = await t.call(
      'GET',
      `/emails/send?limit=50&searchStatus=${encodeURIComponent(JSON.stringify({ carta: ['erro'] }))}`,
      as.ana,
    );
    expect(list.statusCode).toBe(200);
    const rows = list.json().emails as { ema_uni_codigo: number; lastStatus: Record<string, { type: string } | null> }[];
    expect(rows.map((r) => r.ema_uni_codigo)).toContain(cod);
    expect(rows.find((r) => r.ema_uni_codigo === cod)?.lastStatus.carta).toMatchObject({ type: 'erro' });
    const delivered = await t.call(
      'GET',
      `/emails/send?limit=50&searchStatus=${encodeURIComponent(JSON.stringify({ carta: ['delivered'] }))}`,
      as.ana,
    );
    expect((delivered.json().emails as { ema_uni_codigo: number }[]).map((r) => r.ema_uni_codigo)).not.toContain(cod);
    // The e-mail goes on: the letter's failure is the letter's.
    expect((await messageOf(cod)).ema_status_email).not.toBe('erro');
    expect(await checkChain(t.ctx.db, cod)).toMatchObject({ isIntact: true, firstBroken: null });
  });

  it('refuses a bad signature (403) and an invalid S10 code (400) with nothing recorded', async () => {
    const { cod } = await composeLetter();
    const id = await acceptedId(cod);
    const before = await letterEventsOf(cod);
    const forged = await callback([event(id, `${id}-1`, 'postado', s10())], 'another-secret-0123456789');
    expect([forged.statusCode, forged.json().message]).toEqual([403, 'Assinatura do provedor inválida.']);
    const digits = String(++serial);
    const wrongDigit = `RA${digits}${(s10CheckDigit(digits) + 1) % 10}BR`;
    const bad = await callback([event(id, `${id}-1`, 'postado', wrongDigit)]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('código de rastreamento inválido');
    // One bad event refuses the whole callback, the good one with it.
    const mixed = await callback([event(id, `${id}-1`, 'postado', s10()), event(id, `${id}-2`, 'em_transito', 'XX123BR')]);
    expect(mixed.statusCode).toBe(400);
    expect(await letterEventsOf(cod)).toEqual(before);
    expect((await messageOf(cod)).ema_status_carta).toBe('processed');
    expect((await letterOf(cod))?.rastreio).toBeNull();
    const seen = await t.ctx.db.selectFrom('provedor_eventos').select('chave').where('cod_email', '=', cod).execute();
    expect(seen).toEqual([]);
  });

  it('a letter the provider refuses for good ends in erro with its words, and its credit back', async () => {
    const before = await t.balance('usuario@demo.local');
    const res = await t.call('POST', '/emails/send', as.ana, {
      destinataires: [{ to: 'bruno@cliente.test', nameTo: 'Bruno', carta: { ...address, nome: 'Endereço Recusado' } }],
      nameFrom: 'Escritório Souza',
      subject: 'Notificação extrajudicial',
      content: '<p>Prezado Bruno</p>',
    });
    expect(res.statusCode).toBe(200);
    const cod = res.json().emails[0].ema_uni_codigo as number;
    await waitFor(
      () => messageOf(cod),
      (m) => m.ema_status_carta === 'erro',
    );
    expect(await t.balance('usuario@demo.local')).toBe(before - 1);
    const erro = (await eventsOf(cod)).find((e) => e.evt_tipo === 'erro');
    expect(erro?.evt_detalhes).toMatchObject({ reasonFailure: expect.stringContaining('Endereço fora da área de atendimento.') });
    expect((await letterOf(cod))?.id_provedor).toBeNull();
  });

  it('an AR sent by address is fetched and checked against its hash: a mismatch refuses the callback, nothing recorded', async () => {
    const { cod } = await composeLetter();
    const id = await acceptedId(cod);
    const code = s10();
    const url = `${fake.url}/ar/recibo.pdf`;
    const before = await letterEventsOf(cod);
    const wrong = await callback([
      event(id, `${id}-9`, 'entregue', code, { receipt: { contentType: 'application/pdf', url, sha256: 'a'.repeat(64) } }),
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('não confere');
    expect(await letterEventsOf(cod)).toEqual(before);
    expect((await letterOf(cod))?.ar_sha256).toBeNull();
    const right = await callback([
      event(id, `${id}-9`, 'entregue', code, { receipt: { contentType: 'application/pdf', url, sha256: sha256(RECEIPT_BY_URL) } }),
    ]);
    expect(right.statusCode).toBe(204);
    expect((await messageOf(cod)).ema_status_carta).toBe('delivered');
    const letter = await letterOf(cod);
    expect(letter?.ar_sha256).toBe(sha256(RECEIPT_BY_URL));
    expect((await t.ctx.storage.read(letter?.ar_chave as string))?.equals(RECEIPT_BY_URL)).toBe(true);
  });
  it('the tracking sweep asks the provider for a letter whose callbacks stopped, records the missing steps once, and stops once it ends', async () => {
    const { cod } = await composeLetter();
    const id = await acceptedId(cod);
    const code = s10();
    const hour = 60 * 60 * 1000;
    const asks = () => fake.asks.get(id) ?? 0;
    // Just accepted: not quiet yet, not asked.
    await trackQuietLetters(t.ctx);
    expect(asks()).toBe(0);
    // The provider posted it and moved it on, but no callback came.
    fake.tracking.set(id, [event(id, `${id}-1`, 'postado', code), event(id, `${id}-2`, 'em_transito', code)]);
    const later = new Date(Date.now() + LETTER_QUIET_MS + hour);
    // A provider that fails to answer: logged, nothing recorded, asked again at the next sweep.
    fake.failing.add(id);
    expect((await trackQuietLetters(t.ctx, { now: later })).failed).toBeGreaterThanOrEqual(1);
    expect(asks()).toBe(1);
    expect((await letterEventsOf(cod)).map((e) => e.evt_tipo)).toEqual(['processed', 'processed']);
    fake.failing.delete(id);
    const next = new Date(later.getTime() + LETTER_QUIET_MS + hour);
    const outcome = await trackQuietLetters(t.ctx, { now: next });
    expect(asks()).toBe(2);
    expect(outcome.recorded).toBeGreaterThanOrEqual(2);
    expect((await messageOf(cod)).ema_status_carta).toBe('send');
    expect((await letterOf(cod))?.rastreio).toBe(code);
    const carta = await letterEventsOf(cod);
    expect(carta.map((e) => [e.evt_tipo, (e.evt_detalhes as { etapa?: string }).etapa ?? null])).toEqual([
      ['processed', null],
      ['processed', 'aceite do provedor'],
      ['send', 'Postado'],
      ['processed', 'Em trânsito'],
    ]);
    // Each step says how it was learned; the provider's own words are kept as a callback's are.
    expect(carta[2]?.evt_detalhes).toMatchObject({ via: 'consulta ao provedor', rastreio: code, idProvedor: id });
    // And the proof says so, for the status and for the step.
    const proof = (await t.call('GET', `/emails/sending-proof/${cod}`, as.ana)).json();
    expect(proof.carta.status[1]).toMatchObject({ type: 'send', detalhe: `rastreio ${code} — CDD Curitiba — via consulta ao provedor` });
    expect(proof.carta.etapas.at(-1)).toMatchObject({
      label: 'Em trânsito',
      detalhe: expect.stringMatching(/ — via consulta ao provedor$/),
    });
    // Asked at most once a quiet period: the same sweep time again asks nothing.
    await trackQuietLetters(t.ctx, { now: next });
    expect(asks()).toBe(2);
    // The callback that comes late after all adds nothing: each step is recorded once.
    expect((await callback([event(id, `${id}-2`, 'em_transito', code)])).statusCode).toBe(204);
    expect(await letterEventsOf(cod)).toHaveLength(4);
    // Delivered while the callbacks were still down: the sweep stores the AR as a callback would.
    const ar = Buffer.from('%PDF-1.4 AR digital obtido por consulta');
    fake.tracking.get(id)?.push(
      event(id, `${id}-3`, 'entregue', code, {
        receipt: { contentType: 'application/pdf', content: ar.toString('base64'), sha256: sha256(ar) },
      }),
    );
    const third = new Date(next.getTime() + LETTER_QUIET_MS + hour);
    await trackQuietLetters(t.ctx, { now: third });
    expect(asks()).toBe(3);
    expect((await messageOf(cod)).ema_status_carta).toBe('delivered');
    const letter = await letterOf(cod);
    expect(letter).toMatchObject({ ar_sha256: sha256(ar), ar_tipo: 'application/pdf' });
    expect((await t.ctx.storage.read(letter?.ar_chave as string))?.equals(ar)).toBe(true);
    expect(await checkChain(t.ctx.db, cod)).toMatchObject({ isIntact: true, firstBroken: null });
    // An ended letter is never asked again.
    await trackQuietLetters(t.ctx, { now: new Date(third.getTime() + 3 * LETTER_QUIET_MS) });
    expect(asks()).toBe(3);
  });
  it('the sweep asks the letters asked least recently first, at most its limit, and none made more than 60 days before', async () => {
    const a = await acceptedId((await composeLetter()).cod);
    const b = await acceptedId((await composeLetter()).cod);
    const minute = 60_000;
    const start = Date.now();
    const at = new Date(start + LETTER_QUIET_MS + 60 * minute);
    // Every letter last asked 30 minutes from now (quiet again at `at`), B before A, both before the rest.
    await t.ctx.db
      .updateTable('cartas')
      .set({ consultado: new Date(start + 30 * minute) })
      .execute();
    await t.ctx.db
      .updateTable('cartas')
      .set({ consultado: new Date(start + 10 * minute) })
      .where('id_provedor', '=', b)
      .execute();
    await t.ctx.db
      .updateTable('cartas')
      .set({ consultado: new Date(start + 20 * minute) })
      .where('id_provedor', '=', a)
      .execute();
    const asks = (id: string) => fake.asks.get(id) ?? 0;
    expect((await trackQuietLetters(t.ctx, { now: at, limit: 1 })).asked).toBe(1);
    expect([asks(b), asks(a)]).toEqual([1, 0]);
    // B was just asked: the next sweep of one takes A.
    await trackQuietLetters(t.ctx, { now: at, limit: 1 });
    expect([asks(b), asks(a)]).toEqual([1, 1]);
    // A letter made more than 60 days before the sweep is no longer asked, however quiet.
    await t.ctx.db
      .updateTable('cartas')
      .set({ criado: new Date(at.getTime() - 61 * 86_400_000), consultado: null })
      .where('id_provedor', '=', a)
      .execute();
    // The others just asked, so only A is quiet enough.
    const later = new Date(at.getTime() + LETTER_QUIET_MS + minute);
    await t.ctx.db.updateTable('cartas').set({ consultado: later }).where('id_provedor', '!=', a).execute();
    expect((await trackQuietLetters(t.ctx, { now: later })).asked).toBe(0);
    expect(asks(a)).toBe(1);
  });
});
