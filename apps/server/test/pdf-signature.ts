import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as pkijs from 'pkijs';
import type { Config } from '../src/config.ts';
import { evidenceTsa } from '../src/modules/evidence/evidence.service.ts';
import { signingIdentity } from '../src/modules/signing/signing-identity.ts';

const run = promisify(execFile);

/** What this installation's signatures chain to: its signing certificate and the built-in TSA's. */
export async function installationTrust(config: Config): Promise<{ caPem: string; tsaPem: string }> {
  const [identity, tsa] = await Promise.all([signingIdentity(config), evidenceTsa(config)]);
  return { caPem: identity.pem, tsaPem: tsa.builtin.certificatePem };
}

export interface PdfSignatureCheck {
  /** poppler's pdfsig output (it exits non-zero on a broken signature; its text is kept either way). */
  pdfsig: string;
  /** `openssl cms -verify` over the byte ranges, against `caPem`. */
  cmsVerified: boolean;
  cmsError: string;
  /** The signature time-stamp (id-aa-signatureTimeStampToken) found in the CMS, DER. */
  token: Buffer | null;
  /** `openssl ts -verify` of that token over the SHA-256 of the signature value, against `tsaPem`. */
  tokenVerified: boolean;
  subFilter: string | null;
}

/** Checks a PDF's last signature as an outside verifier would: pdfsig, then openssl over the extracted CMS and its time stamp. */
export async function checkPdfSignature(pdf: Uint8Array, trust: { caPem: string; tsaPem: string }): Promise<PdfSignatureCheck> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-sig-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await fs.writeFile(file, pdf);
    await fs.writeFile(path.join(dir, 'ca.pem'), trust.caPem);
    await fs.writeFile(path.join(dir, 'tsa.pem'), trust.tsaPem);
    const pdfsig = await run('pdfsig', [file]).then(
      (r) => r.stdout,
      (e: { stdout?: string }) => e.stdout ?? '',
    );
    const text = Buffer.from(pdf).toString('latin1');
    const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(-1);
    const subFilter = /\/SubFilter\s*\/([A-Za-z0-9.]+)/.exec(text)?.[1] ?? null;
    if (!ranges) return { pdfsig, cmsVerified: false, cmsError: 'sem ByteRange', token: null, tokenVerified: false, subFilter };
    const [a, b, c, d] = ranges.slice(1).map(Number) as [number, number, number, number];
    const bytes = Buffer.from(pdf);
    const data = Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);
    const hex = bytes.subarray(a + b + 1, c - 1).toString('latin1');
    const padded = Buffer.from(hex, 'hex');
    // The CMS's own length (a DER SEQUENCE with a long-form length), without the zero padding.
    const lengthBytes = (padded[1] ?? 0) & 0x7f;
    const length = 2 + lengthBytes + Number.parseInt(padded.subarray(2, 2 + lengthBytes).toString('hex') || '0', 16);
    const cms = padded.subarray(0, length);
    await fs.writeFile(path.join(dir, 'sig.der'), cms);
    await fs.writeFile(path.join(dir, 'data.bin'), data);
    let cmsVerified = false;
    let cmsError = '';
    try {
      await run('openssl', [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        path.join(dir, 'sig.der'),
        '-content',
        path.join(dir, 'data.bin'),
        '-CAfile',
        path.join(dir, 'ca.pem'),
        '-purpose',
        'any',
        '-out',
        path.join(dir, 'out.bin'),
      ]);
      cmsVerified = true;
    } catch (e) {
      cmsError = String((e as { stderr?: string }).stderr ?? e);
    }
    let token: Buffer | null = null;
    let tokenVerified = false;
    try {
      const sd = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(new Uint8Array(cms)).content });
      const signer = sd.signerInfos[0];
      const attr = signer?.unsignedAttrs?.attributes.find((x) => x.type === '1.2.840.113549.1.9.16.2.14');
      if (signer && attr?.values[0]) {
        token = Buffer.from(attr.values[0].toBER(false));
        await fs.writeFile(path.join(dir, 'tok.der'), token);
        const digest = createHash('sha256').update(signer.signature.valueBlock.valueHexView).digest('hex');
        await run('openssl', [
          'ts',
          '-verify',
          '-digest',
          digest,
          '-sha256',
          '-in',
          path.join(dir, 'tok.der'),
          '-token_in',
          '-CAfile',
          path.join(dir, 'tsa.pem'),
          '-untrusted',
          path.join(dir, 'tsa.pem'),
        ]);
        tokenVerified = true;
      }
    } catch {
      tokenVerified = false;
    }
    return { pdfsig, cmsVerified, cmsError, token, tokenVerified, subFilter };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export interface DssCheck {
  /** How many certificates, CRLs and OCSP answers the catalog's /DSS holds (null: no /DSS). */
  counts: { certs: number; crls: number; ocsps: number } | null;
  /** `openssl verify -crl_check_all` of the DSS's first certificate (the signer's) with the DSS's CRLs, against `caPem`. */
  verified: boolean;
  output: string;
}

/** Reads the DSS (PAdES B-LT) with qpdf, as an outside tool would, and checks the signer's certificate against the CRLs it holds. */
export async function checkDss(pdf: Uint8Array, caPem: string): Promise<DssCheck> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-dss-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await fs.writeFile(file, pdf);
    await fs.writeFile(path.join(dir, 'ca.pem'), caPem);
    const show = async (obj: string) => (await run('qpdf', [`--show-object=${obj}`, file])).stdout;
    const root = /\/Root (\d+) 0 R/.exec(await show('trailer'))?.[1];
    const dssRef = root ? /\/DSS (\d+) 0 R/.exec(await show(root))?.[1] : undefined;
    if (!dssRef) return { counts: null, verified: false, output: 'sem /DSS' };
    const dss = await show(dssRef);
    const refs = (key: string) =>
      [...(new RegExp(`/${key} \\[([^\\]]*)\\]`).exec(dss)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) => m[1] as string);
    const raw = async (num: string) =>
      (await promisify(execFile)('qpdf', [`--show-object=${num}`, '--raw-stream-data', file], { encoding: 'buffer' })).stdout;
    const pems = async (nums: string[], kind: 'x509' | 'crl') => {
      let out = '';
      for (const num of nums) {
        const der = path.join(dir, `${kind}-${num}.der`);
        await fs.writeFile(der, await raw(num));
        out += (await run('openssl', [kind, '-inform', 'DER', '-in', der])).stdout;
      }
      return out;
    };
    const [certs, crls, ocsps] = [refs('Certs'), refs('CRLs'), refs('OCSPs')];
    await fs.writeFile(path.join(dir, 'certs.pem'), await pems(certs, 'x509'));
    await fs.writeFile(path.join(dir, 'crls.pem'), await pems(crls, 'crl'));
    await fs.writeFile(path.join(dir, 'leaf.pem'), await pems(certs.slice(0, 1), 'x509'));
    const args = ['verify', '-crl_check_all', '-CAfile', path.join(dir, 'ca.pem'), '-untrusted', path.join(dir, 'certs.pem')];
    if (crls.length) args.push('-CRLfile', path.join(dir, 'crls.pem'));
    const result = await run('openssl', [...args, path.join(dir, 'leaf.pem')]).then(
      (r) => ({ ok: true, out: r.stdout + r.stderr }),
      (e: { stdout?: string; stderr?: string }) => ({ ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
    );
    return { counts: { certs: certs.length, crls: crls.length, ocsps: ocsps.length }, verified: result.ok, output: result.out };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
