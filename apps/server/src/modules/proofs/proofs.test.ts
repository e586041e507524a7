import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSinkApp } from '../../../test/harness.ts';
import { opensslVerifyToken } from '../../../test/openssl.ts';
import { pdfAttachments, pdfPageCount, pdfQrCodes, pdfText } from '../../../test/pdf-reader.ts';
import { checkDss, checkPdfSignature, installationTrust } from '../../../test/pdf-signature.ts';
import { checkPdfA } from '../../../test/pdfa.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { recordEvent } from '../emails/events.ts';
import { brasilia } from './format.ts';

let token: string;
let otherToken: string;
let uuid: string;
let code: number;

const ATTACHMENT = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const events = () =>
  app.t.ctx.db
    .selectFrom('email_eventos as e')
    .leftJoin('email_carimbos as c', 'c.evt_codigo', 'e.evt_codigo')
    .select(['e.evt_codigo', 'e.evt_seq', 'e.evt_tipo', 'e.evt_data', 'e.evt_hash', 'c.car_serial', 'c.car_token'])
    .where('e.cod_email', '=', code)
    .orderBy('e.evt_seq')
    .execute();

const { app } = useSinkApp({ startQueue: true });

beforeAll(async () => {
  token = await app.t.login('usuario@demo.local');
  otherToken = await app.t.login('pos@demo.local');
  const up = await app.t.upload(token, [{ name: 'notificação.pdf', data: ATTACHMENT }]);
  expect(up.statusCode).toBe(200);
  const sent = await app.call('POST', '/emails/send', token, {
    destinataires: [{ to: 'joao@cliente.test', nameTo: 'João Araújo' }],
    nameFrom: 'Cobrança Demo',
    identificacao: 'Contrato 2026/17',
    subject: 'Notificação de cobrança',
    content: '<p>Prezado João, segue a notificação.</p>',
    attachments: [up.json()[0].uuidFilename],
  });
  expect(sent.statusCode).toBe(200);
  ({ ema_uni_id: uuid, ema_uni_codigo: code } = sent.json().emails[0]);
  await waitFor(
    () => app.t.ctx.db.selectFrom('emails').select('ema_status_email').where('ema_uni_codigo', '=', code).executeTakeFirstOrThrow(),
    (m) => m.ema_status_email === 'send',
  );
  // The recipient opens the message on the public page in a browser, more than 5 s after it was
  // handed over (sooner would be classified as a scanner: docs/reads.md).
  await new Promise((r) => setTimeout(r, 5_500));
  const read = await app.t.app.inject({
    method: 'GET',
    url: `/v2/emails/info/public/${uuid}/track-email/leitura`,
    // From an address in Rio de Janeiro.
    remoteAddress: '200.147.67.142',
    headers: { 'user-agent': BROWSER },
  });
  expect(read.json()).toMatchObject({ classificacao: 'pessoa' });
  // An image proxy too: evidence in the report, not a status.
  await app.call('GET', `/emails/info/public/${uuid}/track-email/pixel.gif`, {
    'user-agent': 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)',
  });
  // Every event stamped before the documents are made.
  await waitFor(events, (rows) => rows.length >= 4 && rows.every((r) => r.car_serial !== null), 40_000);
}, 120_000);

describe('sending proof', () => {
  it('answers the proof as data, with the status dates, the hashes and the public page', async () => {
    const res = await app.call('GET', `/emails/sending-proof/${code}`, token);
    expect(res.statusCode).toBe(200);
    const proof = res.json();
    const rows = await events();
    const at = (tipo: string) => brasilia(rows.find((r) => r.evt_tipo === tipo)?.evt_data as Date);
    expect(proof).toMatchObject({
      ema_uni_codigo: code,
      ema_uni_id: uuid,
      remetente: { nome: 'Cobrança Demo', conta: 'usuario@demo.local' },
      destinatario: { nome: 'João Araújo', email: 'joao@cliente.test' },
      assunto: 'Notificação de cobrança',
      identificacao: 'Contrato 2026/17',
      ultimoStatus: { type: 'read', label: 'Lido' },
      ultimoHash: rows.at(-1)?.evt_hash,
      cadeiaIntegra: true,
      urlPublica: `http://localhost:3999/emails/info/public/${uuid}`,
      anexos: [{ originalFilename: 'notificação.pdf', size: ATTACHMENT.length }],
    });
    expect(proof.status.map((s: { type: string }) => s.type)).toEqual(['processed', 'send', 'read']);
    expect(proof.status[1]).toMatchObject({ label: 'Enviado', dataHoraBrasilia: at('send') });
    expect(proof.status[1].detalhe).toMatch(/^Resposta do servidor: 250/);
    expect(proof.status[2].detalhe).toBe('na página da mensagem — IP 200.147.67.142, Rio de Janeiro/Rio de Janeiro/BR');
    expect(proof.texto).toBe(
      `A mensagem foi entregue ao servidor de e-mail do destinatário em ${at('send')} e foi lida em ${at('read')} (horário de Brasília).`,
    );
    expect(proof.hashConteudo).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers a PDF whose text holds the protocol, the recipient and the status dates, and whose QR code opens the public page', async () => {
    const res = await app.call('PUT', `/emails/sending-proof/${code}`, token, { name: 'Usuário Demo', email: 'usuario@demo.local' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers.filename).toBe(`comprovante-envio-${code}.pdf`);
    expect(res.headers['content-disposition']).toContain(`comprovante-envio-${code}.pdf`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const text = (await pdfText(pdf)).replace(/[ \t]+/g, ' ');
    const rows = await events();
    const at = (tipo: string) => brasilia(rows.find((r) => r.evt_tipo === tipo)?.evt_data as Date);
    for (const expected of [
      'Comprovante de Envio',
      `Protocolo nº ${code}`,
      uuid,
      'João Araújo',
      'joao@cliente.test',
      'Notificação de cobrança',
      'Contrato 2026/17',
      `Enviado ${at('send')}`,
      `Lido ${at('read')}`,
      'notificação.pdf',
      rows.at(-1)?.evt_hash as string,
      `http://localhost:3999/emails/info/public/${uuid}`,
      'Página 1 de',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.replace(/\s+/g, ' ')).toContain(`e foi lida em ${at('read')} (horário de Brasília).`);
    expect(text).toContain('Página 1 de 1');
    expect(await pdfQrCodes(pdf)).toEqual([`http://localhost:3999/emails/info/public/${uuid}`]);

    const log = await app.t.ctx.db.selectFrom('email_documentos').selectAll().where('cod_email', '=', code).execute();
    expect(log).toMatchObject([
      {
        doc_tipo: 'comprovante',
        doc_usuario_login: 'usuario@demo.local',
        doc_nome_informado: 'Usuário Demo',
        doc_email_informado: 'usuario@demo.local',
      },
    ]);
    expect(log[0]?.doc_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers 404 for another user's message and 401 without a session", async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await app.call(method, `/emails/sending-proof/${code}`, otherToken, {});
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Mensagem não encontrada.');
      expect((await app.call(method, `/emails/sending-proof/${code}`, undefined, {})).statusCode).toBe(401);
    }
    expect((await app.call('GET', '/emails/sending-proof/999999', token)).statusCode).toBe(404);
  });
});

describe('sending proof of a message that could not be delivered', () => {
  it('says so, with the reason, in the data and in the PDF', async () => {
    const sent = await app.call('POST', '/emails/send', token, {
      destinataires: [{ to: 'rejeita@cliente.test', nameTo: 'Rejeitado' }],
      nameFrom: 'Cobrança Demo',
      subject: 'Aviso',
      content: '<p>Aviso.</p>',
    });
    expect(sent.statusCode).toBe(200);
    const failed = sent.json().emails[0].ema_uni_codigo as number;
    await waitFor(
      () => app.t.ctx.db.selectFrom('emails').select('ema_status_email').where('ema_uni_codigo', '=', failed).executeTakeFirstOrThrow(),
      (m) => m.ema_status_email === 'erro',
    );
    const proof = (await app.call('GET', `/emails/sending-proof/${failed}`, token)).json();
    expect(proof.ultimoStatus).toEqual({ type: 'erro', label: 'Falha no Envio/Entrega' });
    expect(proof.falha.motivo).toContain('550');
    expect(proof.texto).toBe(
      `A mensagem não pôde ser entregue: ${proof.falha.motivo} (${proof.falha.dataHoraBrasilia} no horário de Brasília).`,
    );
    const pdf = await app.call('PUT', `/emails/sending-proof/${failed}`, token, {});
    const flat = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(flat).toContain('A mensagem não pôde ser entregue:');
    expect(flat).toContain(`Falha ${proof.falha.dataHoraBrasilia}`);
  });
});

describe('expert report (laudo pericial)', () => {
  const laudo = (bearerToken = token) => app.call('GET', `/emails/report/laudo/${code}`, bearerToken);

  it('lists every event with its times, hashes and stamp, the chain verdict and the openssl command', async () => {
    const res = await laudo();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers.filename).toBe(`laudo-pericial-${code}.pdf`);
    const text = await pdfText(res.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    const rows = await events();
    expect(rows.map((r) => r.evt_tipo)).toEqual(['processed', 'send', 'read', 'track']);
    // Which from and to the message hash chains, so an expert recomputes it at the first try.
    expect(flat).toContain('De e para são os endereços puros, como armazenados');
    for (const r of rows) {
      expect(text).toContain(`Evento ${r.evt_seq} —`);
      expect(text).toContain(r.evt_hash);
      expect(text).toContain(new Date(r.evt_data).toISOString());
      expect(text).toContain(brasilia(r.evt_data as Date));
      expect(text).toContain(r.car_serial as string);
      expect(flat).toContain(
        `openssl ts -verify -digest ${r.evt_hash} -sha256 -in evt-${r.evt_seq}.tsr -token_in -CAfile tsa.pem -untrusted tsa.pem`.replace(
          /\s+/g,
          ' ',
        ),
      );
    }
    const msg = await app.t.ctx.db.selectFrom('emails').select('ema_uni_hash').where('ema_uni_codigo', '=', code).executeTakeFirstOrThrow();
    expect(text).toContain(msg.ema_uni_hash as string);
    expect(flat).toContain('Cadeia ÍNTEGRA: os 4 eventos');
    expect(flat).toContain('4 de 4 eventos carimbados, todos válidos');
    expect(flat).toMatch(/Resposta SMTP\s+250/);
    expect(flat).toContain(BROWSER);
    expect(flat).toContain('proxy de imagens, não conta como leitura');
    expect(flat).toContain('http://localhost:3999/v2/tsa/certificado.pem');
    expect(flat).toContain(
      'Rio de Janeiro / Rio de Janeiro / BR (lat -22.9068, lng -43.1729) — IP Geolocation by DB-IP, https://db-ip.com',
    );
    expect(flat).toMatch(/Página 1 de \d+/);
  });

  it('carries each token and serialisation, which check out with openssl as an expert would run it', async () => {
    const files = await pdfAttachments((await laudo()).rawPayload);
    const ca = files.get('tsa.pem')?.toString('utf8') ?? '';
    expect(ca).toContain('BEGIN CERTIFICATE');
    const published = await app.call('GET', '/tsa/certificado.pem');
    expect(published.body.trim()).toBe(ca.trim());
    for (const r of await events()) {
      const serialisation = files.get(`evt-${r.evt_seq}.json`);
      expect(
        createHash('sha256')
          .update(serialisation as Buffer)
          .digest('hex'),
      ).toBe(r.evt_hash);
      const tokenFile = files.get(`evt-${r.evt_seq}.tsr`) as Buffer;
      expect(tokenFile.equals(Buffer.from(r.car_token as Uint8Array))).toBe(true);
      const verdict = await opensslVerifyToken(tokenFile, r.evt_hash, ca);
      expect(verdict.ok, verdict.output).toBe(true);
    }
  });

  it("answers 404 for another user's message, and logs who took the report", async () => {
    const res = await laudo(otherToken);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Mensagem não encontrada.');
    expect((await app.call('GET', `/emails/report/laudo/${code}`)).statusCode).toBe(401);
    const log = await app.t.ctx.db
      .selectFrom('email_documentos')
      .select(['doc_tipo', 'doc_usuario_login'])
      .where('doc_tipo', '=', 'laudo')
      .execute();
    expect(log.length).toBeGreaterThan(0);
    expect(log.every((l) => l.doc_usuario_login === 'usuario@demo.local')).toBe(true);
  });

  it('names the first broken event when a stored event was changed', async () => {
    const [, target] = await events();
    // Someone with the database owner's rights switches the guard off and edits one character.
    await sql`ALTER TABLE email_eventos DISABLE TRIGGER email_eventos_somente_inclusao`.execute(app.t.ctx.db);
    try {
      await sql`UPDATE email_eventos SET evt_ip = '10.0.0.1' WHERE evt_codigo = ${target?.evt_codigo}`.execute(app.t.ctx.db);
    } finally {
      await sql`ALTER TABLE email_eventos ENABLE TRIGGER email_eventos_somente_inclusao`.execute(app.t.ctx.db);
    }
    const flat = (await pdfText((await laudo()).rawPayload)).replace(/\s+/g, ' ');
    expect(flat).toContain('Cadeia ROMPIDA no evento 2: os dados do evento não correspondem ao seu hash.');
    expect(flat).toContain('1 inválido(s)');
    const proof = await app.call('GET', `/emails/sending-proof/${code}`, token);
    expect(proof.json().cadeiaIntegra).toBe(false);
  });
});

/** POST /v2/documentos/validar with the file in the multipart field arquivo, as the validator page sends it. */
async function validate(pdf: Buffer) {
  const boundary = 'ar-validar-documento';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="doc.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.t.app.inject({
    method: 'POST',
    url: '/v2/documentos/validar',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

/** How many embedded file specifications carry PDF/A-3's /AFRelationship, when the catalog lists them in /AF (0 otherwise). */
function checkPdfAFiles(pdf: Uint8Array): number {
  const raw = Buffer.from(pdf).toString('latin1');
  if (!/\/AF \[/.test(raw)) return 0;
  const specs = raw.match(/\/Type \/Filespec\n\/AFRelationship \/(Source|Supplement|Data|Alternative|Unspecified)\n/g) ?? [];
  return specs.length === (raw.match(/\/Type \/Filespec/g) ?? []).length ? specs.length : 0;
}

describe('signed documents (PAdES B-LT) and the public validator', () => {
  it('signs the sending proof and the laudo so that pdfsig and openssl verify them and their signature time stamp', async () => {
    const trust = await installationTrust(app.t.ctx.config);
    const proof = (await app.call('PUT', `/emails/sending-proof/${code}`, token, {})).rawPayload;
    const report = (await app.call('GET', `/emails/report/laudo/${code}`, token)).rawPayload;
    if (process.env.LAUDO_PDF_OUT) await import('node:fs/promises').then((fs) => fs.writeFile(process.env.LAUDO_PDF_OUT as string, report));
    for (const pdf of [proof, report]) {
      const check = await checkPdfSignature(pdf, trust);
      expect(check.pdfsig).toContain('Signature is Valid');
      expect(check.pdfsig).toContain('ETSI.CAdES.detached');
      expect(check.cmsVerified).toBe(true);
      expect(check.tokenVerified).toBe(true);
      // B-LT: the DSS update after the signed revision holds the certificates and the CRL the
      // installation's CA issued, with which openssl verifies the signer's certificate.
      expect(check.pdfsig).toContain('Not total document signed');
      const dss = await checkDss(pdf, trust.caPem);
      expect(dss.counts).toEqual({ certs: 3, crls: 1, ocsps: 0 });
      expect(dss.output).toContain('OK');
      expect(dss.verified).toBe(true);
    }
    // The laudo's evidence files are still there, and the certificate is published.
    expect([...(await pdfAttachments(report)).keys()]).toContain('tsa.pem');
    const pem = await app.t.app.inject({ method: 'GET', url: '/v2/assinatura/certificado.pem' });
    expect(pem.statusCode).toBe(200);
    expect(pem.body).toBe(trust.caPem);
  }, 90_000);

  it('issues the sending proof and the laudo as PDF/A-3b, signed: XMP part 3 B, every font embedded, the sRGB output intent, the evidence files as associated files', async () => {
    const trust = await installationTrust(app.t.ctx.config);
    const proof = (await app.call('PUT', `/emails/sending-proof/${code}`, token, {})).rawPayload;
    const report = (await app.call('GET', `/emails/report/laudo/${code}`, token)).rawPayload;
    for (const pdf of [proof, report]) {
      const a = await checkPdfA(pdf);
      expect(a.xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
      expect(a.xmp).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
      expect(a.info).toMatch(/PDF version:\s+1\.7/);
      expect(a.info).toMatch(/Encrypted:\s+no/);
      expect(a.fonts.length).toBeGreaterThan(0);
      expect(a.fonts.filter((f) => !f.embedded)).toEqual([]);
      expect(a.fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, ''))).toEqual(
        expect.arrayContaining(['Arimo-Regular', 'Arimo-Bold', 'Cousine-Regular']),
      );
      expect(a.catalog).toMatch(/\/OutputIntents \[ \d+ 0 R \]/);
      expect(a.catalog).toMatch(/\/Metadata \d+ 0 R/);
      expect(a.outputIntent).toContain('/S /GTS_PDFA1');
      expect(a.outputIntent).toContain('/OutputConditionIdentifier (sRGB IEC61966-2.1)');
      expect(a.outputIntent).toMatch(/\/DestOutputProfile \d+ 0 R/);
      expect(a.qpdfOk).toBe(true);
      expect(a.qpdfOutput).toContain('No syntax or stream encoding errors');
      // No transparency: no soft mask, no constant alpha below 1, no blend mode.
      const raw = Buffer.from(pdf).toString('latin1');
      expect(raw).not.toMatch(/\/SMask|\/CA 0|\/ca 0|\/BM \/(?!Normal)/);
      // The signature (an incremental update) is still whole after the change.
      const check = await checkPdfSignature(pdf, trust);
      expect(check.pdfsig).toContain('Signature is Valid');
      expect(check.cmsVerified).toBe(true);
      expect(check.tokenVerified).toBe(true);
    }
    // The laudo's evidence files: associated files of the document (PDF/A-3), each with its relationship and type.
    expect(checkPdfAFiles(report)).toBeGreaterThanOrEqual(3);
    const files = await pdfAttachments(report);
    expect([...files.keys()]).toEqual(expect.arrayContaining(['tsa.pem', 'evt-1.json', 'evt-1.tsr']));
  }, 90_000);

  it('the validator accepts an issued laudo with its protocol and refuses a changed byte, an unsigned PDF and no file', async () => {
    const report = (await app.call('GET', `/emails/report/laudo/${code}`, token)).rawPayload;
    const ok = await validate(report);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ valido: true, documento: 'Laudo pericial', protocolo: code });
    expect(ok.json().assinante).toContain('não ICP-Brasil');
    expect(ok.json().carimboDoTempo.valido).toBe(true);

    const changed = Buffer.from(report);
    const at = changed.indexOf('Laudo');
    changed[at] = 'l'.charCodeAt(0);
    const bad = await validate(changed);
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ valido: false, motivo: 'A assinatura não confere: o arquivo foi alterado depois de assinado.' });

    const appended = Buffer.concat([report, Buffer.from('\n% acrescentado\n')]);
    expect((await validate(appended)).json()).toMatchObject({
      valido: false,
      motivo: 'O arquivo tem conteúdo acrescentado depois da assinatura.',
    });
    expect((await validate(ATTACHMENT)).json()).toMatchObject({ valido: false, motivo: 'O PDF não tem assinatura digital.' });
    const none = await app.t.app.inject({ method: 'POST', url: '/v2/documentos/validar', payload: { arquivo: 'x' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Envie o PDF no campo arquivo (multipart/form-data).');
  }, 90_000);
});

describe('sending proof on one page', () => {
  it('keeps the QR code on the first page with every status and three attachments (it went alone to page 2)', async () => {
    const up = await app.t.upload(token, [
      { name: 'notificação-extrajudicial-contrato-2026-17.pdf', data: ATTACHMENT },
      { name: 'planilha-de-débitos-atualizada.pdf', data: Buffer.from('%PDF-1.4\n%b\n%%EOF\n') },
      { name: 'procuração.pdf', data: Buffer.from('%PDF-1.4\n%c\n%%EOF\n') },
    ]);
    expect(up.statusCode).toBe(200);
    const sent = await app.call('POST', '/emails/send', token, {
      destinataires: [{ to: 'maria.aparecida@cliente.test', nameTo: 'Maria Aparecida dos Santos Oliveira' }],
      nameFrom: 'Cobrança Demo',
      identificacao: 'Contrato 2026/17 — notificação extrajudicial',
      subject: 'Notificação extrajudicial de cobrança do contrato 2026/17',
      content: '<p>Prezada Maria, segue a notificação.</p>',
      attachments: up.json().map((a: { uuidFilename: string }) => a.uuidFilename),
    });
    expect(sent.statusCode).toBe(200);
    const full = sent.json().emails[0].ema_uni_codigo as number;
    await waitFor(
      () => app.t.ctx.db.selectFrom('emails').select('ema_status_email').where('ema_uni_codigo', '=', full).executeTakeFirstOrThrow(),
      (m) => m.ema_status_email === 'send',
    );
    for (const tipo of ['delivered', 'read', 'download', 'acknowledged', 'answered'] as const) {
      await recordEvent(app.t.ctx.db, {
        cod_email: full,
        canal: 'email',
        tipo,
        ip: '200.147.67.142',
        detalhes: { classificacao: 'pessoa' },
      });
    }
    const res = await app.call('PUT', `/emails/sending-proof/${full}`, token, { name: 'Usuário Demo', email: 'usuario@demo.local' });
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    if (process.env.PROOF_PDF_OUT) await import('node:fs/promises').then((fs) => fs.writeFile(process.env.PROOF_PDF_OUT as string, pdf));
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const label of ['Processado', 'Enviado', 'Entregue', 'Lido', 'Confirmado', 'Respondido', 'procuração.pdf']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('Página 1 de 1');
    expect(await pdfPageCount(pdf)).toBe(1);
    expect(await pdfQrCodes(pdf)).toHaveLength(1);
  });
});
