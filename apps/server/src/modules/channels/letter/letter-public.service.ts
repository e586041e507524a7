import { PUBLIC_LETTER_MSG, PUBLIC_MSG } from '@ar/core';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../http/errors.ts';
import { type Answer, checkAnswer } from '../../public/answer-check.ts';
import { recordLetterDownload, type Visitor } from '../../public/public.service.ts';
import { findPublicLetter } from './letter.queries.ts';

/**
 * The recipient's letter (spec 002 §7, docs/letters.md): keyed by the message's secret uuid, behind
 * its security question like the page and the attachments, since the PDF carries the message.
 */
async function loadLetter(ctx: AppContext, uuid: string, answer: Answer | undefined) {
  const row = await findPublicLetter(ctx.db, uuid);
  if (!row) throw notFound(PUBLIC_MSG.notFound);
  if (!row.ema_uni_carta) throw notFound(PUBLIC_LETTER_MSG.none);
  await checkAnswer(ctx, row, answer, 'download');
  if (!row.pdf_chave || !row.pdf_sha256 || row.paginas === null) throw notFound(PUBLIC_LETTER_MSG.notReady);
  return { ...row, pdf_chave: row.pdf_chave, pdf_sha256: row.pdf_sha256, paginas: row.paginas };
}

export type PublicLetterRow = Awaited<ReturnType<typeof loadLetter>>;

/** GET /email/public/carta/{uuid}: the letter's facts and links. */
export function publicLetter(ctx: AppContext, uuid: string, answer: Answer | undefined): Promise<PublicLetterRow> {
  return loadLetter(ctx, uuid, answer);
}

/**
 * GET /email/public/carta/{uuid}/{arquivo}: the letter's PDF, or its digital AR once delivered,
 * each served file recorded as a download of the letter channel (the sender sees it).
 */
export async function publicLetterFile(
  ctx: AppContext,
  uuid: string,
  arquivo: 'carta' | 'ar',
  answer: Answer | undefined,
  visitor: Visitor,
) {
  const row = await loadLetter(ctx, uuid, answer);
  const ref =
    arquivo === 'carta'
      ? { key: row.pdf_chave, type: 'application/pdf', name: `carta-${row.ema_uni_id}.pdf` }
      : row.ar_chave
        ? {
            key: row.ar_chave,
            type: row.ar_tipo ?? 'application/octet-stream',
            name: `ar-${row.ema_uni_id}.${row.ar_chave.split('.').pop()}`,
          }
        : null;
  if (!ref) throw notFound(PUBLIC_LETTER_MSG.noReceipt);
  const file = await ctx.storage.open(ref.key);
  if (!file) throw notFound(arquivo === 'carta' ? PUBLIC_LETTER_MSG.notReady : PUBLIC_LETTER_MSG.noReceipt);
  await recordLetterDownload(ctx, uuid, visitor, { arquivo, sha256: arquivo === 'carta' ? row.pdf_sha256 : row.ar_sha256 });
  return { ...ref, file };
}
