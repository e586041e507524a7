import { createHash } from 'node:crypto';
import { OID } from '../evidence/tsa/pki.ts';
import { appendUpdate, objectDictionary, objectOffset, readTrailer } from './pdf-update.ts';
import type { SigningIdentity } from './signing-identity.ts';

/**
 * PAdES baseline B-T signatures (ETSI EN 319 142-1) on the PDFs the product makes
 * (docs/signatures.md): an incremental update adds an invisible signature field to the document,
 * whose /Contents holds a detached CMS SignedData (/SubFilter /ETSI.CAdES.detached) over the
 * /ByteRange — every byte of the file except that hex string — with the content type, message
 * digest and ESS signing-certificate-v2 signed attributes (no signing-time: PAdES puts the claimed
 * time in /M) and the signature time-stamp (id-aa-signatureTimeStampToken, RFC 3161 over the
 * signature value) from the configured TSA.
 */

/** Bytes reserved for the CMS (hex doubles them): the chain, an ICP-Brasil chain of 3-4 certificates and a token with its own chain fit. */
export const SIGNATURE_SPACE = 24 * 1024;
const BYTE_RANGE_PLACEHOLDER = '/ByteRange [0 0000000000 0000000000 0000000000]';
export const OID_SIGNATURE_TIME_STAMP = '1.2.840.113549.1.9.16.2.14';
const OID_DATA = '1.2.840.113549.1.7.1';

export interface PdfSignOptions {
  identity: SigningIdentity;
  /** Asks the configured TSA for a token over a SHA-256 hash (hex); answers the TimeStampToken, DER. */
  timeStamp: (hashHex: string) => Promise<Uint8Array>;
  /** /Reason: what the document is ("Comprovante de envio", "Laudo pericial", …). */
  reason: string;
  location?: string;
  /** /M, the claimed signing time (the token's genTime is the proven one). */
  signedAt?: Date;
}

/** A DER element: tag, length, content. */
export function der(tag: number, ...parts: Uint8Array[]): Uint8Array {
  const length = parts.reduce((n, p) => n + p.length, 0);
  let head: number[];
  if (length < 0x80) head = [tag, length];
  else if (length < 0x100) head = [tag, 0x81, length];
  else if (length < 0x10000) head = [tag, 0x82, length >> 8, length & 0xff];
  else if (length < 0x1000000) head = [tag, 0x83, length >> 16, (length >> 8) & 0xff, length & 0xff];
  else head = [tag, 0x84, (length >>> 24) & 0xff, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff];
  return Buffer.concat([Uint8Array.from(head), ...parts]);
}
const SEQ = 0x30;
const SET = 0x31;
const OCTETS = 0x04;
function oid(dotted: string): Uint8Array {
  const arcs = dotted.split('.').map((a) => BigInt(a));
  const bytes: number[] = [Number((arcs[0] ?? 0n) * 40n + (arcs[1] ?? 0n))];
  for (const arc of arcs.slice(2)) {
    const group: number[] = [];
    let v = arc;
    do {
      group.unshift(Number(v & 0x7fn));
      v >>= 7n;
    } while (v > 0n);
    for (let i = 0; i < group.length - 1; i++) group[i] = (group[i] ?? 0) | 0x80;
    bytes.push(...group);
  }
  return der(0x06, Uint8Array.from(bytes));
}
const NULL = Uint8Array.from([0x05, 0x00]);
const SHA256_ALG = der(SEQ, oid(OID.sha256), NULL);
const attribute = (type: string, value: Uint8Array) => der(SEQ, oid(type), der(SET, value));

/** The detached CMS SignedData (ContentInfo, DER) of a PAdES B-T signature over `digest` (SHA-256 of the byte ranges). */
export async function buildCms(digest: Uint8Array, identity: SigningIdentity, timeStamp: PdfSignOptions['timeStamp']): Promise<Uint8Array> {
  const cert = identity.certificate;
  const certHash = createHash('sha256').update(identity.certificateDer).digest();
  // ESSCertIDv2 (RFC 5035): hashAlgorithm left out (SHA-256 is the default), the hash, and the
  // issuer and serial (IssuerSerial: GeneralNames with the issuer as directoryName [4]).
  const issuerName = new Uint8Array(cert.issuer.toSchema().toBER(false));
  const serial = new Uint8Array(cert.serialNumber.toBER(false));
  const issuerSerial = der(SEQ, der(SEQ, der(0xa4, issuerName)), serial);
  const signingCertificateV2 = der(SEQ, der(SEQ, der(SEQ, der(OCTETS, certHash), issuerSerial)));
  const signedAttrs = [
    attribute(OID.contentType, oid(OID_DATA)),
    attribute(OID.messageDigest, der(OCTETS, digest)),
    attribute(OID.signingCertificateV2, signingCertificateV2),
  ];
  // DER of a SET OF: its elements in the order of their encodings (X.690 §11.6).
  signedAttrs.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const signature = await identity.sign(der(SET, ...signedAttrs));
  const token = await timeStamp(createHash('sha256').update(signature).digest('hex'));
  const sid = der(SEQ, issuerName, serial);
  const sigAlg =
    identity.signatureAlgorithm === OID.ecdsaWithSHA256
      ? der(SEQ, oid(OID.ecdsaWithSHA256))
      : der(SEQ, oid(OID.sha256WithRSAEncryption), NULL);
  const signerInfo = der(
    SEQ,
    Uint8Array.from([0x02, 0x01, 0x01]),
    sid,
    SHA256_ALG,
    der(0xa0, ...signedAttrs),
    sigAlg,
    der(OCTETS, signature),
    der(0xa1, attribute(OID_SIGNATURE_TIME_STAMP, token)),
  );
  const signedData = der(
    SEQ,
    Uint8Array.from([0x02, 0x01, 0x01]),
    der(SET, SHA256_ALG),
    der(SEQ, oid(OID_DATA)),
    der(0xa0, identity.certificateDer, ...identity.chainDer),
    der(SET, signerInfo),
  );
  return der(SEQ, oid(OID.signedData), der(0xa0, signedData));
}

/** A PDF string literal, ASCII-safe: anything else as octal escapes of its UTF-16BE bytes (with BOM). */
export function pdfString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, '\\$&')})`;
  const utf16 = Buffer.from(`\ufeff${text}`, 'utf16le').swap16();
  return `<${utf16.toString('hex').toUpperCase()}>`;
}

/** D:YYYYMMDDHHmmSSZ */
export function pdfDate(d: Date): string {
  const iso = d.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/**
 * Signs a PDF: an incremental update (the document's bytes stay exactly as made) with the
 * signature field on the first page, then the CMS written into the reserved /Contents.
 */
export async function signPdf(pdf: Buffer, opts: PdfSignOptions): Promise<Buffer> {
  const text = pdf.toString('latin1');
  const trailer = readTrailer(text);
  const catalog = objectDictionary(text, objectOffset(text, trailer.startxref, trailer.root));
  if (/\/AcroForm/.test(catalog)) throw new Error('documento já tem formulário (AcroForm): não previsto');
  const pagesRef = /\/Pages\s+(\d+)\s+0\s+R/.exec(catalog)?.[1];
  const pages = objectDictionary(text, objectOffset(text, trailer.startxref, Number(pagesRef)));
  const firstPage = Number(/\/Kids\s*\[\s*(\d+)\s+0\s+R/.exec(pages)?.[1]);
  if (!firstPage) throw new Error('documento sem páginas');
  const page = objectDictionary(text, objectOffset(text, trailer.startxref, firstPage));

  const sigNum = trailer.size;
  const fieldNum = sigNum + 1;
  const formNum = sigNum + 2;
  const newCatalog = `<<${catalog}\n/AcroForm ${formNum} 0 R\n>>`;
  const annots = /\/Annots\s*\[/.exec(page);
  if (/\/Annots\s+\d+\s+0\s+R/.test(page)) throw new Error('página com /Annots indireto: não previsto');
  const newPage = annots
    ? `<<${page.slice(0, annots.index + annots[0].length)}${fieldNum} 0 R ${page.slice(annots.index + annots[0].length)}>>`
    : `<<${page}\n/Annots [${fieldNum} 0 R]\n>>`;
  const contentsHex = '0'.repeat(SIGNATURE_SPACE * 2);
  const signedAt = opts.signedAt ?? new Date();
  const objects: [number, string][] = [
    [trailer.root, newCatalog],
    [firstPage, newPage],
    [
      sigNum,
      `<<\n/Type /Sig\n/Filter /Adobe.PPKLite\n/SubFilter /ETSI.CAdES.detached\n${BYTE_RANGE_PLACEHOLDER}\n/Contents <${contentsHex}>\n/Reason ${pdfString(opts.reason)}\n/Name ${pdfString(opts.identity.name)}\n/Location ${pdfString(opts.location ?? 'Brasil')}\n/M (${pdfDate(signedAt)})\n>>`,
    ],
    [
      fieldNum,
      // An invisible widget (Rect 0 0 0 0) that prints and is locked (F 132): PDF/A asks for the print flag.
      `<<\n/Type /Annot\n/Subtype /Widget\n/FT /Sig\n/T ${pdfString(`Assinatura ${signedAt.toISOString()}`)}\n/V ${sigNum} 0 R\n/P ${firstPage} 0 R\n/Rect [0 0 0 0]\n/F 132\n>>`,
    ],
    [formNum, `<<\n/Fields [${fieldNum} 0 R]\n/SigFlags 3\n>>`],
  ];
  const { out, offsets } = appendUpdate(pdf, trailer, objects, Math.max(trailer.size, formNum + 1));

  // The byte ranges: everything but the hex string between < and > of /Contents.
  const all = out.toString('latin1');
  const sigStart = offsets.get(sigNum) ?? 0;
  const contentsAt = all.indexOf('/Contents <', sigStart) + '/Contents '.length;
  const contentsEnd = contentsAt + contentsHex.length + 2;
  const range = `/ByteRange [0 ${contentsAt} ${contentsEnd} ${out.length - contentsEnd}]`;
  const rangeAt = all.indexOf(BYTE_RANGE_PLACEHOLDER, sigStart);
  out.write(range.padEnd(BYTE_RANGE_PLACEHOLDER.length, ' '), rangeAt, 'latin1');
  const digest = createHash('sha256').update(out.subarray(0, contentsAt)).update(out.subarray(contentsEnd)).digest();
  const cms = await buildCms(digest, opts.identity, opts.timeStamp);
  if (cms.length > SIGNATURE_SPACE) throw new Error(`assinatura de ${cms.length} bytes não cabe no espaço reservado`);
  out.write(Buffer.from(cms).toString('hex'), contentsAt + 1, 'latin1');
  return out;
}
