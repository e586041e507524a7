import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** Object identifiers of RFC 3161, RFC 5652, RFC 5035 and RFC 5280 used by the time stamps. */
export const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  sha256WithRSAEncryption: '1.2.840.113549.1.1.11',
  ecdsaWithSHA256: '1.2.840.10045.4.3.2',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  basicConstraints: '2.5.29.19',
  extKeyUsage: '2.5.29.37',
  subjectKeyIdentifier: '2.5.29.14',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  /** The built-in TSA's policy: a UUID-based OID (2.25, ITU-T X.667) of this product. */
  builtinPolicy: '2.25.106835227851917353122986444762203162728',
} as const;

/**
 * An object identifier in dotted form. asn1js writes an arc too large for a JavaScript number (a
 * 2.25 UUID arc, as our policy) as its base-128 digits in hex between braces; this reads them.
 */
export function dottedOid(text: string): string {
  return text.replace(/\{([0-9a-f]+)\}/gi, (_, hex: string) => {
    let value = 0n;
    for (let i = 0; i < hex.length; i += 2) value = value * 128n + BigInt(Number.parseInt(hex.slice(i, i + 2), 16));
    return value.toString();
  });
}

/**
 * Random bytes drawn 4 KB at a time (as Node's randomUUID does): a token takes 24 (serial and
 * nonce), and one call to the generator for each cost ~10 µs, as much as a third of the
 * signature (bench/send-pipeline).
 */
const RANDOM_POOL_SIZE = 4096;
let randomPool = Buffer.alloc(0);
let randomOffset = 0;

/**
 * The bytes of a random positive INTEGER that DER writes as they are: the first byte below 0x80
 * (no sign bit, so no leading zero) and not zero (no leading zero to strip). Serials and nonces.
 */
export function positiveRandom(length: number): Buffer {
  if (randomOffset + length > randomPool.length) {
    randomPool = randomBytes(Math.max(RANDOM_POOL_SIZE, length));
    randomOffset = 0;
  }
  // Each byte is handed out once and a used pool is replaced, never refilled in place; a copy, so
  // that a serial kept somewhere does not keep the whole pool alive.
  const bytes = Buffer.from(randomPool.subarray(randomOffset, randomOffset + length));
  randomOffset += length;
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x01;
  return bytes;
}

export function derToPem(der: Uint8Array, label: string): string {
  const b64 = Buffer.from(der).toString('base64');
  return `-----BEGIN ${label}-----\n${b64.replace(/.{1,64}/g, '$&\n')}-----END ${label}-----\n`;
}

export function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const b64 = pem.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/\s+/g, '');
  return new Uint8Array(Buffer.from(b64, 'base64'));
}

/** Every certificate of a PEM bundle. */
export function certificatesFromPem(pem: string): pkijs.Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((b) => pkijs.Certificate.fromBER(pemToDer(b)));
}

/** A distinguished name as people read it: "CN=..., O=..., C=BR". */
export function nameToString(name: pkijs.RelativeDistinguishedNames): string {
  const labels: Record<string, string> = {
    '2.5.4.3': 'CN',
    '2.5.4.10': 'O',
    '2.5.4.11': 'OU',
    '2.5.4.6': 'C',
    '2.5.4.7': 'L',
    '2.5.4.8': 'ST',
  };
  return name.typesAndValues
    .slice()
    .reverse()
    .map((tv) => `${labels[tv.type] ?? tv.type}=${(tv.value.valueBlock as { value?: string }).value ?? ''}`)
    .join(', ');
}

/** The common name of a distinguished name, or the whole name when it has none. */
export function commonName(name: pkijs.RelativeDistinguishedNames): string {
  const cn = name.typesAndValues.find((tv) => tv.type === OID.commonName);
  return cn ? String((cn.value.valueBlock as { value?: string }).value ?? '') : nameToString(name);
}

export const toHex = (bytes: ArrayBuffer | Uint8Array) =>
  Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('hex');

/**
 * An X.509 name of one attribute per RDN, in order (C=BR, O=..., OU=..., CN=...), as readers of the
 * name expect: the country as a PrintableString, the rest as UTF8String.
 */
export function distinguishedName(parts: [string, string][]): pkijs.RelativeDistinguishedNames {
  const name = new asn1js.Sequence({
    value: parts.map(
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
  return pkijs.RelativeDistinguishedNames.fromBER(name);
}
