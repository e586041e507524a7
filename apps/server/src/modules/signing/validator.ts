import { createHash } from 'node:crypto';
import type { ValidarDocumentoResult } from '@ar/core';
import * as pkijs from 'pkijs';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { evidenceTsa } from '../evidence/evidence.service.ts';
import { commonName } from '../evidence/tsa/pki.ts';
import { checkToken } from '../evidence/tsa/token.ts';
import { consume, type Limit } from '../rate-limit/rate-limit.ts';
import { dssAfter } from './dss.ts';
import { OID_SIGNATURE_TIME_STAMP } from './pades.ts';
import * as q from './signing.queries.ts';
import { signingIdentity } from './signing-identity.ts';

/** Public calls per client address (the file is read and hashed, its signature checked): a person checks a few documents. */
export const VALIDAR_DOCUMENTO_LIMIT: Limit = { kind: 'validar-documento-ip', max: 60, minutes: 10 };

/** Counts a validation for the client address; 429 past the limit (counted in the database, every process sees it). */
export async function countValidation(ctx: AppContext, ip: string): Promise<void> {
  if ((await consume(ctx.db, VALIDAR_DOCUMENTO_LIMIT, ip)).isOver)
    throw new AppError(429, 'Muitas validações a partir deste endereço. Tente de novo em alguns minutos.');
}

const LABELS: Record<string, string> = {
  comprovante: 'Comprovante de envio',
  laudo: 'Laudo pericial',
  'comprovante-lote': 'Comprovantes de envio (lote)',
  carta: 'Carta (AR-Carta)',
};

/** The document the product recorded with this SHA-256 (a proof, a report, a bulk file, a letter), or null. */
async function findIssued(ctx: AppContext, sha256: string): Promise<{ documento: string; protocolo: number | null } | null> {
  const docs = await q.findDocumentsByHash(ctx.db, sha256);
  const first = docs[0];
  if (first) {
    // A bulk PDF is logged once per message it holds: no single protocol then.
    const single = docs.length === 1 || docs.every((d) => d.cod_email === first.cod_email);
    return { documento: LABELS[first.doc_tipo] ?? first.doc_tipo, protocolo: single ? first.cod_email : null };
  }
  const letter = await q.findLetterByHash(ctx.db, sha256);
  return letter ? { documento: LABELS.carta as string, protocolo: letter.cod_email } : null;
}

/**
 * Checks a PDF as the public validator answers it (docs/signatures.md): its last signature covers
 * the whole file, the CMS verifies over the byte ranges, the signer is this installation's
 * certificate (or SIGNING_P12's chain), the signature time-stamp checks, and the product recorded
 * the file's SHA-256 when it issued it.
 */
export async function validateDocument(ctx: AppContext, pdf: Buffer): Promise<ValidarDocumentoResult> {
  const codigo = createHash('sha256').update(pdf).digest('hex');
  const result: ValidarDocumentoResult = {
    valido: false,
    documento: null,
    protocolo: null,
    codigo,
    assinadoEm: null,
    assinante: null,
    carimboDoTempo: null,
  };
  const refuse = (motivo: string) => ({ ...result, motivo });
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') return refuse('O arquivo não é um PDF.');
  const issued = await findIssued(ctx, codigo);
  if (issued) Object.assign(result, issued);

  const text = pdf.toString('latin1');
  const range = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(-1);
  if (!range) return refuse('O PDF não tem assinatura digital.');
  const [a, b, c, d] = range.slice(1).map(Number) as [number, number, number, number];
  if (a !== 0 || b <= 0 || c <= b || c + d > pdf.length || pdf[b] !== 0x3c || pdf[c - 1] !== 0x3e) {
    return refuse('A assinatura do PDF está malformada (ByteRange inválido).');
  }
  let sd: pkijs.SignedData;
  try {
    const hex = pdf
      .subarray(b + 1, c - 1)
      .toString('latin1')
      .replace(/(00)+$/, '');
    sd = new pkijs.SignedData({
      schema: pkijs.ContentInfo.fromBER(new Uint8Array(Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex'))).content,
    });
  } catch {
    return refuse('A assinatura do PDF não é um CMS legível.');
  }
  const signerInfo = sd.signerInfos[0];
  const sid = signerInfo?.sid;
  const signer =
    sid instanceof pkijs.IssuerAndSerialNumber
      ? (sd.certificates ?? []).find(
          (x): x is pkijs.Certificate =>
            x instanceof pkijs.Certificate && x.issuer.isEqual(sid.issuer) && x.serialNumber.isEqual(sid.serialNumber),
        )
      : undefined;
  if (!signerInfo || !signer) return refuse('A assinatura não traz o certificado de quem assinou.');
  result.assinante = commonName(signer.subject);
  const claimed = /\/M\s*\(D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(text.slice(c, c + 4000));
  if (claimed)
    result.assinadoEm = new Date(`${claimed[1]}-${claimed[2]}-${claimed[3]}T${claimed[4]}:${claimed[5]}:${claimed[6]}Z`).toISOString();

  const signed = Buffer.concat([pdf.subarray(0, b), pdf.subarray(c, c + d)]);
  let verified = false;
  try {
    const v = await sd.verify({ signer: 0, data: new Uint8Array(signed).buffer, checkChain: false, extendedMode: true });
    verified = !!v.signatureVerified;
  } catch {
    verified = false;
  }

  // The signature time-stamp: over the SHA-256 of the signature value, from the configured TSA.
  const tsa = await evidenceTsa(ctx.config);
  const attr = signerInfo.unsignedAttrs?.attributes.find((x) => x.type === OID_SIGNATURE_TIME_STAMP);
  if (attr?.values[0]) {
    const token = new Uint8Array(attr.values[0].toBER(false));
    const imprint = createHash('sha256').update(signerInfo.signature.valueBlock.valueHexView).digest('hex');
    const check = await checkToken(token, imprint, tsa.trusted);
    if (check.parsed) {
      result.carimboDoTempo = {
        tsa: check.parsed.tsaName,
        dataHora: check.parsed.genTime.toISOString(),
        valido: check.problems.length === 0,
      };
      result.assinadoEm = check.parsed.genTime.toISOString();
    }
  }

  if (!verified) return refuse('A assinatura não confere: o arquivo foi alterado depois de assinado.');
  // After the signed revision, only the validation data (the DSS update, B-LT) the product appends.
  if (c + d !== pdf.length && !dssAfter(pdf, c + d)) return refuse('O arquivo tem conteúdo acrescentado depois da assinatura.');
  const identity = await signingIdentity(ctx.config);
  const signerDer = Buffer.from(signer.toSchema().toBER(false));
  let trusted = signerDer.equals(Buffer.from(identity.certificateDer));
  if (!trusted) {
    const engine = new pkijs.CertificateChainValidationEngine({
      trustedCerts: identity.trusted,
      certs: [...(sd.certificates ?? []).filter((x): x is pkijs.Certificate => x instanceof pkijs.Certificate)],
      checkDate: result.assinadoEm ? new Date(result.assinadoEm) : new Date(),
    });
    trusted = await engine.verify().then(
      (r) => r.result,
      () => false,
    );
  }
  if (!trusted) return refuse('O certificado que assinou não é o desta instalação.');
  if (!result.carimboDoTempo) return refuse('A assinatura não tem carimbo do tempo.');
  if (!result.carimboDoTempo.valido) return refuse('O carimbo do tempo da assinatura não confere.');
  if (!issued) return refuse('A assinatura confere, mas este documento não consta como emitido por esta instalação.');
  return { ...result, valido: true };
}
