import type { Config } from '../../config.ts';
import { evidenceTsa } from '../evidence/evidence.service.ts';
import { requestStamp } from '../evidence/tsa/tsa-client.ts';
import { addDss, collectValidationData } from './dss.ts';
import { signPdf } from './pades.ts';
import { lastSignature } from './pdf-update.ts';
import { signingIdentity } from './signing-identity.ts';

type SigningConfig = Pick<Config, 'dataDir' | 'tsaCaFile' | 'tsaUrl' | 'signingP12' | 'signingP12Password'>;

/** What each document says it is, in its signature's /Reason. */
export const SIGNATURE_REASON = {
  comprovante: 'Comprovante de envio emitido pelo AR Online',
  laudo: 'Laudo pericial emitido pelo AR Online',
  lote: 'Comprovantes de envio (lote) emitidos pelo AR Online',
  carta: 'Carta (AR-Carta) emitida pelo AR Online',
} as const;

/**
 * Signs a PDF the product issues (docs/signatures.md) with the installation's signing identity and
 * a signature time-stamp from the configured TSA (TSA_URL, else the built-in one): PAdES B-T, then
 * the validation data in a DSS update (B-LT when every certificate has its revocation data).
 */
export async function signDocument(config: SigningConfig, pdf: Buffer, reason: string): Promise<Buffer> {
  const [identity, tsa] = await Promise.all([signingIdentity(config), evidenceTsa(config)]);
  const signed = await signPdf(pdf, {
    identity,
    reason,
    timeStamp: async (hashHex) => (await requestStamp(hashHex, { url: config.tsaUrl, builtin: tsa.builtin })).token,
  });
  const cms = lastSignature(signed)?.cms;
  if (!cms) throw new Error('assinatura não encontrada no PDF assinado');
  return addDss(signed, await collectValidationData(cms, identity, tsa.trusted));
}
