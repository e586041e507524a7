import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opensslA1 } from '../../../test/openssl-pki.ts';
import { checkPdfSignature } from '../../../test/pdf-signature.ts';
import { evidenceTsa } from '../evidence/evidence.service.ts';
import { finish, newPdf, paragraph, title } from '../proofs/pdf-layout.ts';
import { signDocument } from './signing.service.ts';
import { loadP12, SigningConfigError, signingIdentity } from './signing-identity.ts';

let dir: string;

async function samplePdf(): Promise<Buffer> {
  const doc = newPdf({ title: 'Comprovante', subject: 'Teste', header: 'Protocolo 1', createdAt: new Date() });
  title(doc, 'Comprovante de Envio', 'Protocolo nº 1');
  paragraph(doc, 'A mensagem foi entregue ao servidor de e-mail do destinatário: ação, não, coração.');
  return finish(doc, 'Gerado por teste');
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-pades-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('PAdES signature of the PDFs', () => {
  it('signs with the installation certificate and a signature time stamp that pdfsig and openssl verify; a changed byte fails', async () => {
    const config = { dataDir: path.join(dir, 'data') };
    const samplePdfCache = samplePdf();
    const signed = await signDocument(config, await samplePdfCache, 'Comprovante de envio emitido pelo AR Online');
    const identity = await signingIdentity(config);
    const tsaPem = (await evidenceTsa(config)).builtin.certificatePem;
    const caPem = identity.pem;
    // The certificate says it is the installation's own, not ICP-Brasil; its CA is kept in DATA_DIR.
    expect(identity.name).toContain('não ICP-Brasil');
    expect(await fs.readFile(path.join(config.dataDir, 'assinatura', 'ca.pem'), 'utf8')).toContain('BEGIN CERTIFICATE');

    const ok = await checkPdfSignature(signed, { caPem, tsaPem });
    expect(ok.pdfsig).toContain('Signature is Valid');
    expect(ok.pdfsig).toContain('ETSI.CAdES.detached');
    // The signed revision is followed by the DSS update (B-LT, dss.test.ts): pdfsig says so.
    expect(ok.pdfsig).toContain('Not total document signed');
    expect(ok.subFilter).toBe('ETSI.CAdES.detached');
    expect(ok.cmsError).toBe('');
    expect(ok.cmsVerified).toBe(true);
    expect(ok.token).not.toBeNull();
    expect(ok.tokenVerified).toBe(true);
    // The signed file is the document as made, plus an incremental update.
    expect(signed.subarray(0, 200).equals((await samplePdfCache).subarray(0, 200))).toBe(true);

    // One byte of the document's content changed (inside the first byte range).
    const changed = Buffer.from(signed);
    const at = changed.indexOf('/Title');
    changed[at + 8] = (changed[at + 8] ?? 0) ^ 0x01;
    const bad = await checkPdfSignature(changed, { caPem, tsaPem });
    expect(bad.pdfsig).not.toContain('Signature is Valid');
    expect(bad.cmsVerified).toBe(false);

    // The signature value changed: its time stamp no longer covers it.
    const sigChanged = Buffer.from(signed);
    const contents = sigChanged.indexOf('/Contents <') + 11;
    const hex = sigChanged.subarray(contents, contents + 24 * 1024 * 2).toString('latin1');
    const cmsLength = hex.replace(/0+$/, '').length;
    // A byte near the end of the signature value, before the unsigned attributes: flip a hex digit well inside the CMS.
    const flipAt = contents + Math.floor(cmsLength / 2);
    sigChanged[flipAt] = sigChanged[flipAt] === 0x30 ? 0x31 : 0x30;
    const badSig = await checkPdfSignature(sigChanged, { caPem, tsaPem });
    expect(badSig.pdfsig).not.toContain('Signature is Valid');
    expect(badSig.cmsVerified && badSig.tokenVerified).toBe(false);
  });

  it("signs with the operator's PKCS#12 (OpenSSL 3, AES/PBKDF2) and refuses a wrong password or a certificate that cannot sign", async () => {
    const a1 = await opensslA1(dir, 'a1', { keyUsage: 'digitalSignature,nonRepudiation,keyEncipherment' });
    const config = { dataDir: path.join(dir, 'data-p12'), signingP12: a1.p12, signingP12Password: 'senha-A1' };
    const signed = await signDocument(config, await samplePdf(), 'Laudo pericial emitido pelo AR Online');
    const tsaPem = (await evidenceTsa(config)).builtin.certificatePem;
    const check = await checkPdfSignature(signed, { caPem: a1.caPem, tsaPem });
    expect(check.pdfsig).toContain('Signature is Valid');
    expect(check.pdfsig).toContain('EMPRESA TESTE LTDA:12345678000195');
    expect(check.cmsVerified).toBe(true);
    expect(check.tokenVerified).toBe(true);
    // No installation certificate was made: the operator's signs.
    await expect(fs.stat(path.join(config.dataDir, 'assinatura'))).rejects.toThrow();

    await expect(loadP12(a1.p12, 'errada')).rejects.toThrow(
      new SigningConfigError('SIGNING_P12_PASSWORD: senha incorreta para o arquivo SIGNING_P12'),
    );
    const encipherOnly = await opensslA1(dir, 'cifra', { keyUsage: 'keyEncipherment' });
    await expect(loadP12(encipherOnly.p12, 'senha-A1')).rejects.toThrow(/SIGNING_P12: o certificado não permite assinatura/);
    await expect(loadP12(path.join(dir, 'nao-existe.p12'), 'x')).rejects.toThrow(/SIGNING_P12: não foi possível ler/);
  });
});
