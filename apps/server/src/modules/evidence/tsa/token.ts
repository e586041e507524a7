import { createHash } from 'node:crypto';
import { tsaLabel } from '@ar/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { commonName, dottedOid, OID, toHex } from './pki.ts';

/** What a token says, read without judging it. */
export interface ParsedToken {
  signedData: pkijs.SignedData;
  tstInfo: pkijs.TSTInfo;
  imprintHex: string;
  imprintAlgorithm: string;
  serialHex: string;
  genTime: Date;
  nonceHex: string | null;
  policy: string;
  /** The TSA's name as the token gives it (its tsa field, else the signer certificate's subject). */
  tsaName: string;
}

/** Parses a TimeStampToken (a CMS ContentInfo wrapping SignedData over a TSTInfo). Throws on anything else. */
export function parseToken(der: Uint8Array): ParsedToken {
  const info = pkijs.ContentInfo.fromBER(new Uint8Array(der));
  if (info.contentType !== OID.signedData) throw new Error('não é um SignedData (CMS)');
  const signedData = new pkijs.SignedData({ schema: info.content });
  if (signedData.encapContentInfo.eContentType !== OID.tstInfo || !signedData.encapContentInfo.eContent) {
    throw new Error('não contém um TSTInfo (RFC 3161)');
  }
  const tstInfo = pkijs.TSTInfo.fromBER(signedData.encapContentInfo.eContent.getValue());
  const signer = signerCertificate(signedData);
  let tsaName = signer ? commonName(signer.subject) : '';
  if (tstInfo.tsa && tstInfo.tsa.type === 4) tsaName = commonName(tstInfo.tsa.value as pkijs.RelativeDistinguishedNames);
  return {
    signedData,
    tstInfo,
    imprintHex: toHex(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView),
    imprintAlgorithm: tstInfo.messageImprint.hashAlgorithm.algorithmId,
    serialHex: toHex(tstInfo.serialNumber.valueBlock.valueHexView),
    genTime: tstInfo.genTime,
    nonceHex: tstInfo.nonce ? toHex(tstInfo.nonce.valueBlock.valueHexView) : null,
    policy: dottedOid(tstInfo.policy),
    tsaName: tsaLabel(tsaName || 'TSA sem nome'),
  };
}

function signerCertificate(sd: pkijs.SignedData, extra: pkijs.Certificate[] = []): pkijs.Certificate | null {
  const sid = sd.signerInfos[0]?.sid;
  if (!(sid instanceof pkijs.IssuerAndSerialNumber)) return null;
  const certs = [...(sd.certificates ?? []), ...extra].filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  return certs.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber)) ?? null;
}

export interface TokenCheck {
  parsed: ParsedToken | null;
  signer: pkijs.Certificate | null;
  isSignatureValid: boolean;
  isChainValid: boolean;
  isHashCovered: boolean;
  /** Plain Portuguese reasons, empty when the token is valid for that hash. */
  problems: string[];
}

/**
 * Verifies a token for a hash: the CMS signature over the TSTInfo, the signer certificate (ESS
 * signingCertificate binding, extendedKeyUsage timeStamping critical, chain to a trusted
 * certificate at genTime) and that the messageImprint is exactly that hash.
 */
export async function checkToken(der: Uint8Array, hashHex: string, trusted: pkijs.Certificate[]): Promise<TokenCheck> {
  const check: TokenCheck = {
    parsed: null,
    signer: null,
    isSignatureValid: false,
    isChainValid: false,
    isHashCovered: false,
    problems: [],
  };
  try {
    check.parsed = parseToken(der);
  } catch (e) {
    check.problems.push(`O carimbo não é um carimbo do tempo RFC 3161 legível (${(e as Error).message}).`);
    return check;
  }
  const p = check.parsed;
  check.isHashCovered = p.imprintHex === hashHex.toLowerCase();
  if (!check.isHashCovered) check.problems.push('O carimbo não foi emitido para este hash: o hash carimbado é outro.');

  const signer = signerCertificate(p.signedData, trusted);
  check.signer = signer;
  if (!signer) {
    check.problems.push('O certificado de quem assinou o carimbo não foi encontrado.');
    return check;
  }
  // A token without certificates (certReq false) is checked against the trusted ones.
  // Parsed again, not re-encoded: the signature covers the signed attributes exactly as received.
  const sd = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(new Uint8Array(der)).content });
  if (!sd.certificates?.some((c) => c instanceof pkijs.Certificate && c.serialNumber.isEqual(signer.serialNumber))) {
    sd.certificates = [...(sd.certificates ?? []), signer];
  }
  // pkijs checks a TSTInfo's imprint only against the original data, which a validator does not
  // have (it has the hash, compared above); so the content type is relabelled for the signature
  // check alone, which still covers the TSTInfo bytes through the messageDigest attribute.
  sd.encapContentInfo.eContentType = '1.2.840.113549.1.7.1';
  try {
    const result = await sd.verify({ signer: 0, checkChain: false, extendedMode: true });
    check.isSignatureValid = !!result.signatureVerified;
  } catch {
    check.isSignatureValid = false;
  }
  if (!check.isSignatureValid)
    check.problems.push('A assinatura do carimbo não confere: o carimbo foi alterado ou não foi assinado por esta TSA.');

  const attrs = p.signedData.signerInfos[0]?.signedAttrs?.attributes ?? [];
  const essV2 = attrs.find((a) => a.type === OID.signingCertificateV2);
  const essV1 = attrs.find((a) => a.type === OID.signingCertificate);
  const certDer = new Uint8Array(signer.toSchema().toBER(false));
  const essHash = (attr: pkijs.Attribute | undefined) => {
    const certId = (attr?.values[0] as asn1js.Sequence | undefined)?.valueBlock.value[0] as asn1js.Sequence | undefined;
    const first = certId?.valueBlock.value[0] as asn1js.Sequence | undefined;
    const parts = first?.valueBlock.value ?? [];
    const octets = parts.find((v) => v instanceof asn1js.OctetString) as asn1js.OctetString | undefined;
    const alg = parts[0] instanceof asn1js.Sequence ? new pkijs.AlgorithmIdentifier({ schema: parts[0] }).algorithmId : OID.sha256;
    return octets ? { hex: toHex(octets.valueBlock.valueHexView), alg } : null;
  };
  const v2 = essHash(essV2);
  const v1 = essHash(essV1);
  const algName: Record<string, string> = { [OID.sha256]: 'sha256', [OID.sha384]: 'sha384', [OID.sha512]: 'sha512' };
  const isBound =
    (v2 && algName[v2.alg] && createHash(algName[v2.alg]).update(certDer).digest('hex') === v2.hex) ||
    (v1 && createHash('sha1').update(certDer).digest('hex') === v1.hex);
  if (!isBound)
    check.problems.push('O carimbo não identifica o certificado que o assinou (atributo signingCertificate ausente ou diferente).');

  const eku = signer.extensions?.find((e) => e.extnID === OID.extKeyUsage);
  const purposes = (eku?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];
  const isTsaCert = !!eku?.critical && purposes.length === 1 && purposes[0] === OID.timeStamping;
  if (!isTsaCert)
    check.problems.push('O certificado que assinou não é de uma autoridade de carimbo do tempo (uso estendido timeStamping crítico).');

  check.isChainValid = !!isBound && isTsaCert && (await chainsToTrusted(signer, p, trusted));
  if (!check.isChainValid && isBound && isTsaCert) {
    check.problems.push('O certificado da TSA não pertence a uma autoridade confiável para esta instalação.');
  }
  return check;
}

/**
 * The signer certificate chains to a trusted one at genTime. A trusted certificate that is the
 * signer itself (the built-in TSA, or a TSA certificate pinned in TSA_CA_FILE) is its own anchor:
 * pkijs's chain engine would want it to be a CA, which a TSA certificate is not.
 */
async function chainsToTrusted(signer: pkijs.Certificate, p: ParsedToken, trusted: pkijs.Certificate[]): Promise<boolean> {
  const signerDer = Buffer.from(signer.toSchema().toBER(false));
  const isWithin = (c: pkijs.Certificate) => c.notBefore.value <= p.genTime && p.genTime <= c.notAfter.value;
  if (trusted.some((c) => Buffer.from(c.toSchema().toBER(false)).equals(signerDer))) return isWithin(signer);
  const engine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: trusted,
    certs: [...(p.signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate), signer],
    checkDate: p.genTime,
  });
  try {
    return (await engine.verify()).result;
  } catch {
    return false;
  }
}
