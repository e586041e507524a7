import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BULK_PROOF_MSG, type BulkProof, PROOF_MSG } from '@ar/core';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { notFoundForOthers, useTestApp, withoutSession } from '../../../test/harness.ts';
import { insertManyMessages, insertMessage } from '../../../test/messages.ts';
import { pdfQrCodes, pdfText } from '../../../test/pdf-reader.ts';
import { checkDss, checkPdfSignature, installationTrust } from '../../../test/pdf-signature.ts';
import { checkPdfA } from '../../../test/pdfa.ts';
import { useTenants } from '../../../test/tenants.ts';
import { generateBulkProof, removeExpiredProofs } from './bulk-proofs.worker.ts';

const run = promisify(execFile);
const app = useTestApp({}, { startQueue: true, startWorkers: false });
const { as } = useTenants(app);
const users = app.signIns({ ana: 'usuario@demo.local', outro: 'usuario@outra.local' });
const codes: Record<string, { ema_uni_codigo: number; ema_uni_id: string }> = {};

beforeAll(async () => {
  const db = app.t.ctx.db;
  codes.read = await insertMessage(db, {
    login: 'usuario@demo.local',
    at: '2026-10-05T12:00:00Z',
    nameTo: 'Lúcia Lida',
    subject: 'Notificação lida',
    events: [
      ['email', 'processed', '2026-10-05T12:00:01Z'],
      ['email', 'send', '2026-10-05T12:00:02Z'],
      ['email', 'read', '2026-10-05T13:00:00Z'],
    ],
  });
  codes.failed = await insertMessage(db, {
    login: 'usuario@demo.local',
    at: '2026-10-06T12:00:00Z',
    nameTo: 'Fábio Falha',
    subject: 'Notificação com falha',
    events: [
      ['email', 'processed', '2026-10-06T12:00:01Z'],
      ['email', 'erro', '2026-10-06T12:00:02Z', { reasonFailure: 'Caixa inexistente' }],
    ],
  });
  codes.sms = await insertMessage(db, {
    login: 'usuario@demo.local',
    at: '2026-10-07T12:00:00Z',
    to: null,
    sms: '(11) 98888-7777',
    nameTo: 'Sérgio SMS',
    subject: 'Aviso por SMS',
    events: [
      ['sms', 'processed', '2026-10-07T12:00:01Z'],
      ['sms', 'send', '2026-10-07T12:00:02Z'],
    ],
  });
  codes.other = await insertMessage(db, { login: 'usuario@outra.local', at: '2026-10-05T12:00:00Z', subject: 'De outra administração' });
});

const create = (auth: Record<string, string>, body: unknown) => app.call('POST', '/reports/proofs', auth, body);
const october = { startDate: '2026-10-01', finalDate: '2026-10-31' };

async function createReady(body: unknown = october): Promise<BulkProof> {
  const res = await create(users.ana, body);
  expect(res.statusCode).toBe(200);
  const proof = res.json().comprovante as BulkProof;
  await generateBulkProof(app.t.ctx, proof.comp_codigo);
  return proof;
}

const listOf = async (auth: Record<string, string>, query = '') => (await app.call('GET', `/reports/proofs${query}`, auth)).json();

describe('POST /v2/reports/proofs: the request', () => {
  it('asks for a session on every call', async () => {
    const ref = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    expect(
      await withoutSession(
        app,
        ['POST /reports/proofs', 'GET /reports/proofs', `GET /reports/proofs/${ref}`, `GET /reports/proofs/single/${ref}`],
        october,
      ),
    ).toEqual([]);
  });

  it("answers 400 'Selecione um período' without a period, backwards or longer than 31 days", async () => {
    for (const body of [
      {},
      { startDate: '2026-10-01' },
      { startDate: '', finalDate: '' },
      { startDate: '2026-10-01', finalDate: '2026-11-01' },
      { startDate: '2026-10-31', finalDate: '2026-10-01' },
    ]) {
      const res = await create(users.ana, body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([400, BULK_PROOF_MSG.periodRequired]);
    }
    // 31 days counting both ends is a period.
    expect((await create(users.ana, { startDate: '2026-10-01', finalDate: '2026-10-31', nameProof: 'x'.repeat(61) })).json().message).toBe(
      BULK_PROOF_MSG.nameTooLong,
    );
    for (const status of [[10], [11], [27], [0]]) {
      const res = await create(users.ana, { ...october, filter: { channels: [], status } });
      expect([res.statusCode, res.json().message]).toEqual([400, BULK_PROOF_MSG.invalidStatus]);
    }
  });

  it("answers 422 'Não existe notificações para o período/filtro selecionado' when nothing matches", async () => {
    for (const body of [
      { startDate: '2025-01-01', finalDate: '2025-01-31' },
      { ...october, filter: { channels: ['whatsapp'], status: [] } },
      // Delivered by e-mail: none of the three was.
      { ...october, filter: { channels: [], status: [2] } },
    ]) {
      const res = await create(users.ana, body);
      expect([res.statusCode, res.json().message]).toEqual([422, BULK_PROOF_MSG.noMessages]);
    }
    // The other administration's message is not the user's.
    const res = await create(users.ana, { startDate: '2026-10-05', finalDate: '2026-10-05', filter: { channels: [], status: [1] } });
    expect(res.json().comprovante.progresso.total).toBe(1);
  });
});

describe('a bulk proof from request to download', () => {
  it("is 'Em processamento...' without expiry, then ready with a PDF: cover, contents and each proof with its QR code", async () => {
    const res = await create(users.ana, october);
    expect(res.json().message).toBe('Em processamento...');
    const proof = res.json().comprovante as BulkProof;
    expect(proof).toMatchObject({
      status: 'processando',
      comp_data_expiracao: null,
      formato: 'pdf',
      progresso: { feitos: 0, total: 3 },
      alerta: false,
      comp_payload: {
        payload: { nameProof: 'Comprovantes de 01/10/2026 até 31/10/2026', ...october, filter: { channels: [], status: [] } },
      },
    });
    const early = await app.call('GET', `/reports/proofs/${proof.comp_cod_referencia}`, users.ana);
    expect([early.statusCode, early.json().message]).toEqual([409, BULK_PROOF_MSG.notReady]);

    await generateBulkProof(app.t.ctx, proof.comp_codigo);
    const [row] = (await listOf(users.ana)).comprovantes as BulkProof[];
    expect(row?.comp_codigo).toBe(proof.comp_codigo);
    expect(row?.status).toBe('pronto');
    expect(row?.progresso).toEqual({ feitos: 3, total: 3 });
    expect(row?.alerta).toBe(true);
    const days = (Date.parse(row?.comp_data_expiracao ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const file = await app.call('GET', `/reports/proofs/${proof.comp_cod_referencia}`, users.ana);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(file.headers.filename))).toBe('Comprovantes-de-01-10-2026-ate-31-10-2026.pdf');
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(row?.sha256);
    // Signed as one document (PAdES B-T), checked by poppler and OpenSSL.
    const trust = await installationTrust(app.t.ctx.config);
    const signed = await checkPdfSignature(file.rawPayload, trust);
    expect(signed.pdfsig).toContain('Signature is Valid');
    // B-LT: the certificates and the installation CA's CRL in the DSS update after the signature.
    expect((await checkDss(file.rawPayload, trust.caPem)).verified).toBe(true);
    expect(signed.cmsVerified).toBe(true);
    expect(signed.tokenVerified).toBe(true);
    // PDF/A-3b like the single proofs: the XMP identification, every font embedded, the sRGB output intent.
    const pdfa = await checkPdfA(file.rawPayload);
    expect(pdfa.xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(pdfa.xmp).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(pdfa.fonts.length).toBeGreaterThan(0);
    expect(pdfa.fonts.filter((f) => !f.embedded)).toEqual([]);
    expect(pdfa.catalog).toMatch(/\/OutputIntents \[ \d+ 0 R \]/);
    expect(pdfa.outputIntent).toContain('/S /GTS_PDFA1');
    expect(pdfa.outputIntent).toContain('/OutputConditionIdentifier (sRGB IEC61966-2.1)');
    expect(pdfa.qpdfOk).toBe(true);
    if (process.env.BULK_PDF_OUT) await fs.writeFile(process.env.BULK_PDF_OUT, file.rawPayload);
    const text = (await pdfText(file.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Comprovantes de Envio');
    expect(text).toContain('Mensagens 3');
    expect(text).toContain('Lúcia Lida');
    for (const c of [codes.read, codes.failed, codes.sms]) expect(text).toContain(`Protocolo nº ${c?.ema_uni_codigo}`);
    expect(text).not.toContain('De outra administração');
    const qr = await pdfQrCodes(file.rawPayload);
    expect(qr).toContain(`http://localhost:3999/emails/info/public/${codes.read?.ema_uni_id}`);
    expect(qr).toHaveLength(3);

    // Logged like the single documents: who, when, the SHA-256 of what was handed out.
    const logs = await app.t.ctx.db
      .selectFrom('email_documentos')
      .select(['cod_email', 'doc_tipo', 'doc_usuario_login', 'doc_sha256'])
      .where('cod_comprovante', '=', proof.comp_codigo)
      .orderBy('cod_email')
      .execute();
    expect(logs).toEqual(
      [codes.read, codes.failed, codes.sms].map((c) => ({
        cod_email: c?.ema_uni_codigo,
        doc_tipo: 'comprovante-lote',
        doc_usuario_login: 'usuario@demo.local',
        doc_sha256: row?.sha256,
      })),
    );
    // The download read the notification: the badge is gone.
    expect(((await listOf(users.ana)).comprovantes as BulkProof[])[0]?.alerta).toBe(false);
    // Rendering the pages to find the QR codes (pdftoppm) takes seconds on a busy machine.
  }, 120_000);

  it('keeps to the filter: channels and the statuses each channel reached', async () => {
    const countOf = async (filter: unknown) => (await create(users.ana, { ...october, filter })).json().comprovante?.progresso.total;
    expect(await countOf({ channels: ['email'], status: [] })).toBe(2);
    expect(await countOf({ channels: ['sms'], status: [] })).toBe(1);
    expect(await countOf({ channels: [], status: [3] })).toBe(1); // e-mail Lido
    expect(await countOf({ channels: [], status: [3, 4] })).toBe(2); // Lido or Falha
    expect(await countOf({ channels: [], status: [6] })).toBe(1); // SMS Enviado
    expect(await countOf({ channels: [], status: [1] })).toBe(2); // e-mail Processado
  });

  it('offers AR-Voz and AR-Carta like the other channels: by channel and by the status each reached', async () => {
    const db = app.t.ctx.db;
    const carta = {
      nome: 'Carla Carta',
      endereco: 'Rua das Flores',
      numero: '120',
      complemento: null,
      bairro: 'Centro',
      cidade: 'Curitiba',
      estado: 'PR' as const,
      cep: '80010-000',
    };
    await insertMessage(db, {
      login: 'usuario@demo.local',
      at: '2026-09-10T12:00:00Z',
      to: null,
      voz: '(41) 98765-4321',
      nameTo: 'Vera Voz',
      events: [
        ['voz', 'processed', '2026-09-10T12:00:01Z'],
        ['voz', 'send', '2026-09-10T12:01:00Z'],
        ['voz', 'acknowledged', '2026-09-10T12:02:00Z'],
      ],
    });
    await insertMessage(db, {
      login: 'usuario@demo.local',
      at: '2026-09-11T12:00:00Z',
      carta,
      nameTo: 'Carla Carta',
      events: [
        ['email', 'processed', '2026-09-11T12:00:01Z'],
        ['carta', 'processed', '2026-09-11T12:00:01Z'],
        ['carta', 'send', '2026-09-12T09:00:00Z'],
      ],
    });
    const september = { startDate: '2026-09-01', finalDate: '2026-09-30' };
    const countOf = async (filter: unknown) => (await create(users.ana, { ...september, filter })).json().comprovante?.progresso.total;
    expect(await countOf({ channels: ['voz'], status: [] })).toBe(1);
    expect(await countOf({ channels: ['carta'], status: [] })).toBe(1);
    expect(await countOf({ channels: ['voz', 'carta'], status: [] })).toBe(2);
    expect(await countOf({ channels: [], status: [20] })).toBe(1); // voz Confirmado
    expect(await countOf({ channels: [], status: [24] })).toBe(1); // carta Enviado (posted)
    const none = await create(users.ana, { ...september, filter: { channels: [], status: [25] } }); // carta Entregue
    expect([none.statusCode, none.json().message]).toEqual([422, BULK_PROOF_MSG.noMessages]);
    // The five channels at once are one filter, not too many.
    expect(await countOf({ channels: ['email', 'sms', 'whatsapp', 'voz', 'carta'], status: [] })).toBe(2);
  });

  it('lists 10 a page, newest first', async () => {
    for (let i = 0; i < 4; i++) await create(users.ana, { ...october, nameProof: `Lote ${i}` });
    const page = await listOf(users.ana);
    expect(page.pagination.limit).toBe(10);
    const ids = (page.comprovantes as BulkProof[]).map((p) => p.comp_codigo);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids.length).toBeLessThanOrEqual(10);
    expect(page.pagination.rowCount).toBeGreaterThan(10);
    const second = await listOf(users.ana, '?offset=10');
    expect((second.comprovantes as BulkProof[]).every((p) => p.comp_codigo < (ids.at(-1) ?? 0))).toBe(true);
  });

  it('expires: the scheduled job removes the file, the row shows it expired and the download answers 410', async () => {
    const proof = await createReady();
    const stored = await app.t.ctx.db
      .selectFrom('comprovantes')
      .select('comp_chave')
      .where('comp_codigo', '=', proof.comp_codigo)
      .executeTakeFirstOrThrow();
    expect(await app.t.ctx.storage.open(stored.comp_chave ?? '')).not.toBeNull();
    await sql`UPDATE comprovantes SET comp_data_expiracao = now() - interval '1 minute' WHERE comp_codigo = ${proof.comp_codigo}`.execute(
      app.t.ctx.db,
    );
    expect(await removeExpiredProofs(app.t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await app.t.ctx.storage.open(stored.comp_chave ?? '')).toBeNull();
    const row = ((await listOf(users.ana)).comprovantes as BulkProof[]).find((p) => p.comp_codigo === proof.comp_codigo);
    expect(row?.status).toBe('expirado');
    expect(row?.alerta).toBe(false);
    const res = await app.call('GET', `/reports/proofs/${proof.comp_cod_referencia}`, users.ana);
    expect([res.statusCode, res.json().message]).toEqual([410, BULK_PROOF_MSG.expired]);
    // Gerar Novamente is a new proof of the same request.
    const again = await create(users.ana, proof.comp_payload.payload);
    expect(again.json().comprovante.comp_codigo).toBeGreaterThan(proof.comp_codigo);
  });
});

describe('the ZIP (above 500 messages)', () => {
  it('is chosen above 500 messages', async () => {
    await insertManyMessages(app.t.ctx.db, 'usuario@demo.local', 501, '2026-08-10T12:00:00Z');
    const res = await create(users.ana, { startDate: '2026-08-01', finalDate: '2026-08-31' });
    expect(res.json().comprovante).toMatchObject({ formato: 'zip', progresso: { feitos: 0, total: 501 } });
    // Not generated here (501 PDFs): bench/bulk-proofs.mjs makes 1,000.
    await sql`UPDATE comprovantes SET comp_status = 'falha' WHERE comp_codigo = ${res.json().comprovante.comp_codigo}`.execute(
      app.t.ctx.db,
    );
  });

  it('holds each single proof and a manifest with their SHA-256, and resumes after a crash without a half file', async () => {
    const res = await create(users.ana, october);
    const proof = res.json().comprovante as BulkProof;
    // The same three messages as a ZIP (the format is decided by the count; forced here on a small proof).
    await sql`UPDATE comprovantes SET comp_formato = 'zip' WHERE comp_codigo = ${proof.comp_codigo}`.execute(app.t.ctx.db);
    // A crash when storing: the parts are made, the proof stays in processing, no file is offered.
    const storage = app.t.ctx.storage;
    const crashing = { ...storage, putFile: async () => Promise.reject(new Error('processo encerrado')) };
    await expect(generateBulkProof({ ...app.t.ctx, storage: crashing }, proof.comp_codigo)).rejects.toThrow('processo encerrado');
    const mid = ((await listOf(users.ana)).comprovantes as BulkProof[]).find((p) => p.comp_codigo === proof.comp_codigo);
    expect(mid).toMatchObject({ status: 'processando', comp_data_expiracao: null, progresso: { feitos: 3, total: 3 } });
    expect((await app.call('GET', `/reports/proofs/${proof.comp_cod_referencia}`, users.ana)).statusCode).toBe(409);

    await generateBulkProof(app.t.ctx, proof.comp_codigo);
    const file = await app.call('GET', `/reports/proofs/${proof.comp_cod_referencia}`, users.ana);
    expect(file.headers['content-type']).toBe('application/zip');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-zip-'));
    try {
      await fs.writeFile(path.join(dir, 'p.zip'), file.rawPayload);
      await run('unzip', ['-q', 'p.zip'], { cwd: dir });
      const manifest = (await fs.readFile(path.join(dir, 'manifesto.csv'), 'utf8'))
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      const trust = await installationTrust(app.t.ctx.config);
      expect(manifest[0]).toBe('Arquivo;Protocolo;Identificador;Destinatário;E-mail;Assunto;Status do e-mail;SHA-256');
      expect(manifest).toHaveLength(4);
      for (const line of manifest.slice(1)) {
        const cells = line.split(';');
        const pdf = await fs.readFile(path.join(dir, cells[0] ?? ''));
        expect(createHash('sha256').update(pdf).digest('hex')).toBe(cells[7]);
        expect((await pdfText(pdf)).replace(/\s+/g, ' ')).toContain(`Protocolo nº ${cells[1]}`);
        // Each proof in the ZIP carries its own signature.
        const check = await checkPdfSignature(pdf, trust);
        expect(check.pdfsig).toContain('Signature is Valid');
        expect(check.cmsVerified).toBe(true);
        expect(check.tokenVerified).toBe(true);
        const pdfa = await checkPdfA(pdf);
        expect(pdfa.xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
        expect(pdfa.fonts.filter((f) => !f.embedded)).toEqual([]);
        expect(pdfa.outputIntent).toContain('/S /GTS_PDFA1');
      }
      // Each part was made once: the resumed run did not make (or log) them again.
      const logs = await app.t.ctx.db
        .selectFrom('email_documentos')
        .select(['cod_email', 'doc_sha256'])
        .where('cod_comprovante', '=', proof.comp_codigo)
        .execute();
      expect(logs).toHaveLength(3);
      expect(new Set(logs.map((l) => l.doc_sha256))).toEqual(new Set(manifest.slice(1).map((l) => l.split(';')[7])));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /v2/reports/proofs/single/{uuid}', () => {
  it("answers the sending proof of the user's own message, logged", async () => {
    const res = await app.call('GET', `/reports/proofs/single/${codes.read?.ema_uni_id}`, users.ana);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(res.headers.filename))).toBe(`comprovante-envio-${codes.read?.ema_uni_codigo}.pdf`);
    expect((await pdfText(res.rawPayload)).replace(/\s+/g, ' ')).toContain(`Protocolo nº ${codes.read?.ema_uni_codigo}`);
    const logged = await app.t.ctx.db
      .selectFrom('email_documentos')
      .select('doc_sha256')
      .where('cod_email', '=', codes.read?.ema_uni_codigo ?? 0)
      .where('doc_tipo', '=', 'comprovante')
      .execute();
    expect(logged.map((l) => l.doc_sha256)).toContain(createHash('sha256').update(res.rawPayload).digest('hex'));
    const bad = await app.call('GET', '/reports/proofs/single/nao-e-um-uuid', users.ana);
    expect(bad.statusCode).toBe(404);
  });
});

describe('tenancy', () => {
  it("answers 404 to another user's proof reference and message uuid, and lists only the user's proofs", async () => {
    const proof = await createReady();
    expect(
      await notFoundForOthers(app, users.outro, [
        ['GET', `/reports/proofs/${proof.comp_cod_referencia}`],
        ['GET', `/reports/proofs/single/${codes.read?.ema_uni_id}`],
      ]),
    ).toEqual([]);
    // The same level of the same entity: still not the user's own.
    expect(await notFoundForOthers(app, as.gerente, [['GET', `/reports/proofs/${proof.comp_cod_referencia}`]])).toEqual([]);
    const other = await app.call('GET', `/reports/proofs/${proof.comp_cod_referencia}`, users.outro);
    expect(other.json().message).toBe(BULK_PROOF_MSG.notFound);
    const single = await app.call('GET', `/reports/proofs/single/${codes.read?.ema_uni_id}`, users.outro);
    expect(single.json().message).toBe(PROOF_MSG.notFound);
    expect((await listOf(users.outro)).comprovantes).toEqual([]);
    expect((await listOf(as.gerente)).pagination.rowCount).toBe(0);
  });
});
