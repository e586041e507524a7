import { type CertificateBlock, PUBLIC_MSG } from '@ar/core';

/**
 * Why a certificate cannot go to the validator (spec 002 §8), as the alert words it: 'Erro ao
 * validar carimbo do {what}: Carimbo não encontrado' (or the hash), WhatsApp's in its own words.
 * Null when the stamp and the signed hash are both there.
 */
export function stampProblem(block: Pick<CertificateBlock, 'carimbo' | 'hashAssinado'>, what: string, whatsapp: boolean): string | null {
  const missing = !block.carimbo
    ? whatsapp
      ? PUBLIC_MSG.whatsappStampNotFound
      : PUBLIC_MSG.stampNotFound
    : !block.hashAssinado
      ? whatsapp
        ? PUBLIC_MSG.whatsappHashNotFound
        : PUBLIC_MSG.hashNotFound
      : null;
  return missing ? `${PUBLIC_MSG.stampError(what)}: ${missing}` : null;
}
