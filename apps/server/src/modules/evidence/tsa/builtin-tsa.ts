import { createHash, randomBytes, webcrypto } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { derToPem, OID, pemToDer } from './pki.ts';

/**
 * The built-in time-stamp authority (DESIGN §3, used when TSA_URL is unset). Its RSA key and
 * self-signed certificate are made at first start in DATA_DIR/tsa and reused; the certificate says
 * in its subject that it is not an ICP-Brasil accredited ACT. It answers RFC 3161 requests
 * (POST /v2/tsa) with tokens that `openssl ts -verify` accepts: TSTInfo in a CMS SignedData with
 * the ESS signingCertificateV2 attribute, signed by a certificate whose extendedKeyUsage is
 * timeStamping only, and critical.
 */
export interface BuiltinTsa {
  name: string;
  certificate: pkijs.Certificate;
  certificatePem: string;
  /** Answers a DER TimeStampReq with a DER TimeStampResp (a rejection when the request is unusable). */
  respond(request: Uint8Array): Promise<Uint8Array>;
  /**
   * The same token as `respond` grants for a request with this SHA-256 hash, a random nonce and
   * certReq, made in process without encoding a request and parsing the answer back (a token
   * parse costs several times its signature): what the stamp worker uses.
   */
  issue(hashHex: string): Promise<IssuedToken>;
}

export interface IssuedToken {
  /** The TimeStampToken (ContentInfo), DER. */
  token: Uint8Array;
  serialHex: string;
  genTime: Date;
}

const SUBJECT: [string, string][] = [
  ['2.5.4.6', 'BR'],
  ['2.5.4.10', 'AR Online'],
  ['2.5.4.11', 'Carimbo do tempo embutido - NAO credenciado na ICP-Brasil (nao e uma ACT)'],
  ['2.5.4.3', 'AR Online TSA embutida (nao credenciada ICP-Brasil)'],
];
const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const subtle = webcrypto.subtle as unknown as SubtleCrypto;

/** A positive integer of 16 random bytes: serial numbers no two tokens or certificates share. */
export function randomSerial(): asn1js.Integer {
  const bytes = randomBytes(16);
  bytes[0] &= 0x7f;
  bytes[0] |= 0x01;
  return new asn1js.Integer({ valueHex: bytes });
}

async function createCertificate(): Promise<{ keyPem: string; certPem: string }> {
  const keys = (await subtle.generateKey({ ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = randomSerial();
  // One attribute per RDN (C=BR, O=..., OU=..., CN=...), as readers of the name expect.
  const name = new asn1js.Sequence({
    value: SUBJECT.map(
      ([type, value]) =>
        new asn1js.Set({
          value: [
            new pkijs.AttributeTypeAndValue({
              type,
              value: type === '2.5.4.6' ? new asn1js.PrintableString({ value }) : new asn1js.Utf8String({ value }),
            }).toSchema(),
          ],
        }),
    ),
  }).toBER(false);
  cert.subject = pkijs.RelativeDistinguishedNames.fromBER(name);
  cert.issuer = pkijs.RelativeDistinguishedNames.fromBER(name);
  const now = new Date();
  cert.notBefore.value = new Date(now.getTime() - 60_000);
  cert.notAfter.value = new Date(now.getTime() + 20 * 365.25 * 24 * 3600 * 1000);
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey);
  const keyId = createHash('sha1').update(cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest();
  cert.extensions = [
    new pkijs.Extension({
      extnID: OID.basicConstraints,
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: false }).toSchema().toBER(false),
    }),
    new pkijs.Extension({
      extnID: OID.extKeyUsage,
      critical: true,
      extnValue: new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] }).toSchema().toBER(false),
    }),
    new pkijs.Extension({ extnID: OID.subjectKeyIdentifier, extnValue: new asn1js.OctetString({ valueHex: keyId }).toBER(false) }),
  ];
  await cert.sign(keys.privateKey, 'SHA-256');
  const pkcs8 = new Uint8Array(await subtle.exportKey('pkcs8', keys.privateKey));
  return { keyPem: derToPem(pkcs8, 'PRIVATE KEY'), certPem: derToPem(new Uint8Array(cert.toSchema().toBER(false)), 'CERTIFICATE') };
}

/** Loads DATA_DIR/tsa/{tsa.pem,tsa-key.pem}, making them on the first start. */
export async function loadBuiltinTsa(dataDir: string): Promise<BuiltinTsa> {
  const dir = path.join(dataDir, 'tsa');
  const certFile = path.join(dir, 'tsa.pem');
  const keyFile = path.join(dir, 'tsa-key.pem');
  let certPem: string;
  let keyPem: string;
  try {
    [certPem, keyPem] = await Promise.all([fs.readFile(certFile, 'utf8'), fs.readFile(keyFile, 'utf8')]);
  } catch {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    ({ certPem, keyPem } = await createCertificate());
    // The key first, then the certificate (what loading looks for), each written whole.
    await fs.writeFile(`${keyFile}.tmp`, keyPem, { mode: 0o600 });
    await fs.rename(`${keyFile}.tmp`, keyFile);
    await fs.writeFile(`${certFile}.tmp`, certPem);
    await fs.rename(`${certFile}.tmp`, certFile);
  }
  const certificate = pkijs.Certificate.fromBER(pemToDer(certPem));
  const privateKey = await subtle.importKey('pkcs8', pemToDer(keyPem), RSA, false, ['sign']);
  const certHash = createHash('sha256').update(pemToDer(certPem)).digest();
  const name = SUBJECT.find(([t]) => t === '2.5.4.3')?.[1] ?? 'AR Online TSA';
  const signer = { cert: certificate, key: privateKey, certHash };
  return {
    name,
    certificate,
    certificatePem: certPem,
    respond: (req) => respond(req, signer),
    issue: async (hashHex) => {
      const nonce = randomBytes(8);
      nonce[0] &= 0x7f;
      nonce[0] |= 0x01;
      const imprint = new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() }),
        hashedMessage: new asn1js.OctetString({ valueHex: Buffer.from(hashHex, 'hex') }),
      });
      const { token, serialHex, genTime } = await signToken(signer, imprint, new asn1js.Integer({ valueHex: nonce }), true);
      return { token: new Uint8Array(token.toSchema().toBER(false)), serialHex, genTime };
    },
  };
}

interface Signer {
  cert: pkijs.Certificate;
  key: CryptoKey;
  certHash: Buffer;
}

function rejection(failBit: number, text: string): Uint8Array {
  // PKIFailureInfo is a BIT STRING; bit n set means failure n (badAlg 0, badRequest 2, badDataFormat 5).
  const bits = new Uint8Array(4);
  bits[Math.floor(failBit / 8)] |= 0x80 >> (failBit % 8);
  const status = new asn1js.Sequence({
    value: [
      new asn1js.Integer({ value: 2 }),
      new asn1js.Sequence({ value: [new asn1js.Utf8String({ value: text })] }),
      new asn1js.BitString({ valueHex: bits.slice(0, Math.floor(failBit / 8) + 1), unusedBits: 7 - (failBit % 8) }),
    ],
  });
  return new Uint8Array(new asn1js.Sequence({ value: [status] }).toBER(false));
}

const DIGEST_LENGTHS: Record<string, number> = { [OID.sha256]: 32, [OID.sha384]: 48, [OID.sha512]: 64 };

async function respond(der: Uint8Array, signer: Signer): Promise<Uint8Array> {
  let req: pkijs.TimeStampReq;
  try {
    req = pkijs.TimeStampReq.fromBER(new Uint8Array(der));
  } catch {
    return rejection(5, 'TimeStampReq inválido');
  }
  const alg = req.messageImprint.hashAlgorithm.algorithmId;
  if (DIGEST_LENGTHS[alg] !== req.messageImprint.hashedMessage.valueBlock.valueHexView.byteLength) {
    return rejection(0, 'Algoritmo de hash não aceito (use SHA-256, SHA-384 ou SHA-512)');
  }
  const { token } = await signToken(signer, req.messageImprint, req.nonce, !!req.certReq);
  const resp = new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }), timeStampToken: token });
  return new Uint8Array(resp.toSchema().toBER(false));
}

/** A TimeStampToken for an imprint: TSTInfo in a CMS SignedData with the ESS signingCertificateV2 attribute. */
async function signToken(
  { cert, key, certHash }: Signer,
  messageImprint: pkijs.MessageImprint,
  nonce: asn1js.Integer | undefined,
  certReq: boolean,
): Promise<{ token: pkijs.ContentInfo; serialHex: string; genTime: Date }> {
  const serialNumber = randomSerial();
  const genTime = new Date();
  const tstInfo = new pkijs.TSTInfo({
    version: 1,
    policy: OID.builtinPolicy,
    messageImprint,
    serialNumber,
    genTime,
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
    ...(nonce ? { nonce } : {}),
    tsa: new pkijs.GeneralName({ type: 4, value: cert.subject }),
  });
  const content = new Uint8Array(tstInfo.toSchema().toBER(false));
  const digest = createHash('sha256').update(content).digest();
  const signingCertificateV2 = new asn1js.Sequence({
    value: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: certHash })] })] })],
  });
  const signed = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.tstInfo,
      eContent: new asn1js.OctetString({ valueHex: content }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })] }),
            new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
            new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2] }),
          ],
        }),
      }),
    ],
    ...(certReq ? { certificates: [cert] } : {}),
  });
  await signed.sign(key, 0, 'SHA-256');
  const token = new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) });
  // The serial as a token parser reads it back (toHex of the INTEGER's bytes).
  return { token, serialHex: Buffer.from(serialNumber.valueBlock.valueHexView).toString('hex'), genTime };
}
