import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const CRL_NUMBER = '2.5.29.20';
const AUTHORITY_KEY_ID = '2.5.29.35';
/** How long a CRL of the installation's CA says it holds (nextUpdate): each document gets a new one. */
export const INSTALLATION_CRL_DAYS = 7;

/** The CA's private key (PKCS#8 PEM) as a WebCrypto key pkijs signs with (RSA, SHA-256). */
export async function caSigningKey(pkcs8Pem: string): Promise<CryptoKey> {
  const der = Buffer.from(pkcs8Pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  return (webcrypto.subtle as unknown as SubtleCrypto).importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, [
    'sign',
  ]);
}

/**
 * A CRL (RFC 5280, v2) of the installation's own CA, issued now (docs/signatures.md, B-LT): it lists
 * no certificate (the installation revokes none), holds for INSTALLATION_CRL_DAYS, and its number is
 * the time of issue in milliseconds (increasing without a counter to keep). DER.
 */
export async function issueInstallationCrl(ca: pkijs.Certificate, caKey: CryptoKey, now = new Date()): Promise<Uint8Array> {
  const crl = new pkijs.CertificateRevocationList();
  crl.version = 1;
  crl.issuer = ca.subject;
  crl.thisUpdate = new pkijs.Time({ type: 0, value: now });
  crl.nextUpdate = new pkijs.Time({ type: 0, value: new Date(now.getTime() + INSTALLATION_CRL_DAYS * 86_400_000) });
  const number = BigInt(now.getTime()).toString(16);
  const keyId = createHash('sha1').update(ca.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest();
  crl.crlExtensions = new pkijs.Extensions({
    extensions: [
      new pkijs.Extension({
        extnID: CRL_NUMBER,
        extnValue: new asn1js.Integer({ valueHex: Buffer.from(number.length % 2 ? `0${number}` : number, 'hex') }).toBER(false),
      }),
      new pkijs.Extension({
        extnID: AUTHORITY_KEY_ID,
        extnValue: new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: keyId }) }).toSchema().toBER(false),
      }),
    ],
  });
  await crl.sign(caKey, 'SHA-256');
  return new Uint8Array(crl.toSchema().toBER(false));
}
