import { createHash, createPrivateKey, sign as cryptoSign, type KeyObject, webcrypto } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { derToPem, distinguishedName, OID, pemToDer, positiveRandom } from './pki.ts';

/**
 * The built-in time-stamp authority (DESIGN §3, used when TSA_URL is unset). Its key (ECDSA P-256;
 * RSA 2048 in folders made before 2026-11-22, still loaded as they are) and self-signed
 * certificate are made at first start in DATA_DIR/tsa and reused; the certificate says
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
  // UTF-8 strings, accents included (certificates made before 2026-11-25 say 'nao': tsaLabel in
  // packages/core shows those names accented too).
  ['2.5.4.11', 'Carimbo do tempo embutido - NÃO credenciado na ICP-Brasil (não é uma ACT)'],
  ['2.5.4.3', 'AR Online TSA embutida (não credenciada ICP-Brasil)'],
];
const KEY_ALGORITHMS = {
  // ECDSA P-256 with SHA-256: a signature costs ~0.05 ms of CPU, against ~1.5 ms for RSA 2048, and
  // every event of every message is stamped (docs/evidence.md). ICP-Brasil's own ACTs sign with RSA
  // or ECDSA; this one is not accredited either way.
  ecdsa: { name: 'ECDSA', namedCurve: 'P-256' },
  rsa: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
} as const;
const subtle = webcrypto.subtle as unknown as SubtleCrypto;

/** A new key and its self-signed time-stamping certificate, PEM (RSA only for the tests of older folders). */
export async function createCertificate(algorithm: keyof typeof KEY_ALGORITHMS = 'ecdsa'): Promise<{ keyPem: string; certPem: string }> {
  const keys = (await subtle.generateKey(KEY_ALGORITHMS[algorithm], true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ valueHex: positiveRandom(16) });
  cert.subject = distinguishedName(SUBJECT);
  cert.issuer = distinguishedName(SUBJECT);
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
  const signer = makeSigner(certificate, pemToDer(certPem), createPrivateKey(keyPem));
  const name = SUBJECT.find(([t]) => t === '2.5.4.3')?.[1] ?? 'AR Online TSA';
  return {
    name,
    certificate,
    certificatePem: certPem,
    respond: (req) => respond(req, signer),
    issue: async (hashHex) => {
      const nonce = positiveRandom(8);
      // MessageImprint (RFC 3161 §2.4.1): the SHA-256 algorithm identifier and the hash.
      const imprint = der(SEQUENCE, SHA256_ALGORITHM, der(OCTET_STRING, Buffer.from(hashHex, 'hex')));
      return signToken(signer, imprint, positiveInteger(nonce), true);
    },
  };
}

/**
 * What every token of this TSA repeats, encoded once: the certificate (DER, as loaded), the signer
 * identifier, the TSA's name and the fixed fields (those the same for every TSA are constants below). A token is then its few varying fields around
 * these bytes (`signToken`) instead of a pkijs tree with the certificate encoded again each time,
 * which cost several times the RSA signature.
 */
interface Signer {
  key: KeyObject;
  /** ecdsa-with-SHA256 or sha256WithRSAEncryption, as the key is. */
  signatureAlgorithm: Uint8Array;
  certDer: Uint8Array;
  /** SignerIdentifier: IssuerAndSerialNumber of the certificate. */
  sid: Uint8Array;
  /** TSTInfo's accuracy (1 s). */
  accuracy: Uint8Array;
  /** TSTInfo's tsa: [0] GeneralName directoryName, the certificate's subject. */
  tsaName: Uint8Array;
  /** The signed attribute signingCertificateV2 (RFC 5035): the certificate's SHA-256. */
  signingCertificateV2: Uint8Array;
}

const ber = (o: { toBER(sizeOnly?: boolean): ArrayBuffer }) => new Uint8Array(o.toBER(false));

function makeSigner(cert: pkijs.Certificate, certDer: Uint8Array, key: KeyObject): Signer {
  const certHash = createHash('sha256').update(certDer).digest();
  if (key.asymmetricKeyType !== 'ec' && key.asymmetricKeyType !== 'rsa')
    throw new Error(`TSA key of type ${key.asymmetricKeyType} is not supported`);
  return {
    key,
    signatureAlgorithm: key.asymmetricKeyType === 'ec' ? ECDSA_SHA256_ALGORITHM : RSA_SHA256_ALGORITHM,
    certDer,
    sid: ber(new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }).toSchema()),
    accuracy: ber(new pkijs.Accuracy({ seconds: 1 }).toSchema()),
    tsaName: der(0xa0, ber(new pkijs.GeneralName({ type: 4, value: cert.subject }).toSchema() as asn1js.Constructed)),
    signingCertificateV2: ber(
      new pkijs.Attribute({
        type: OID.signingCertificateV2,
        values: [
          new asn1js.Sequence({
            value: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: certHash })] })] })],
          }),
        ],
      }).toSchema(),
    ),
  };
}

/** A DER element: its tag, its length, its content (the parts, already DER). */
function der(tag: number, ...parts: Uint8Array[]): Uint8Array {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const head =
    length < 0x80
      ? [tag, length]
      : length < 0x100
        ? [tag, 0x81, length]
        : length < 0x10000
          ? [tag, 0x82, length >> 8, length & 0xff]
          : [tag, 0x83, length >> 16, (length >> 8) & 0xff, length & 0xff];
  return Buffer.concat([Uint8Array.from(head), ...parts]);
}

/**
 * GeneralizedTime in DER (X.690 §11.7): UTC, 'Z', the fraction of a second only when not zero and
 * without trailing zeros — "20261122071500.12Z".
 */
export function generalizedTime(date: Date): Uint8Array {
  const iso = date.toISOString(); // 2026-11-22T07:15:00.120Z
  const fraction = iso.slice(20, 23).replace(/0+$/, '');
  const text = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}${fraction ? `.${fraction}` : ''}Z`;
  return der(0x18, Buffer.from(text, 'ascii'));
}

const SEQUENCE = 0x30;
const SET = 0x31;
const OCTET_STRING = 0x04;
/** An INTEGER of positiveRandom bytes (written as they are). */
const positiveInteger = (bytes: Uint8Array) => der(0x02, bytes);
const SHA256_ALGORITHM = ber(new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() }).toSchema());
// RFC 5758 §3.2: the ECDSA algorithm identifiers have no parameters.
const ECDSA_SHA256_ALGORITHM = ber(new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSHA256 }).toSchema());
const RSA_SHA256_ALGORITHM = ber(
  new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRSAEncryption, algorithmParams: new asn1js.Null() }).toSchema(),
);
const VERSION_1 = ber(new asn1js.Integer({ value: 1 }));
const VERSION_3 = ber(new asn1js.Integer({ value: 3 }));
/** TSTInfo's version and policy, the same in every token. */
const TST_INFO_HEAD = Buffer.concat([VERSION_1, ber(new asn1js.ObjectIdentifier({ value: OID.builtinPolicy }))]);
const SIGNED_DATA_OID = ber(new asn1js.ObjectIdentifier({ value: OID.signedData }));
const TST_INFO_OID = ber(new asn1js.ObjectIdentifier({ value: OID.tstInfo }));
const CONTENT_TYPE_ATTRIBUTE = ber(
  new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })] }).toSchema(),
);
const MESSAGE_DIGEST_OID = ber(new asn1js.ObjectIdentifier({ value: OID.messageDigest }));

/** TimeStampResp's PKIStatusInfo: granted. */
const GRANTED = ber(new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }).toSchema());

const sign = promisify(cryptoSign);

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

async function respond(request: Uint8Array, signer: Signer): Promise<Uint8Array> {
  let req: pkijs.TimeStampReq;
  try {
    req = pkijs.TimeStampReq.fromBER(new Uint8Array(request));
  } catch {
    return rejection(5, 'TimeStampReq inválido');
  }
  const alg = req.messageImprint.hashAlgorithm.algorithmId;
  if (DIGEST_LENGTHS[alg] !== req.messageImprint.hashedMessage.valueBlock.valueHexView.byteLength) {
    return rejection(0, 'Algoritmo de hash não aceito (use SHA-256, SHA-384 ou SHA-512)');
  }
  const { token } = await signToken(signer, ber(req.messageImprint.toSchema()), req.nonce && ber(req.nonce), !!req.certReq);
  return der(SEQUENCE, GRANTED, token);
}

/**
 * A TimeStampToken for an imprint (RFC 3161 §2.4.2): TSTInfo in a CMS SignedData (RFC 5652) with
 * the content type, message digest and ESS signingCertificateV2 signed attributes, signed with
 * the key's algorithm over SHA-256 (ECDSA, DER signature; or RSA PKCS#1 v1.5), in libuv's thread
 * pool, the certificate attached when asked for.
 */
async function signToken(
  signer: Signer,
  /** The request's MessageImprint, DER. */
  messageImprint: Uint8Array,
  /** The request's nonce, an INTEGER already DER. */
  nonce: Uint8Array | undefined,
  certReq: boolean,
): Promise<IssuedToken> {
  // 16 random bytes: a serial no two tokens share.
  const serial = positiveRandom(16);
  const genTime = new Date();
  const tstInfo = der(
    SEQUENCE,
    TST_INFO_HEAD,
    messageImprint,
    positiveInteger(serial),
    generalizedTime(genTime),
    signer.accuracy,
    ...(nonce ? [nonce] : []),
    signer.tsaName,
  );
  const digest = createHash('sha256').update(tstInfo).digest();
  const attributes = [
    CONTENT_TYPE_ATTRIBUTE,
    der(SEQUENCE, MESSAGE_DIGEST_OID, der(SET, der(OCTET_STRING, digest))),
    signer.signingCertificateV2,
  ];
  // The signature covers the attributes as a SET (RFC 5652 §5.4); the SignerInfo holds them as [0] IMPLICIT.
  // ECDSA signs in this thread: ~0.05 ms, less than the hop to libuv's pool and back, which left
  // the stamp worker waiting (bench/send-pipeline). RSA (~1.5 ms, older folders) goes to the pool.
  const toSign = der(SET, ...attributes);
  const signature =
    signer.key.asymmetricKeyType === 'ec' ? cryptoSign('sha256', toSign, signer.key) : await sign('sha256', toSign, signer.key);
  const signerInfo = der(
    SEQUENCE,
    VERSION_1,
    signer.sid,
    SHA256_ALGORITHM,
    der(0xa0, ...attributes),
    signer.signatureAlgorithm,
    der(OCTET_STRING, signature),
  );
  const signedData = der(
    SEQUENCE,
    VERSION_3,
    der(SET, SHA256_ALGORITHM),
    der(SEQUENCE, TST_INFO_OID, der(0xa0, der(OCTET_STRING, tstInfo))),
    ...(certReq ? [der(0xa0, signer.certDer)] : []),
    der(SET, signerInfo),
  );
  const token = der(SEQUENCE, SIGNED_DATA_OID, der(0xa0, signedData));
  // The serial as a token parser reads it back (toHex of the INTEGER's bytes).
  return { token, serialHex: serial.toString('hex'), genTime };
}
