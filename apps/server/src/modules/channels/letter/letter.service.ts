import { createHash } from 'node:crypto';
import { type LetterAddress, REACHED_BITS } from '@ar/core';
import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/errors.ts';
import { recordEvent } from '../../emails/events.ts';
import { simulatedMark } from '../../evidence/simulated.ts';
import { PermanentProviderError, type ProviderRequest } from '../channel.ts';
import { recordChannelFailure } from '../channels.service.ts';
import { EARLY_EVENT_MS } from '../provider-events.service.ts';
import { WEBHOOK_MSG } from '../webhooks.service.ts';
import { HttpLetterProvider } from './http-letter.ts';
import {
  findLetter,
  findLetterByProviderId,
  findLetterMessage,
  findQuietLetters,
  insertLetter,
  markLetterEvent,
  setLetterAsked,
  setLetterProviderId,
  setLetterReceipt,
  setLetterTrackingCode,
} from './letter.queries.ts';
import { LETTER_TRACKING_LABELS, LetterCallbackRefused, type LetterProvider, type LetterTrackingEvent } from './letter-provider.ts';

/**
 * AR-Carta's pipeline (docs/letters.md): the send worker's letter (made, stored by its hash,
 * submitted, its acceptance chained) and the provider's tracking callbacks (verified, then each
 * event recorded once). The provider is always spoken to over the HTTP contract: the simulator
 * (LETTER_PROVIDER=simulator) serves it under /dev/letters.
 */
export function letterProvider(ctx: AppContext): LetterProvider {
  const c = ctx.config.letter;
  return new HttpLetterProvider({ apiUrl: c.apiUrl, apiKey: c.apiKey, webhookSecret: c.webhookSecret });
}

/** Whether letters can go out here: a provider is configured (LETTER_PROVIDER is not none). */
export const letterAvailable = (ctx: AppContext): boolean => ctx.config.letter.provider !== 'none';

/** Where the provider posts the tracking of every letter. */
export const letterCallbackUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/v2/webhooks/letter`;

/** Where a letter's files are kept: by message and by their SHA-256. */
const pdfKey = (cod_email: number, sha256: string) => `cartas/${cod_email}/carta-${sha256}.pdf`;
const RECEIPT_EXT: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };
const receiptKey = (cod_email: number, sha256: string, type: string) => `cartas/${cod_email}/ar-${sha256}.${RECEIPT_EXT[type] ?? 'bin'}`;

const sha256Of = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Sends one message's letter. Idempotent: a letter the provider accepted already is not submitted
 * again, a letter made already is submitted with the same PDF (read back and checked against its
 * stored hash). A refusal for good ends the letter in 'erro' with its credit back; anything else
 * is thrown so the queue retries (the provider's Idempotency-Key, the message's uuid, keeps a
 * retry from printing twice).
 */
export async function deliverLetter(ctx: AppContext, cod_email: number): Promise<void> {
  const msg = await findLetterMessage(ctx.db, cod_email);
  const address = msg?.ema_uni_carta as LetterAddress | null | undefined;
  if (!msg || !address) return;
  if ((msg.ema_alcance_carta & (REACHED_BITS.erro as number)) !== 0) return;
  let letter = await findLetter(ctx.db, cod_email);
  if (letter?.id_provedor) return;
  let pdf: Buffer | null = null;
  if (!letter) {
    // The letter's layout (pdfkit) is loaded by the first letter, not at every start (docs/performance.md).
    const { renderLetter } = await import('./letter.pdf.ts');
    const rendered = await renderLetter({
      protocol: msg.ema_uni_codigo,
      uuid: msg.ema_uni_id,
      publicUrl: ctx.config.publicUrl,
      // Users have no postal address in the product: the return line names the sender, then the
      // installation's return address (LETTER_RETURN_ADDRESS), where the carrier brings back what it cannot deliver.
      sender: { name: msg.ema_uni_name_from, returnAddress: ctx.config.letter.returnAddress },
      recipient: address,
      subject: msg.ema_uni_subject,
      html: msg.ema_uni_content,
      createdAt: new Date(msg.ema_uni_data_criacao),
    });
    // Signed (PAdES, docs/signatures.md) before its hash is taken: the provider's acceptance chains the signed file.
    const { signDocument, SIGNATURE_REASON } = await import('../../signing/signing.service.ts');
    const signedPdf = await signDocument(ctx.config, rendered.pdf, SIGNATURE_REASON.carta);
    const made = { pdf: signedPdf, sha256: sha256Of(signedPdf), pages: rendered.pages };
    const key = pdfKey(cod_email, made.sha256);
    await ctx.storage.put(key, made.pdf, 'application/pdf');
    await insertLetter(ctx.db, { cod_email, pdf_chave: key, pdf_sha256: made.sha256, paginas: made.pages });
    letter = await findLetter(ctx.db, cod_email);
    if (letter?.pdf_sha256 === made.sha256) pdf = made.pdf;
  }
  if (!letter) throw new Error(`letter of message ${cod_email} not stored`);
  pdf ??= await ctx.storage.read(letter.pdf_chave);
  if (!pdf || sha256Of(pdf) !== letter.pdf_sha256) throw new Error(`letter PDF of message ${cod_email} missing or altered`);
  const provider = letterProvider(ctx);
  const evidence = { pdfSha256: letter.pdf_sha256, paginas: letter.paginas, ...simulatedMark(ctx.config, 'carta') };
  let accepted: Awaited<ReturnType<LetterProvider['submit']>>;
  try {
    accepted = await provider.submit({
      protocol: msg.ema_uni_codigo,
      uuid: msg.ema_uni_id,
      pdf,
      sha256: letter.pdf_sha256,
      pages: letter.paginas,
      address,
      callbackUrl: letterCallbackUrl(ctx),
    });
  } catch (error) {
    if (error instanceof PermanentProviderError) {
      await failLetter(ctx, cod_email, error.reason, { ...evidence, payload: error.raw });
      return;
    }
    throw error;
  }
  const provedor = ctx.config.letter.provider;
  await inTransaction(ctx.db, async (trx) => {
    if (!(await setLetterProviderId(trx, cod_email, provedor, accepted.providerId))) return;
    await recordEvent(
      trx,
      {
        cod_email,
        canal: 'carta',
        tipo: 'processed',
        affectsStatus: false,
        detalhes: { etapa: 'aceite do provedor', provedor, idProvedor: accepted.providerId, ...evidence, payload: accepted.raw },
      },
      ctx.boss,
    );
  });
}

/** A letter that could not be sent: 'erro' with the reason, its credit back (once). */
export async function failLetter(ctx: AppContext, cod_email: number, reason: string, detalhes: Record<string, unknown> = {}) {
  await inTransaction(ctx.db, (trx) =>
    recordChannelFailure(trx, ctx, cod_email, 'carta', { ...detalhes, reasonFailure: reason }, { onlyFirst: true }),
  );
}

/** What became of a callback's events. */
export interface AppliedLetterEvents {
  recorded: number;
  repeated: number;
  unknown: number;
  /** Of those, events of the last minutes: delivered again later (503). */
  early: number;
}

/** The largest digital AR fetched by address. */
const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

/** An AR sent by address: fetched and checked against the hash it came with (a mismatch refuses the callback). */
async function fetchReceipt(url: string, sha256: string): Promise<Buffer> {
  let data: Buffer;
  try {
    const res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    data = Buffer.from(await res.arrayBuffer());
  } catch (error) {
    // Not the provider's mistake for good: 503, so it is delivered again.
    throw new AppError(503, `O AR digital não pôde ser obtido em ${url}: ${(error as Error).message}`);
  }
  if (data.length > RECEIPT_MAX_BYTES) throw new LetterCallbackRefused('O AR digital passa de 10 MB.');
  if (sha256Of(data) !== sha256) throw new LetterCallbackRefused(`O SHA-256 do AR digital obtido em ${url} não confere.`);
  return data;
}

/**
 * A letter provider's callback: its signature first (403, nothing recorded), then its events
 * (LetterCallbackRefused: 400 with the reason, nothing recorded), then each event once, in the
 * order the provider says they happened:
 * - postado → 'send', with the S10 code (kept on the letter);
 * - em trânsito, saiu para entrega → recorded in the chain, the status unchanged;
 * - entregue → 'delivered', the digital AR stored by its SHA-256 and named in the event;
 * - devolvido → 'erro' with the reason, and the letter's credit back.
 */
export async function receiveLetterCallback(ctx: AppContext, req: ProviderRequest): Promise<AppliedLetterEvents> {
  const provider = letterProvider(ctx);
  if (!provider.verify(req)) throw new AppError(403, WEBHOOK_MSG.badSignature);
  let events: LetterTrackingEvent[];
  try {
    events = provider.parse(req);
  } catch (error) {
    if (error instanceof LetterCallbackRefused) throw new AppError(400, error.reason);
    throw error;
  }
  const outcome = await applyLetterEvents(ctx, events, 'callback');
  if (outcome.early > 0) throw new AppError(503, WEBHOOK_MSG.tooEarly);
  return outcome;
}

/**
 * A provider's tracking events, from a verified callback or from the provider's answer to GET
 * /letters/{id} (the sweep): the ARs sent by address fetched and checked first (a refusal records
 * nothing: AppError 400), then each event once, in the order the provider says they happened.
 * `via` is kept in each event's details: how the product learned of it.
 */
async function applyLetterEvents(
  ctx: AppContext,
  events: LetterTrackingEvent[],
  via: 'callback' | 'consulta',
): Promise<AppliedLetterEvents> {
  // The ARs sent by address are fetched and checked before anything is recorded.
  const receipts = new Map<string, Buffer>();
  try {
    for (const e of events)
      if (e.receipt)
        receipts.set(e.eventKey, e.receipt.kind === 'inline' ? e.receipt.data : await fetchReceipt(e.receipt.url, e.receipt.sha256));
  } catch (error) {
    if (error instanceof LetterCallbackRefused) throw new AppError(400, error.reason);
    throw error;
  }
  const provedor = ctx.config.letter.provider;
  const outcome: AppliedLetterEvents = { recorded: 0, repeated: 0, unknown: 0, early: 0 };
  for (const e of [...events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const letter = await findLetterByProviderId(ctx.db, provedor, e.providerId);
    if (!letter) {
      ctx.log.warn({ eventKey: e.eventKey }, 'evento de carta sem mensagem correspondente');
      outcome.unknown++;
      // Most likely a letter whose acceptance is still being recorded: the route answers 503.
      if (Date.now() - e.at.getTime() < EARLY_EVENT_MS) outcome.early++;
      continue;
    }
    const cod_email = letter.cod_email;
    const data = receipts.get(e.eventKey);
    const ar =
      e.receipt && data
        ? {
            ar_chave: receiptKey(cod_email, e.receipt.sha256, e.receipt.contentType),
            ar_sha256: e.receipt.sha256,
            ar_tipo: e.receipt.contentType,
          }
        : null;
    // The file first, by its hash (the same bytes under the same key if the callback comes again).
    if (ar && data) await ctx.storage.put(ar.ar_chave, data, ar.ar_tipo);
    const recorded = await inTransaction(ctx.db, async (trx) => {
      if (!(await markLetterEvent(trx, e.eventKey, cod_email))) return false;
      const detalhes = {
        provedor,
        ...simulatedMark(ctx.config, 'carta'),
        chave: e.eventKey,
        idProvedor: e.providerId,
        etapa: LETTER_TRACKING_LABELS[e.status],
        rastreio: e.trackingCode,
        local: e.location,
        ocorridoEm: e.at.toISOString(),
        ...(ar ? { arSha256: ar.ar_sha256, arTipo: ar.ar_tipo } : {}),
        ...(via === 'consulta' ? { via: 'consulta ao provedor' } : {}),
        payload: e.raw,
      };
      await setLetterTrackingCode(trx, cod_email, e.trackingCode);
      if (ar) await setLetterReceipt(trx, cod_email, ar);
      if (e.productStatus === 'erro') {
        await recordChannelFailure(trx, ctx, cod_email, 'carta', { ...detalhes, reasonFailure: e.reason ?? 'Carta devolvida.' });
      } else {
        await recordEvent(
          trx,
          {
            cod_email,
            canal: 'carta',
            tipo: e.productStatus ?? 'processed',
            affectsStatus: e.productStatus !== null,
            detalhes,
          },
          ctx.boss,
        );
      }
      return true;
    });
    if (recorded) outcome.recorded++;
    else outcome.repeated++;
  }
  return outcome;
}

/** How long a letter may go without a tracking step before the sweep asks the provider for it. */
export const LETTER_QUIET_MS = 12 * 60 * 60 * 1000;
/** Letters made longer ago than this are no longer asked for (a letter is delivered or back within weeks). */
const LETTER_TRACKED_DAYS = 60;
/** Letters asked a sweep, at most. */
const LETTER_SWEEP_LIMIT = 200;

export interface LetterSweepOutcome {
  asked: number;
  recorded: number;
  /** Letters the provider could not be asked for, or whose answer was refused (logged; asked again next time). */
  failed: number;
}

/**
 * The tracking sweep (docs/letters.md, "Tracking a letter whose callbacks stopped"): each letter in
 * the post with no step recorded for `quietMs` is asked of the provider (GET /letters/{id}, the
 * same adapter as the submission), and the steps its answer holds that were not recorded yet are
 * recorded as a callback's would be, marked as learned by asking. A letter is asked at most once a
 * `quietMs`; one that fails is logged and left to the next sweep.
 */
export async function trackQuietLetters(
  ctx: AppContext,
  opts: { now?: Date; quietMs?: number; limit?: number } = {},
): Promise<LetterSweepOutcome> {
  const now = opts.now ?? new Date();
  const quietSince = new Date(now.getTime() - (opts.quietMs ?? LETTER_QUIET_MS));
  const letters = await findQuietLetters(ctx.db, {
    provedor: ctx.config.letter.provider,
    quietSince,
    madeAfter: new Date(now.getTime() - LETTER_TRACKED_DAYS * 86_400_000),
    endedBits: (REACHED_BITS.delivered as number) | (REACHED_BITS.erro as number),
    limit: opts.limit ?? LETTER_SWEEP_LIMIT,
  });
  const provider = letterProvider(ctx);
  const outcome: LetterSweepOutcome = { asked: 0, recorded: 0, failed: 0 };
  for (const letter of letters) {
    if (!letter.id_provedor) continue;
    outcome.asked++;
    await setLetterAsked(ctx.db, letter.cod_email, now);
    try {
      const events = await provider.track(letter.id_provedor);
      // Only this letter's steps: an answer naming another letter's would not be believed.
      const own = events.filter((e) => e.providerId === letter.id_provedor);
      outcome.recorded += (await applyLetterEvents(ctx, own, 'consulta')).recorded;
    } catch (error) {
      outcome.failed++;
      ctx.log.warn({ err: error, cod_email: letter.cod_email }, 'rastreamento da carta não consultado');
    }
  }
  return outcome;
}
