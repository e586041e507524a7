import { createHash, createPrivateKey, type KeyObject, webcrypto } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { commonName, derToPem, distinguishedName, OID, pemToDer, positiveRandom } from '../evidence/tsa/pki.ts';
import { caSigningKey, issueInstallationCrl } from './crl.ts';

/**
 * Who signs the PDFs the product issues (docs/signatures.md): the installation's own certificate,
 * made at first start in DATA_DIR/assinatura by its own small CA (like the built-in TSA, and as
 * clearly not ICP-Brasil), or the operator's certificate from SIGNING_P12 (an ICP-Brasil A1).
 *
 * The seam for an A3 token (PKCS#11) is `sign`: everything else (the CMS, the time stamp, the
 * PDF) only asks this object to sign the DER of the signed attributes.
 */
export interface SigningIdentity {
  /** The signer's certificate, DER, and the chain above it (CA certificates, DER), leaf first. */
  certificate: pkijs.Certificate;
  certificateDer: Uint8Array;
  chainDer: Uint8Array[];
  /** What a person reads as the signer: the certificate's common name. */
  name: string;
  /** 'embutido' (the installation's own) or 'p12' (SIGNING_P12). */
  source: 'embutido' | 'p12';
  /** The certificates a signature must chain to: the embedded CA, or the P12's chain (its root, else the leaf). */
  trusted: pkijs.Certificate[];
  /** sha256WithRSAEncryption or ecdsa-with-SHA256, as the key is. */
  signatureAlgorithm: string;
  /** Signs `data` with SHA-256 and the private key, which never leaves this process. */
  sign(data: Uint8Array): Promise<Uint8Array>;
  /** The certificate and its chain, PEM (the public route GET /v2/assinatura/certificado.pem). */
  pem: string;
  /** A CRL issued now by the CA above the certificate, when this installation holds that CA's key (its own CA). */
  issueCrl?: () => Promise<Uint8Array>;
}

export class SigningConfigError extends Error {}

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const KEY_USAGE = '2.5.29.15';
const AUTHORITY_KEY_ID = '2.5.29.35';

const CA_SUBJECT: [string, string][] = [
  ['2.5.4.6', 'BR'],
  ['2.5.4.10', 'AR Online'],
  ['2.5.4.11', 'Autoridade certificadora própria desta instalação - NÃO é ICP-Brasil'],
  ['2.5.4.3', 'AR Online AC da instalação (não ICP-Brasil)'],
];
const LEAF_SUBJECT: [string, string][] = [
  ['2.5.4.6', 'BR'],
  ['2.5.4.10', 'AR Online'],
  ['2.5.4.11', 'Certificado de assinatura próprio desta instalação - NÃO é ICP-Brasil'],
  ['2.5.4.3', 'AR Online - assinatura de documentos da instalação (não ICP-Brasil)'],
];

/** KeyUsage bits (X.509 §4.2.1.3): digitalSignature 0, nonRepudiation 1, keyCertSign 5, cRLSign 6. */
function keyUsage(bits: number[]): pkijs.Extension {
  let byte = 0;
  for (const b of bits) byte |= 0x80 >> b;
  const unused = Math.min(7, 7 - Math.max(...bits));
  return new pkijs.Extension({
    extnID: KEY_USAGE,
    critical: true,
    extnValue: new asn1js.BitString({ valueHex: new Uint8Array([byte]), unusedBits: unused }).toBER(false),
  });
}

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) };
const YEAR = 365.25 * 24 * 3600 * 1000;

async function makeCertificate(o: {
  subject: [string, string][];
  issuer: pkijs.RelativeDistinguishedNames;
  publicKey: CryptoKey;
  signingKey: CryptoKey;
  issuerKeyId?: Uint8Array;
  ca: boolean;
  years: number;
}): Promise<pkijs.Certificate> {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ valueHex: positiveRandom(16) });
  cert.subject = distinguishedName(o.subject);
  cert.issuer = o.issuer;
  const now = Date.now();
  cert.notBefore.value = new Date(now - 60_000);
  cert.notAfter.value = new Date(now + o.years * YEAR);
  await cert.subjectPublicKeyInfo.importKey(o.publicKey);
  const keyId = createHash('sha1').update(cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest();
  cert.extensions = [
    new pkijs.Extension({
      extnID: OID.basicConstraints,
      critical: true,
      extnValue: new pkijs.BasicConstraints(o.ca ? { cA: true, pathLenConstraint: 0 } : { cA: false }).toSchema().toBER(false),
    }),
    o.ca ? keyUsage([5, 6]) : keyUsage([0, 1]),
    new pkijs.Extension({ extnID: OID.subjectKeyIdentifier, extnValue: new asn1js.OctetString({ valueHex: keyId }).toBER(false) }),
    ...(o.issuerKeyId
      ? [
          new pkijs.Extension({
            extnID: AUTHORITY_KEY_ID,
            extnValue: new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: o.issuerKeyId }) })
              .toSchema()
              .toBER(false),
          }),
        ]
      : []),
  ];
  await cert.sign(o.signingKey, 'SHA-256');
  return cert;
}

const certDer = (c: pkijs.Certificate) => new Uint8Array(c.toSchema().toBER(false));

/**
 * A new CA and the signing certificate it issues (digitalSignature and nonRepudiation), PEM; the
 * CA's key is kept to issue the CRLs the signatures' validation data carry (B-LT).
 */
export async function createInstallationCertificates(): Promise<{ caPem: string; caKeyPem: string; certPem: string; keyPem: string }> {
  const caKeys = (await subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const caName = distinguishedName(CA_SUBJECT);
  const ca = await makeCertificate({
    subject: CA_SUBJECT,
    issuer: caName,
    publicKey: caKeys.publicKey,
    signingKey: caKeys.privateKey,
    ca: true,
    years: 20,
  });
  const caKeyId = createHash('sha1').update(ca.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest();
  const keys = (await subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const leaf = await makeCertificate({
    subject: LEAF_SUBJECT,
    issuer: ca.subject,
    publicKey: keys.publicKey,
    signingKey: caKeys.privateKey,
    issuerKeyId: caKeyId,
    ca: false,
    years: 15,
  });
  const pkcs8 = new Uint8Array(await subtle.exportKey('pkcs8', keys.privateKey));
  return {
    caPem: derToPem(certDer(ca), 'CERTIFICATE'),
    caKeyPem: derToPem(new Uint8Array(await subtle.exportKey('pkcs8', caKeys.privateKey)), 'PRIVATE KEY'),
    certPem: derToPem(certDer(leaf), 'CERTIFICATE'),
    keyPem: derToPem(pkcs8, 'PRIVATE KEY'),
  };
}

/**
 * Reads DATA_DIR/assinatura/{ca.pem,assinatura.pem,assinatura-key.pem,ca-key.pem}, making them on the
 * first start. An installation made before the CA's key was kept has no ca-key.pem: it signs, and
 * its documents carry no CRL (B-T with the certificates, docs/signatures.md).
 */
async function loadInstallation(dataDir: string): Promise<SigningIdentity> {
  const dir = path.join(dataDir, 'assinatura');
  const files = {
    ca: path.join(dir, 'ca.pem'),
    caKey: path.join(dir, 'ca-key.pem'),
    cert: path.join(dir, 'assinatura.pem'),
    key: path.join(dir, 'assinatura-key.pem'),
  };
  let pems: { caPem: string; caKeyPem: string | null; certPem: string; keyPem: string };
  try {
    const [caPem, certPem, keyPem] = await Promise.all([
      fs.readFile(files.ca, 'utf8'),
      fs.readFile(files.cert, 'utf8'),
      fs.readFile(files.key, 'utf8'),
    ]);
    pems = { caPem, certPem, keyPem, caKeyPem: await fs.readFile(files.caKey, 'utf8').catch(() => null) };
  } catch {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const made = await createInstallationCertificates();
    pems = made;
    // The keys first, the CA, then the certificate (what loading looks for last), each written whole.
    for (const [file, text, mode] of [
      [files.key, made.keyPem, 0o600],
      [files.caKey, made.caKeyPem, 0o600],
      [files.ca, made.caPem, 0o644],
      [files.cert, made.certPem, 0o644],
    ] as const) {
      await fs.writeFile(`${file}.tmp`, text, { mode });
      await fs.rename(`${file}.tmp`, file);
    }
  }
  const leaf = pkijs.Certificate.fromBER(pemToDer(pems.certPem));
  const ca = pkijs.Certificate.fromBER(pemToDer(pems.caPem));
  const own = identity('embutido', leaf, [ca], [ca], createPrivateKey(pems.keyPem));
  if (pems.caKeyPem) {
    const caKey = await caSigningKey(pems.caKeyPem);
    own.issueCrl = () => issueInstallationCrl(ca, caKey);
  }
  return own;
}

function identity(
  source: SigningIdentity['source'],
  leaf: pkijs.Certificate,
  chain: pkijs.Certificate[],
  trusted: pkijs.Certificate[],
  key: KeyObject,
): SigningIdentity {
  if (key.asymmetricKeyType !== 'rsa' && key.asymmetricKeyType !== 'ec') {
    throw new SigningConfigError(`chave do tipo ${key.asymmetricKeyType} não suportada (use RSA ou ECDSA)`);
  }
  const leafDer = certDer(leaf);
  const chainDer = chain.map(certDer);
  return {
    certificate: leaf,
    certificateDer: leafDer,
    chainDer,
    name: commonName(leaf.subject),
    source,
    trusted,
    signatureAlgorithm: key.asymmetricKeyType === 'ec' ? OID.ecdsaWithSHA256 : OID.sha256WithRSAEncryption,
    sign: async (data) => {
      const { sign } = await import('node:crypto');
      return new Uint8Array(sign('sha256', data, key));
    },
    pem: [leafDer, ...chainDer].map((d) => derToPem(d, 'CERTIFICATE')).join(''),
  };
}

/** The key usage bits a certificate allows, or null when it has no keyUsage extension. */
export function keyUsageBits(cert: pkijs.Certificate): Set<number> | null {
  const ext = cert.extensions?.find((e) => e.extnID === KEY_USAGE);
  if (!ext) return null;
  const bits = asn1js.fromBER(ext.extnValue.valueBlock.valueHexView).result as asn1js.BitString;
  const bytes = bits.valueBlock.valueHexView;
  const out = new Set<number>();
  for (let i = 0; i < bytes.length * 8; i++) if ((bytes[i >> 3] ?? 0) & (0x80 >> (i & 7))) out.add(i);
  return out;
}

/**
 * The operator's certificate from a PKCS#12 file (SIGNING_P12), as an ICP-Brasil A1 is delivered:
 * legacy (3DES/RC2, SHA-1 MAC) and OpenSSL 3's default (AES-256-CBC, PBKDF2, SHA-256 MAC) alike.
 */
export async function loadP12(file: string, password: string): Promise<SigningIdentity> {
  const forge = (await import('node-forge')).default;
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (e) {
    throw new SigningConfigError(
      `SIGNING_P12: não foi possível ler ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  let p12: import('node-forge').pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, true, password);
  } catch (e) {
    const message = (e as Error).message ?? '';
    if (/password|MAC/i.test(message)) throw new SigningConfigError('SIGNING_P12_PASSWORD: senha incorreta para o arquivo SIGNING_P12');
    throw new SigningConfigError(`SIGNING_P12: o arquivo não é um PKCS#12 (.p12/.pfx) legível (${message})`);
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const certBags = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const keyBag = keyBags.find((b) => b.key) ?? keyBags[0];
  if (!keyBag?.key) throw new SigningConfigError('SIGNING_P12: o arquivo não contém uma chave privada (ou a senha está incorreta)');
  const pem = forge.pki.privateKeyToPem(keyBag.key);
  const key = createPrivateKey(pem);
  const certs = certBags
    .map((b) => b.cert)
    .filter((c): c is import('node-forge').pki.Certificate => !!c)
    .map((c) =>
      pkijs.Certificate.fromBER(new Uint8Array(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes(), 'binary'))),
    );
  // The leaf is the certificate whose public key is the private key's.
  const { createPublicKey } = await import('node:crypto');
  const spki = createPublicKey(key).export({ format: 'der', type: 'spki' });
  const leaf = certs.find((c) => Buffer.from(c.subjectPublicKeyInfo.toSchema().toBER(false)).equals(spki));
  if (!leaf) throw new SigningConfigError('SIGNING_P12: nenhum certificado do arquivo corresponde à chave privada');
  const usage = keyUsageBits(leaf);
  if (usage && !usage.has(0) && !usage.has(1)) {
    throw new SigningConfigError('SIGNING_P12: o certificado não permite assinatura (keyUsage sem digitalSignature nem nonRepudiation)');
  }
  const now = new Date();
  if (leaf.notAfter.value < now) throw new SigningConfigError(`SIGNING_P12: o certificado venceu em ${leaf.notAfter.value.toISOString()}`);
  const chain = certs.filter((c) => c !== leaf);
  const selfSigned = (c: pkijs.Certificate) => c.subject.isEqual(c.issuer);
  const roots = chain.filter(selfSigned);
  return identity('p12', leaf, chain, roots.length ? roots : [leaf], key);
}

const identities = new Map<string, Promise<SigningIdentity>>();

/** The installation's signing identity, made or read once per configuration. */
export function signingIdentity(config: { dataDir: string; signingP12?: string; signingP12Password?: string }): Promise<SigningIdentity> {
  const key = `${config.dataDir}\n${config.signingP12 ?? ''}`;
  let loading = identities.get(key);
  if (!loading) {
    loading = config.signingP12 ? loadP12(config.signingP12, config.signingP12Password ?? '') : loadInstallation(config.dataDir);
    loading.catch(() => identities.delete(key));
    identities.set(key, loading);
  }
  return loading;
}
