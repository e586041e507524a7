import * as pkijs from 'pkijs';
import { commonName, pemToDer } from '../evidence/tsa/pki.ts';
import { OID_SIGNATURE_TIME_STAMP } from './pades.ts';
import { appendUpdate, objectDictionary, objectOffset, readTrailer } from './pdf-update.ts';
import type { SigningIdentity } from './signing-identity.ts';

/**
 * PAdES baseline B-LT (ETSI EN 319 142-1 §6.3, docs/signatures.md): after the signature, a second
 * incremental update adds the catalog's Document Security Store (/DSS) with the certificates of the
 * signer's and the time-stamp's chains and the revocation data of every certificate that is not a
 * trust anchor — a CRL issued now by the installation's own CA, or the CRL an external chain's
 * certificates name (CRL distribution points), fetched and kept until its nextUpdate.
 */

export interface ValidationData {
  certs: Uint8Array[];
  crls: Uint8Array[];
  ocsps: Uint8Array[];
}

/** Time to fetch a CRL; past it the document is issued without it (B-T). */
export const CRL_FETCH_TIMEOUT_MS = 5000;
/** A larger CRL is not embedded (an ICP-Brasil AC's CRL can reach megabytes; each document would carry it). */
export const CRL_MAX_BYTES = 2 * 1024 * 1024;
const CRL_DISTRIBUTION_POINTS = '2.5.29.31';

const derOf = (c: pkijs.Certificate) => new Uint8Array(c.toSchema().toBER(false));
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
const selfSigned = (c: pkijs.Certificate) => c.subject.isEqual(c.issuer);

/** The certificates a PAdES CMS carries: the signer's chain and those of its signature time-stamp token. */
function cmsCertificates(cms: Uint8Array): pkijs.Certificate[] {
  const signed = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(new Uint8Array(cms)).content });
  const certs = (signed.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const token = signed.signerInfos[0]?.unsignedAttrs?.attributes.find((a) => a.type === OID_SIGNATURE_TIME_STAMP)?.values[0];
  if (token) {
    const tsa = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: token }).content });
    certs.push(...(tsa.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate));
  }
  return certs;
}

/** The http(s) addresses of a certificate's CRL distribution points. */
export function crlUrls(cert: pkijs.Certificate): string[] {
  const ext = cert.extensions?.find((e) => e.extnID === CRL_DISTRIBUTION_POINTS);
  const points = (ext?.parsedValue as pkijs.CRLDistributionPoints | undefined)?.distributionPoints ?? [];
  return points
    .flatMap((p) => (Array.isArray(p.distributionPoint) ? p.distributionPoint : []))
    .filter((n) => n.type === 6 && typeof n.value === 'string' && /^https?:\/\//i.test(n.value))
    .map((n) => n.value as string);
}

const crlCache = new Map<string, { der: Uint8Array; until: number }>();
const warned = new Set<string>();

/** The CRL at `url`, signed by `issuer`; from the cache until its nextUpdate; null (warned once per address) when not to be had. */
async function fetchCrl(url: string, issuer: pkijs.Certificate): Promise<Uint8Array | null> {
  const hit = crlCache.get(url);
  if (hit && hit.until > Date.now()) return hit.der;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(CRL_FETCH_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    if (Number(res.headers.get('content-length') ?? 0) > CRL_MAX_BYTES) throw new Error(`maior que ${CRL_MAX_BYTES} bytes`);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > CRL_MAX_BYTES) throw new Error(`maior que ${CRL_MAX_BYTES} bytes`);
    const der = bytes.subarray(0, 10).toString('latin1').startsWith('-----') ? pemToDer(bytes.toString('latin1')) : new Uint8Array(bytes);
    const crl = pkijs.CertificateRevocationList.fromBER(der);
    if (!(await crl.verify({ issuerCertificate: issuer }))) throw new Error('a assinatura da CRL não confere com o emissor');
    const until = crl.nextUpdate?.value.getTime() ?? 0;
    if (until <= Date.now()) throw new Error('CRL vencida (nextUpdate no passado)');
    crlCache.set(url, { der, until });
    warned.delete(url);
    return der;
  } catch (e) {
    if (!warned.has(url)) {
      warned.add(url);
      console.warn(
        `Assinatura de PDFs: CRL de ${url} indisponível (${(e as Error).message}); documentos sem dados de revogação (PAdES B-T).`,
      );
    }
    return null;
  }
}

/**
 * The validation data of a signature (its CMS, DER): every certificate it and its time-stamp carry
 * plus `extra` (the TSA's configured chain), and a CRL for each one that is not self-signed.
 * `missing` names those left without one (then the document reaches B-T, not B-LT).
 */
export async function collectValidationData(
  cms: Uint8Array,
  identity: SigningIdentity,
  extra: pkijs.Certificate[] = [],
): Promise<ValidationData & { missing: string[] }> {
  const certs: pkijs.Certificate[] = [];
  for (const c of [...cmsCertificates(cms), ...extra]) if (!certs.some((k) => same(derOf(k), derOf(c)))) certs.push(c);
  const crls: Uint8Array[] = [];
  const missing: string[] = [];
  let ownCrl: Uint8Array | null = null;
  const ownCa = identity.source === 'embutido' ? identity.chainDer : [];
  for (const cert of certs) {
    if (selfSigned(cert)) continue;
    const issuer = certs.find((c) => c.subject.isEqual(cert.issuer));
    let crl: Uint8Array | null = null;
    if (issuer && identity.issueCrl && ownCa.some((d) => same(d, derOf(issuer)))) {
      ownCrl ??= await identity.issueCrl();
      crl = ownCrl;
    } else if (issuer) {
      for (const url of crlUrls(cert)) {
        crl = await fetchCrl(url, issuer);
        if (crl) break;
      }
    }
    if (!crl) {
      const name = commonName(cert.subject);
      missing.push(name);
      if (!crlUrls(cert).length && !warned.has(name)) {
        warned.add(name);
        console.warn(
          `Assinatura de PDFs: nenhuma CRL a incluir para "${name}" (sem ponto de distribuição http, ou AC da instalação sem chave); documentos em PAdES B-T.`,
        );
      }
    } else if (!crls.some((k) => same(k, crl as Uint8Array))) crls.push(crl);
  }
  return { certs: certs.map(derOf), crls, ocsps: [], missing };
}

const stream = (der: Uint8Array) =>
  Buffer.concat([Buffer.from(`<<\n/Length ${der.length}\n>>\nstream\n`, 'latin1'), der, Buffer.from('\nendstream', 'latin1')]);

/** Appends the DSS (an incremental update: the catalog with /DSS, the DSS, one stream per certificate, CRL and OCSP answer). */
export function addDss(pdf: Buffer, data: ValidationData): Buffer {
  const text = pdf.toString('latin1');
  const trailer = readTrailer(text);
  const catalog = objectDictionary(text, objectOffset(text, trailer.startxref, trailer.root));
  if (/\/DSS\s/.test(catalog)) throw new Error('documento já tem /DSS');
  let next = trailer.size;
  const dssNum = next++;
  const streams: [number, Buffer][] = [];
  const refs = (list: Uint8Array[]) =>
    list
      .map((der) => {
        streams.push([next, stream(der)]);
        return `${next++} 0 R`;
      })
      .join(' ');
  const entries = (
    [
      ['Certs', refs(data.certs)],
      ['CRLs', refs(data.crls)],
      ['OCSPs', refs(data.ocsps)],
    ] as const
  )
    .filter(([, r]) => r)
    .map(([k, r]) => `/${k} [${r}]\n`)
    .join('');
  const objects: [number, string | Buffer][] = [
    [trailer.root, `<<${catalog}\n/DSS ${dssNum} 0 R\n>>`],
    [dssNum, `<<\n/Type /DSS\n${entries}>>`],
    ...streams,
  ];
  return appendUpdate(pdf, trailer, objects, next).out;
}

/**
 * The validation data appended after the signed revision that ends at `signedEnd`, when the rest of
 * the file is exactly the DSS update addDss makes of it (nothing else: no page, annotation or form
 * changed); null otherwise.
 */
export function dssAfter(pdf: Buffer, signedEnd: number): ValidationData | null {
  const tail = pdf.subarray(signedEnd).toString('latin1');
  const dss = /(?:^|\n)\d+ 0 obj\n<<\n\/Type \/DSS\n([^>]*)>>\nendobj\n/.exec(tail)?.[1];
  if (dss === undefined) return null;
  const list = (key: string): Uint8Array[] =>
    [...(new RegExp(`/${key} \\[([^\\]]*)\\]`).exec(dss)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map(([, num]) => {
      const head = new RegExp(`(?:^|\\n)${num} 0 obj\\n<<\\n/Length (\\d+)\\n>>\\nstream\\n`).exec(tail);
      if (!head) return new Uint8Array();
      const start = signedEnd + head.index + head[0].length;
      return new Uint8Array(pdf.subarray(start, start + Number(head[1])));
    });
  const data = { certs: list('Certs'), crls: list('CRLs'), ocsps: list('OCSPs') };
  try {
    return addDss(pdf.subarray(0, signedEnd), data).equals(pdf) ? data : null;
  } catch {
    return null;
  }
}
