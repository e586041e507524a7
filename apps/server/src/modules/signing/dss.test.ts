import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opensslA1 } from '../../../test/openssl-pki.ts';
import { checkDss, checkPdfSignature } from '../../../test/pdf-signature.ts';
import { freePort } from '../../../test/processes.ts';
import { evidenceTsa } from '../evidence/evidence.service.ts';
import { finish, newPdf, paragraph, title } from '../proofs/pdf-layout.ts';
import { addDss, dssAfter } from './dss.ts';
import { lastSignature } from './pdf-update.ts';
import { signDocument } from './signing.service.ts';
import { signingIdentity } from './signing-identity.ts';

// PAdES B-LT (docs/signatures.md): the validation data in a DSS update after the signature.
let dir: string;
let crlServer: http.Server;
let crlBase: string;
const served = new Map<string, Buffer>();

async function samplePdf(): Promise<Buffer> {
  const doc = newPdf({ title: 'Laudo', subject: 'Teste', header: 'Protocolo 2', createdAt: new Date() });
  title(doc, 'Laudo Pericial', 'Protocolo nº 2');
  paragraph(doc, 'Cadeia de eventos íntegra: ação, não, coração.');
  return finish(doc, 'Gerado por teste');
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-dss-'));
  // The external AC's CRL distribution point, on a local port.
  crlServer = http.createServer((req, res) => {
    const body = served.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/pkix-crl' });
    res.end(body ?? '');
  });
  const port = await freePort();
  await new Promise<void>((r) => crlServer.listen(port, '127.0.0.1', r));
  crlBase = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise((r) => crlServer.close(r));
  await fs.rm(dir, { recursive: true, force: true });
});

describe('PAdES B-LT: the DSS after the signature', () => {
  it("holds the chain, the TSA's certificate and a CRL the installation's CA issued now; only that update may follow the signature", async () => {
    const config = { dataDir: path.join(dir, 'data') };
    const signed = await signDocument(config, await samplePdf(), 'Laudo pericial emitido pelo AR Online');
    const identity = await signingIdentity(config);
    const tsaPem = (await evidenceTsa(config)).builtin.certificatePem;
    const sig = await checkPdfSignature(signed, { caPem: identity.pem, tsaPem });
    expect(sig.pdfsig).toContain('Signature is Valid');
    expect([sig.cmsVerified, sig.tokenVerified]).toEqual([true, true]);
    const dss = await checkDss(signed, identity.pem);
    expect(dss.counts).toEqual({ certs: 3, crls: 1, ocsps: 0 });
    expect(dss.verified).toBe(true);
    // The CRL is the CA's, issued after the signature's time stamp, holding 7 days.
    const range = lastSignature(signed)?.range as [number, number, number, number];
    const data = dssAfter(signed, range[2] + range[3]);
    expect(data?.crls).toHaveLength(1);

    // Anything else after the signed revision is not the DSS update the product makes.
    const end = range[2] + range[3];
    expect(dssAfter(Buffer.concat([signed, Buffer.from('% acrescentado\n')]), end)).toBeNull();
    const otherCatalog = Buffer.from(signed.toString('latin1').replace('/DSS ', '/OpenAction 1 0 R\n/DSS '), 'latin1');
    expect(dssAfter(otherCatalog, end)).toBeNull();
    const moreData = addDss(signed.subarray(0, end), { certs: [...(data?.certs ?? []), new Uint8Array([0x30, 0])], crls: [], ocsps: [] });
    expect(dssAfter(moreData, end)?.certs).toHaveLength(4);
  });

  it('an installation made before its CA key was kept signs with the certificates and no CRL (B-T)', async () => {
    const made = path.join(dir, 'old');
    await signingIdentity({ dataDir: made });
    const legacy = { dataDir: path.join(dir, 'legacy') };
    await fs.cp(path.join(made, 'assinatura'), path.join(legacy.dataDir, 'assinatura'), { recursive: true });
    await fs.rm(path.join(legacy.dataDir, 'assinatura', 'ca-key.pem'));
    const signed = await signDocument(legacy, await samplePdf(), 'Laudo pericial emitido pelo AR Online');
    const identity = await signingIdentity(legacy);
    expect(identity.issueCrl).toBeUndefined();
    const dss = await checkDss(signed, identity.pem);
    expect(dss.counts).toEqual({ certs: 3, crls: 0, ocsps: 0 });
    expect(dss.verified).toBe(false);
    expect(dss.output).toContain('unable to get certificate CRL');
  });

  it("embeds an external AC's CRL fetched from the certificate's distribution point; without it the document is still signed (B-T)", async () => {
    const reachable = await opensslA1(dir, 'com-crl', {
      keyUsage: 'digitalSignature,nonRepudiation',
      crlUrl: `${crlBase}/ac-teste.crl`,
    });
    served.set('/ac-teste.crl', await reachable.crl());
    const config = { dataDir: path.join(dir, 'data-p12'), signingP12: reachable.p12, signingP12Password: reachable.password };
    const tsaPem = (await evidenceTsa(config)).builtin.certificatePem;
    const signed = await signDocument(config, await samplePdf(), 'Laudo pericial emitido pelo AR Online');
    expect((await checkPdfSignature(signed, { caPem: reachable.caPem, tsaPem })).cmsVerified).toBe(true);
    const dss = await checkDss(signed, reachable.caPem);
    expect(dss.counts).toEqual({ certs: 3, crls: 1, ocsps: 0 });
    expect(dss.verified).toBe(true);
    // The CRL embedded is the one the AC published (byte for byte).
    const range = lastSignature(signed)?.range as [number, number, number, number];
    expect(Buffer.from(dssAfter(signed, range[2] + range[3])?.crls[0] ?? []).equals(served.get('/ac-teste.crl') as Buffer)).toBe(true);

    // A distribution point that does not answer: signed, verified, the certificates in the DSS, no CRL.
    const closed = await freePort();
    const unreachable = await opensslA1(dir, 'sem-crl', {
      keyUsage: 'digitalSignature,nonRepudiation',
      crlUrl: `http://127.0.0.1:${closed}/ac.crl`,
    });
    const off = { dataDir: path.join(dir, 'data-p12-off'), signingP12: unreachable.p12, signingP12Password: unreachable.password };
    const alone = await signDocument(off, await samplePdf(), 'Laudo pericial emitido pelo AR Online');
    const check = await checkPdfSignature(alone, { caPem: unreachable.caPem, tsaPem: (await evidenceTsa(off)).builtin.certificatePem });
    expect(check.pdfsig).toContain('Signature is Valid');
    expect([check.cmsVerified, check.tokenVerified]).toEqual([true, true]);
    const none = await checkDss(alone, unreachable.caPem);
    expect(none.counts).toEqual({ certs: 3, crls: 0, ocsps: 0 });
    expect(none.output).toContain('unable to get certificate CRL');
  });
});
