import { createHash, verify as cryptoVerify, type KeyObject, X509Certificate } from 'node:crypto';
import * as pkijs from 'pkijs';
import { OID } from '../evidence/tsa/pki.ts';
import { checkToken } from '../evidence/tsa/token.ts';

/**
 * The evidence audit's token check (docs/backups.md): the same verdict as checkToken
 * (evidence/tsa/token.ts), at a fraction of its cost over a million tokens. checkToken parses each
 * token twice with pkijs and its signer certificate every time (~30 ms a token on the shared
 * machine); here a token's DER is walked in place, its CMS signature verified by node:crypto, and
 * everything that depends on the certificate alone (its key, its ESS hashes, extendedKeyUsage
 * timeStamping critical, being a trusted certificate) is worked out once per certificate.
 *
 * Every check is still made on every token: the imprint is the hash, contentType is TSTInfo, the
 * messageDigest attribute is the TSTInfo's digest, the signature over the signed attributes
 * verifies with the signer's key, the signingCertificate(V2) attribute names that certificate,
 * and the certificate is a trusted one, valid at genTime. The quick path only ever says "valid";
 * whatever it cannot confirm (another layout, an RSA-PSS signature, a TSA certificate that chains
 * to a CA rather than being pinned, a hash that differs) goes to checkToken, whose answer and
 * Portuguese reasons stand.
 */
export function tokenChecker(trusted: pkijs.Certificate[]) {
  const trustedDer = trusted.map((c) => Buffer.from(c.toSchema().toBER(false)));
  const certs = new Map<string, CertFacts | null>();
  const factsOf = (der: Buffer): CertFacts | null => {
    const key = der.toString('latin1');
    let facts = certs.get(key);
    if (facts === undefined) {
      facts = certFacts(der, trustedDer);
      certs.set(key, facts);
      if (certs.size > 100) certs.delete(certs.keys().next().value as string);
    }
    return facts;
  };
  return {
    quick: 0,
    /** Plain Portuguese reasons, empty when the token is valid for that hash. */
    async problems(der: Uint8Array, hashHex: string): Promise<string[]> {
      let ok = false;
      try {
        ok = quickCheck(Buffer.from(der.buffer, der.byteOffset, der.byteLength), hashHex.toLowerCase(), trustedDer, factsOf);
      } catch {
        ok = false;
      }
      if (ok) {
        this.quick++;
        return [];
      }
      return (await checkToken(der, hashHex, trusted)).problems;
    },
  };
}

interface CertFacts {
  issuer: Buffer;
  serial: Buffer;
  /** Null when the quick path cannot vouch for this certificate (not pinned, not a TSA's). */
  usable: Usable | null;
}

interface Usable {
  key: KeyObject;
  notBefore: number;
  notAfter: number;
  digests: Record<string, string>;
}

/** What depends on a certificate alone: its issuer and serial, and what the quick path needs when it can vouch for it. */
function certFacts(der: Buffer, trustedDer: Buffer[]): CertFacts | null {
  const tbs = children(der, children(der, read(der, 0))[0] as Tlv);
  const offset = tbs[0]?.tag === 0xa0 ? 1 : 0;
  const [serial, , issuer] = tbs.slice(offset);
  if (!serial || !issuer) return null;
  return { issuer: bytes(der, issuer), serial: bytes(der, serial), usable: usableFacts(der, trustedDer) };
}

function usableFacts(der: Buffer, trustedDer: Buffer[]): Usable | null {
  // Only a certificate that is itself trusted (the built-in TSA, a pinned TSA_CA_FILE certificate).
  if (!trustedDer.some((t) => t.equals(der))) return null;
  const cert = pkijs.Certificate.fromBER(new Uint8Array(der));
  // checkToken hashes the certificate as pkijs writes it back: the quick path only where that is these bytes.
  if (!Buffer.from(cert.toSchema().toBER(false)).equals(der)) return null;
  const eku = cert.extensions?.find((e) => e.extnID === OID.extKeyUsage);
  const purposes = (eku?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];
  if (!eku?.critical || purposes.length !== 1 || purposes[0] !== OID.timeStamping) return null;
  const digest = (alg: string) => createHash(alg).update(der).digest('hex');
  return {
    key: new X509Certificate(der).publicKey,
    notBefore: cert.notBefore.value.getTime(),
    notAfter: cert.notAfter.value.getTime(),
    digests: { sha1: digest('sha1'), sha256: digest('sha256'), sha384: digest('sha384'), sha512: digest('sha512') },
  };
}

const HASHES: Record<string, string> = { [OID.sha256]: 'sha256', [OID.sha384]: 'sha384', [OID.sha512]: 'sha512' };
/** Signature algorithms the quick path verifies: [key type, the hash they fix (null: the signer's digestAlgorithm)]. */
const SIGNATURES: Record<string, [string, string | null]> = {
  '1.2.840.10045.4.3.2': ['ec', 'sha256'],
  '1.2.840.10045.4.3.3': ['ec', 'sha384'],
  '1.2.840.10045.4.3.4': ['ec', 'sha512'],
  '1.2.840.113549.1.1.1': ['rsa', null],
  '1.2.840.113549.1.1.11': ['rsa', 'sha256'],
  '1.2.840.113549.1.1.12': ['rsa', 'sha384'],
  '1.2.840.113549.1.1.13': ['rsa', 'sha512'],
};

function quickCheck(buf: Buffer, hashHex: string, trustedDer: Buffer[], factsOf: (der: Buffer) => CertFacts | null): boolean {
  const top = read(buf, 0);
  if (top.end !== buf.length) return false;
  const info = kids(buf, top, SEQ, [OBJ, 0xa0]);
  if (oid(buf, info[0]) !== OID.signedData) return false;
  const sd = kids(buf, kids(buf, info[1], 0xa0, [SEQ])[0], SEQ, [INT, SET, SEQ]);
  for (const alg of children(buf, sd[1] as Tlv)) algorithm(buf, alg);
  const encap = kids(buf, sd[2], SEQ, [OBJ, 0xa0]);
  if (oid(buf, encap[0]) !== OID.tstInfo) return false;
  const tstDer = content(buf, kids(buf, encap[1], 0xa0, [OCTETS])[0]);
  // TSTInfo: version, policy, messageImprint, serialNumber, genTime, [accuracy, ordering, nonce, tsa, extensions]
  const tstTop = read(tstDer, 0);
  if (tstTop.end !== tstDer.length) return false;
  const tst = kids(tstDer, tstTop, SEQ, [INT, OBJ, SEQ, INT, 0x18]);
  const imprint = kids(tstDer, tst[2], SEQ, [SEQ, OCTETS]);
  kids(tstDer, imprint[0], SEQ, [OBJ]);
  if (content(tstDer, imprint[1]).toString('hex') !== hashHex) return false;
  const genTime = generalizedTime(tstDer, tst[4]);
  if (genTime === null) return false;

  let rest = 3;
  const tokenCerts: Buffer[] = [];
  if (sd[rest]?.tag === 0xa0) for (const c of children(buf, sd[rest++] as Tlv)) tokenCerts.push(bytes(buf, c));
  // Certificates the token carries: only trusted ones, byte for byte (the built-in TSA's own); no CRLs.
  if (!tokenCerts.every((c) => factsOf(c)?.usable)) return false;
  if (sd.length !== rest + 1) return false;
  const infos = kids(buf, sd[rest], SET, [SEQ]);
  // version, sid (IssuerAndSerialNumber), digestAlgorithm, [0] signedAttrs, signatureAlgorithm, signature
  const si = kids(buf, infos[0], SEQ, [INT, SEQ, SEQ, 0xa0, SEQ, OCTETS]);
  const [, sid, digestAlg, attrs, sigAlg, signature] = si;
  if (si.length !== 6) return false; // unsigned attributes: checkToken decides
  const [sidIssuer, sidSerial] = kids(buf, sid, SEQ, [SEQ, INT]);
  // As checkToken: the first certificate (the token's, then the trusted ones) that sid names.
  const signer = [...tokenCerts, ...trustedDer]
    .map(factsOf)
    .find((f) => f?.issuer.equals(bytes(buf, sidIssuer)) && f.serial.equals(bytes(buf, sidSerial)))?.usable;
  if (!signer) return false;
  // Valid at genTime; within a second of either end, checkToken decides.
  if (genTime < signer.notBefore + 1000 || genTime > signer.notAfter - 1000) return false;

  const hash = HASHES[algorithm(buf, digestAlg)];
  const [keyType, sigHash] = SIGNATURES[algorithm(buf, sigAlg)] ?? [];
  if (!hash || !keyType || (sigHash && sigHash !== hash) || signer.key.asymmetricKeyType !== keyType) return false;

  let contentTypeOk = false;
  let digestOk = false;
  let bound = false;
  const seen = new Set<string | null>();
  for (const a of children(buf, attrs)) {
    const [type, values] = kids(buf, a, SEQ, [OBJ, SET]);
    const value = children(buf, values)[0];
    const t = oid(buf, type);
    // An attribute twice (checkToken reads the first): checkToken decides.
    if (!value || seen.has(t)) return false;
    seen.add(t);
    if (t === OID.contentType) contentTypeOk = oid(buf, value) === OID.tstInfo;
    else if (t === OID.messageDigest) digestOk = value.tag === 0x04 && content(buf, value).equals(createHash(hash).update(tstDer).digest());
    else if (t === OID.signingCertificateV2 || t === OID.signingCertificate) bound ||= essBinds(buf, value, t, signer);
  }
  if (!contentTypeOk || !digestOk || !bound) return false;
  // The signature covers the signed attributes as a DER SET OF (RFC 5652 §5.4): the [0] tag made 0x31.
  const signed = Buffer.from(bytes(buf, attrs));
  signed[0] = 0x31;
  const key = keyType === 'ec' ? { key: signer.key, dsaEncoding: 'der' as const } : signer.key;
  return cryptoVerify(hash, signed, key, content(buf, signature));
}

/** The first ESSCertID(v2) of a signingCertificate(V2) attribute holds this certificate's hash. */
function essBinds(buf: Buffer, value: Tlv, type: string, signer: Usable): boolean {
  const first = children(buf, children(buf, value)[0] as Tlv)[0];
  if (!first) return false;
  const parts = children(buf, first);
  const octets = parts.find((p) => p.tag === 0x04);
  if (!octets) return false;
  let alg = 'sha1';
  if (type === OID.signingCertificateV2) {
    alg = parts[0]?.tag === 0x30 ? (HASHES[oid(buf, children(buf, parts[0])[0]) ?? ''] ?? '') : 'sha256';
  }
  return !!alg && signer.digests[alg] === content(buf, octets).toString('hex');
}

// A DER reader over the token's bytes: tag, length, where the content is. Only definite lengths
// (DER); anything else throws, and the token goes to checkToken.
interface Tlv {
  tag: number;
  start: number;
  body: number;
  end: number;
}

function read(buf: Buffer, at: number): Tlv {
  const tag = buf[at];
  if (tag === undefined || (tag & 0x1f) === 0x1f) throw new Error('tag');
  let p = at + 1;
  let len = buf[p++] as number;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4) throw new Error('comprimento');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + (buf[p++] as number);
  }
  const end = p + len;
  if (end > buf.length) throw new Error('truncado');
  return { tag, start: at, body: p, end };
}

const [INT, OCTETS, OBJ, SEQ, SET] = [0x02, 0x04, 0x06, 0x30, 0x31];

/** The children of `t`, which must have this tag, the first of them these tags (more may follow); else throws. */
function kids(buf: Buffer, t: Tlv | undefined, tag: number, first: number[]): Tlv[] & Tlv[] {
  if (t?.tag !== tag) throw new Error('estrutura');
  const out = children(buf, t);
  if (first.some((want, i) => out[i]?.tag !== want)) throw new Error('estrutura');
  return out;
}

/** An AlgorithmIdentifier: its OID, and at most a parameter. */
function algorithm(buf: Buffer, t: Tlv | undefined): string {
  const parts = kids(buf, t, SEQ, [OBJ]);
  if (parts.length > 2) throw new Error('estrutura');
  return oid(buf, parts[0]) ?? '';
}

function children(buf: Buffer, t: Tlv): Tlv[] {
  const out: Tlv[] = [];
  let p = t.body;
  while (p < t.end) {
    const c = read(buf, p);
    if (c.end > t.end) throw new Error('fora do pai');
    out.push(c);
    p = c.end;
  }
  return out;
}

const bytes = (buf: Buffer, t: Tlv) => buf.subarray(t.start, t.end);
const content = (buf: Buffer, t: Tlv) => buf.subarray(t.body, t.end);

function oid(buf: Buffer, t: Tlv | undefined): string | null {
  if (t?.tag !== 0x06 || t.end === t.body) return null;
  const b = content(buf, t);
  const first = b[0] as number;
  const arcs: (number | bigint)[] = [first < 80 ? Math.floor(first / 40) : 2, first < 80 ? first % 40 : first - 80];
  let v = 0n;
  for (let i = 1; i < b.length; i++) {
    v = (v << 7n) | BigInt((b[i] as number) & 0x7f);
    if (!((b[i] as number) & 0x80)) {
      arcs.push(v);
      v = 0n;
    }
  }
  return arcs.join('.');
}

/** A GeneralizedTime YYYYMMDDHHMMSS[.f]Z as milliseconds, or null. */
function generalizedTime(buf: Buffer, t: Tlv | undefined): number | null {
  if (t?.tag !== 0x18) return null;
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d{1,3})\d*)?Z$/.exec(content(buf, t).toString('latin1'));
  if (!m) return null;
  const [, y, mo, d, h, mi, s, f] = m.map(Number) as number[];
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s, f ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0);
}
