import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opensslVerifyToken } from '../../../../test/openssl.ts';
import { type BuiltinTsa, createCertificate, generalizedTime, loadBuiltinTsa } from './builtin-tsa.ts';
import { OID } from './pki.ts';
import { checkToken, parseToken } from './token.ts';
import { buildRequest, readResponse } from './tsa-client.ts';

const run = promisify(execFile);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let dir: string;
let tsa: BuiltinTsa;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-tsa-'));
  tsa = await loadBuiltinTsa(dir);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('built-in TSA tokens', () => {
  it('issues a token for the hash, with its serial and time, that openssl and our checker accept', async () => {
    const hash = sha256('evento 1');
    const before = Date.now();
    const issued = await tsa.issue(hash);
    const parsed = parseToken(issued.token);
    expect(parsed.imprintHex).toBe(hash);
    expect(parsed.serialHex).toBe(issued.serialHex);
    expect(parsed.genTime.getTime()).toBe(issued.genTime.getTime());
    expect(issued.genTime.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(parsed.policy).toBe(OID.builtinPolicy);
    expect(parsed.tsaName).toBe(tsa.name);
    expect(parsed.tsaName).toBe('AR Online TSA embutida (não credenciada ICP-Brasil)');
    expect(parsed.nonceHex).toMatch(/^[0-9a-f]{16}$/);
    expect(parsed.signedData.certificates).toHaveLength(1);

    expect((await opensslVerifyToken(issued.token, hash, tsa.certificatePem)).ok).toBe(true);
    const check = await checkToken(issued.token, hash, [tsa.certificate]);
    expect(check.problems).toEqual([]);
    // Another hash is not covered.
    expect((await opensslVerifyToken(issued.token, sha256('outro'), tsa.certificatePem)).ok).toBe(false);
  });

  it('gives every token its own serial, and the same token bytes only once', async () => {
    const hash = sha256('evento 2');
    const tokens = await Promise.all(Array.from({ length: 20 }, () => tsa.issue(hash)));
    expect(new Set(tokens.map((t) => t.serialHex)).size).toBe(20);
    expect(new Set(tokens.map((t) => Buffer.from(t.token).toString('hex'))).size).toBe(20);
  });

  it('is DER: re-encoded to the same bytes, the TSTInfo in a primitive OCTET STRING, and openssl reads it', async () => {
    const issued = await tsa.issue(sha256('evento 3'));
    const file = path.join(dir, 'token.der');
    await fs.writeFile(file, issued.token);
    // Re-encoding a parsed DER structure gives back the same bytes.
    const reencoded = new Uint8Array(asn1js.fromBER(new Uint8Array(issued.token)).result.toBER(false));
    expect(Buffer.from(reencoded).equals(Buffer.from(issued.token))).toBe(true);
    // That alone would not tell a BER constructed OCTET STRING (what pkijs wrote for the TSTInfo)
    // from DER's primitive one: asn1js writes either back as read.
    const eContent = parseToken(issued.token).signedData.encapContentInfo.eContent;
    expect(eContent?.idBlock.isConstructed).toBe(false);
    const { stdout } = await run('openssl', ['cms', '-cmsout', '-inform', 'DER', '-in', file, '-print', '-noout']);
    expect(stdout).toContain('id-smime-ct-TSTInfo');
    expect(stdout).toContain('id-smime-aa-signingCertificateV2');
  });

  it('answers a request without certReq with a token without the certificate, checked against the trusted one', async () => {
    const hash = sha256('evento 4');
    const { nonceHex } = buildRequest(hash);
    const req = new pkijs.TimeStampReq({
      version: 1,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() }),
        hashedMessage: new asn1js.OctetString({ valueHex: Buffer.from(hash, 'hex') }),
      }),
      // A nonce whose first byte has the high bit: DER keeps its leading zero, and so must the token.
      nonce: new asn1js.Integer({ valueHex: Buffer.from(`00ff${nonceHex.slice(4)}`, 'hex') }),
      certReq: false,
    });
    const answer = await tsa.respond(new Uint8Array(req.toSchema().toBER(false)));
    const result = readResponse(answer, hash, `00ff${nonceHex.slice(4)}`);
    const parsed = parseToken(result.token);
    expect(parsed.signedData.certificates ?? []).toHaveLength(0);
    expect(parsed.nonceHex).toBe(`00ff${nonceHex.slice(4)}`);
    expect((await checkToken(result.token, hash, [tsa.certificate])).problems).toEqual([]);
  });

  it('signs SHA-512 imprints from a request, and refuses an imprint of the wrong length', async () => {
    const digest = createHash('sha512').update('evento 5').digest();
    const request = (bytes: Buffer) =>
      new Uint8Array(
        new pkijs.TimeStampReq({
          version: 1,
          messageImprint: new pkijs.MessageImprint({
            hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha512, algorithmParams: new asn1js.Null() }),
            hashedMessage: new asn1js.OctetString({ valueHex: bytes }),
          }),
          certReq: true,
        })
          .toSchema()
          .toBER(false),
      );
    const granted = pkijs.TimeStampResp.fromBER(new Uint8Array(await tsa.respond(request(digest))));
    expect(granted.status.status).toBe(pkijs.PKIStatus.granted);
    const token = new Uint8Array(granted.timeStampToken?.toSchema().toBER(false) ?? new ArrayBuffer(0));
    expect(parseToken(token).imprintAlgorithm).toBe(OID.sha512);
    expect(parseToken(token).nonceHex).toBeNull();

    const refused = pkijs.TimeStampResp.fromBER(new Uint8Array(await tsa.respond(request(digest.subarray(0, 32)))));
    expect(refused.status.status).toBe(pkijs.PKIStatus.rejection);
  });

  it('makes an ECDSA P-256 key for a new folder, and keeps signing with the RSA key of an older one', async () => {
    const { stdout } = await run('openssl', ['x509', '-noout', '-text', '-in', path.join(dir, 'tsa', 'tsa.pem')]);
    expect(stdout).toContain('id-ecPublicKey');
    expect(stdout).toContain('prime256v1');

    const older = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-tsa-rsa-'));
    try {
      const { keyPem, certPem } = await createCertificate('rsa');
      await fs.mkdir(path.join(older, 'tsa'));
      await fs.writeFile(path.join(older, 'tsa', 'tsa-key.pem'), keyPem);
      await fs.writeFile(path.join(older, 'tsa', 'tsa.pem'), certPem);
      const rsa = await loadBuiltinTsa(older);
      expect(rsa.certificatePem).toBe(certPem);
      const hash = sha256('evento 6');
      const issued = await rsa.issue(hash);
      expect((await opensslVerifyToken(issued.token, hash, certPem)).ok).toBe(true);
      expect((await checkToken(issued.token, hash, [rsa.certificate])).problems).toEqual([]);
      const file = path.join(older, 'token.der');
      await fs.writeFile(file, issued.token);
      const { stdout: cms } = await run('openssl', ['cms', '-cmsout', '-inform', 'DER', '-in', file, '-print', '-noout']);
      expect(cms).toContain('sha256WithRSAEncryption');
    } finally {
      await fs.rm(older, { recursive: true, force: true });
    }
  });
});

describe('GeneralizedTime', () => {
  it('is encoded as DER wants it, and read back to the same instant', () => {
    const cases: [string, string][] = [
      ['2026-11-22T07:15:00.000Z', '20261122071500Z'],
      ['2026-11-22T07:15:00.120Z', '20261122071500.12Z'],
      ['2026-01-02T03:04:05.007Z', '20260102030405.007Z'],
    ];
    for (const [iso, text] of cases) {
      const encoded = generalizedTime(new Date(iso));
      expect(Buffer.from(encoded.subarray(2)).toString('ascii')).toBe(text);
      const parsed = asn1js.fromBER(new Uint8Array(encoded)).result as asn1js.GeneralizedTime;
      expect(parsed.toDate().toISOString()).toBe(iso);
    }
  });
});
