import type { PublicLetter } from '@ar/core';
import type { PublicLetterRow } from './letter-public.service.ts';

/** The letter's public answer: links under /v2 (the page adds the security answer when it has one). */
export function presentPublicLetter(row: PublicLetterRow): PublicLetter {
  const base = `/v2/email/public/carta/${row.ema_uni_id}`;
  return {
    status: row.ema_status_carta,
    rastreio: row.rastreio,
    link: `${base}/carta`,
    sha256: row.pdf_sha256,
    paginas: row.paginas,
    linkAr: row.ar_chave ? `${base}/ar` : null,
    arSha256: row.ar_chave ? row.ar_sha256 : null,
  };
}
