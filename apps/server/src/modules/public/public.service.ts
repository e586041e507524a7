import {
  PUBLIC_MSG,
  PUBLIC_VOICE_MSG,
  type PublicMessage,
  type PublicVoice,
  publicMessageSchema,
  type StatusType,
  type TrackedLink,
  trackedLinkTarget,
} from '@ar/core';
import type { AppContext } from '../../context.ts';
import { type ForwardedFrom, forwardedDetails } from '../../http/client-address.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { eventsWithStamps } from '../emails/events.queries.ts';
import { recordEvent } from '../emails/events.ts';
import { type Answer, checkAnswer } from './answer-check.ts';
import { cachedPage, keepPage, pageBase, pageVersion, settledPage } from './page-cache.ts';
import { presentPublicMessage } from './public.presenter.ts';
import * as q from './public.queries.ts';
import { classifyRead, type ReadSignal, type ReadVerdict } from './read-classifier.ts';

export type PhoneChannel = 'sms' | 'whatsapp';

/**
 * The recipient's public calls (spec 002 §7), keyed by the message's secret uuid from its link: a
 * system path, not a tenant query. The security question is in answer-check.ts, the page's
 * answers kept in page-cache.ts, the page built in public.presenter.ts.
 */

export interface Visitor {
  ip: string | null;
  userAgent: string | null;
  /** When a trusted proxy gave the address: its header as received, kept in the event's details. */
  forwarded?: ForwardedFrom | null;
}

async function loadMessage(ctx: AppContext, uuid: string): Promise<q.PublicRow> {
  const msg = await q.findPublicMessage(ctx.db, uuid);
  if (!msg) throw notFound(PUBLIC_MSG.notFound);
  return msg;
}

/**
 * Records what the visitor did. The classification (docs/reads.md) goes with the event; only a
 * person's open changes the status.
 */
async function recordVisit(
  ctx: AppContext,
  msg: q.PublicRow,
  visitor: Visitor,
  tipo: StatusType,
  via: ReadSignal['via'],
  detalhes: Record<string, unknown> = {},
  statusEvent = true,
  canal: 'email' | PhoneChannel | 'voz' | 'carta' = 'email',
  sentAt: Date | string | null = msg.sentAt,
) {
  const verdict = classifyRead({ ...visitor, sentAt: sentAt ? new Date(sentAt) : null, at: new Date(), via });
  await recordEvent(
    ctx.db,
    {
      cod_email: msg.ema_uni_codigo,
      canal,
      tipo,
      ip: visitor.ip,
      userAgent: visitor.userAgent,
      detalhes: { ...detalhes, classificacao: verdict.classe, motivo: verdict.motivo, ...forwardedDetails(visitor.forwarded) },
      affectsStatus: statusEvent && verdict.classe === 'pessoa',
    },
    ctx.boss,
  );
  return verdict;
}

/**
 * GET /emails/info/public/{uuid} as JSON text, from the page cache when the message did not
 * change. The question is checked on every request. A settled page (every event stamped) is
 * current while the chain's length is: one statement a request; otherwise the stamps are counted
 * too. A page is checked against its contract (publicMessageSchema) when it is built, with
 * CHECK_RESPONSES: the route sends the kept text.
 */
export async function publicDetailJson(ctx: AppContext, uuid: string, answer: Answer | undefined): Promise<string> {
  const current = await q.findPublicVersion(ctx.db, uuid);
  if (!current) throw notFound(PUBLIC_MSG.notFound);
  await checkAnswer(ctx, current, answer);
  const base = pageBase(current);
  const settled = settledPage(current.ema_uni_id, base);
  if (settled !== undefined) return settled;
  const stamps = await q.countStamps(ctx.db, current.ema_uni_codigo);
  const version = pageVersion(base, stamps);
  const cached = cachedPage(current.ema_uni_id, version);
  if (cached !== undefined) return cached;
  const page = await publicDetail(ctx, uuid, answer);
  if (ctx.config.checkResponses) checkPage(page);
  const json = JSON.stringify(page);
  keepPage(current.ema_uni_id, version, json, stamps >= current.eventos ? base : null);
  return json;
}

/** CHECK_RESPONSES: the page must match its contract (a mismatch is our bug: a 500 with the zod issues). */
function checkPage(page: PublicMessage): void {
  const checked = publicMessageSchema.safeParse(page);
  if (!checked.success) {
    const issues = checked.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(raiz)'}: ${i.message}`);
    throw new Error(`Resposta fora do contrato em GET /emails/info/public/:uuid: ${issues.join('; ')}`);
  }
}

/** GET /emails/info/public/{uuid}: the message as its recipient may see it. */
export async function publicDetail(ctx: AppContext, uuid: string, answer: Answer | undefined): Promise<PublicMessage> {
  const msg = await loadMessage(ctx, uuid);
  await checkAnswer(ctx, msg, answer);
  return presentPublicMessage(msg, await eventsWithStamps(ctx.db, msg.ema_uni_codigo));
}

/**
 * POST …/resposta/{uuid}: the answer form of the verify page. The answer goes in the body, never in
 * an address; a right one leaves the token in `answer.issued` (the route sets it as a cookie), a
 * wrong one is refused and counted like any other. Records no event: the visit is recorded by the
 * calls that follow. A message without a question has nothing to answer.
 */
export async function answerQuestion(ctx: AppContext, uuid: string, verify: string): Promise<Answer> {
  const current = await q.findPublicVersion(ctx.db, uuid);
  if (!current) throw notFound(PUBLIC_MSG.notFound);
  // The answer itself is checked, whatever token the browser already holds.
  const answer: Answer = { verify };
  await checkAnswer(ctx, current, answer);
  return answer;
}

/** GET …/track-email/pixel.gif: the image in the e-mail was loaded. */
export async function pixelOpened(ctx: AppContext, uuid: string, visitor: Visitor) {
  const msg = await q.findPublicMessage(ctx.db, uuid);
  if (!msg) return;
  await recordVisit(ctx, msg, visitor, 'track', 'pixel');
}

/** GET …/track-email/{x}: the public page was opened from the e-mail's button (a read). */
export async function pageRead(ctx: AppContext, uuid: string, answer: Answer | undefined, visitor: Visitor): Promise<ReadVerdict> {
  const msg = await loadMessage(ctx, uuid);
  await checkAnswer(ctx, msg, answer);
  return recordVisit(ctx, msg, visitor, 'read', 'pagina', { verificado: !!msg.ema_verif_pergunta });
}

/**
 * GET …/track-sms/{x} and …/track-whatsapp/{x}: the public page was opened from the link the SMS
 * or the WhatsApp message carried (?sms=1, ?whatsapp=1): that channel's read, classified like the
 * e-mail's (a link previewer or a fetch seconds after the channel's send is evidence, not a read).
 * A message that did not go by that channel answers 404, as an unknown one.
 */
export async function phoneRead(
  ctx: AppContext,
  uuid: string,
  canal: PhoneChannel,
  answer: Answer | undefined,
  visitor: Visitor,
): Promise<ReadVerdict> {
  const msg = await loadMessage(ctx, uuid);
  if (!(canal === 'sms' ? msg.ema_uni_sms : msg.ema_uni_whatsapp)) throw notFound(PUBLIC_MSG.notFound);
  await checkAnswer(ctx, msg, answer);
  const sentAt = await q.channelSentAt(ctx.db, msg.ema_uni_codigo, canal);
  return recordVisit(ctx, msg, visitor, 'read', 'pagina', { verificado: !!msg.ema_verif_pergunta }, true, canal, sentAt);
}

/** GET …/track-accept-email/{x}: the recipient confirms receipt. */
export async function accept(ctx: AppContext, uuid: string, answer: Answer | undefined, visitor: Visitor): Promise<void> {
  const msg = await loadMessage(ctx, uuid);
  await checkAnswer(ctx, msg, answer);
  if (!(await q.hasEvent(ctx.db, msg.ema_uni_codigo, 'email', 'acknowledged'))) {
    await recordEvent(
      ctx.db,
      {
        cod_email: msg.ema_uni_codigo,
        canal: 'email',
        tipo: 'acknowledged',
        ip: visitor.ip,
        userAgent: visitor.userAgent,
        detalhes: { classificacao: 'pessoa', motivo: 'confirmação pelo botão da página', ...forwardedDetails(visitor.forwarded) },
      },
      ctx.boss,
    );
  }
}

/**
 * GET …/track-conteudo-link-externo/{lnk}: the address behind a tracked link. Only addresses the
 * message really contained exist here, so the route cannot send anyone anywhere else.
 */
export async function resolveLink(ctx: AppContext, lnk: string, visitor: Visitor): Promise<TrackedLink> {
  const link = await q.findLink(ctx.db, lnk);
  if (!link) throw notFound(PUBLIC_MSG.linkNotFound);
  // Only http and https are followed, whatever was stored (docs/security.md); a refusal records nothing.
  const target = trackedLinkTarget(link.lnk_url);
  if (!target) throw new AppError(400, PUBLIC_MSG.linkRefused);
  const msg = await q.findPublicMessageByCode(ctx.db, link.cod_email);
  if (msg) await recordVisit(ctx, msg, visitor, 'click', 'pagina', { url: link.lnk_url, link: lnk }, false);
  return target;
}

/** GET /email/public/attachments/{uuid}: an attachment, for the recipient (answer first when asked). */
export async function publicAttachment(ctx: AppContext, attachmentUuid: string, answer: Answer | undefined, visitor: Visitor) {
  const found = await q.findMessageByAttachment(ctx.db, attachmentUuid);
  if (!found) throw notFound(PUBLIC_MSG.downloadError);
  await checkAnswer(ctx, found.msg, answer, 'download');
  const file = await ctx.storage.open(found.ref.pathS3);
  if (!file) throw notFound(PUBLIC_MSG.downloadError);
  await recordVisit(
    ctx,
    found.msg,
    visitor,
    'download',
    'pagina',
    { anexo: found.ref.uuidFilename, anexoNome: found.ref.originalFilename, sha256: found.ref.sha256 },
    false,
  );
  return { ref: found.ref, file };
}

interface StoredRecording {
  id: string;
  sha256: string;
  tamanho: number;
  arquivo: string;
  duracaoSegundos: number | null;
}

/** A message's call recording (docs/voice.md), after the security answer when the message asks one; 404 until there is one. */
async function voiceRecording(ctx: AppContext, uuid: string, answer: Answer | undefined) {
  const msg = await loadMessage(ctx, uuid);
  await checkAnswer(ctx, msg, answer, 'download');
  const found = await q.findVoiceRecording(ctx.db, msg.ema_uni_codigo);
  if (!found) throw notFound(PUBLIC_MSG.notFound);
  const rec = (found.event?.evt_detalhes as { gravacao?: StoredRecording } | undefined)?.gravacao;
  if (!found.event || !rec) throw notFound(PUBLIC_VOICE_MSG.noRecording);
  return { msg, found, rec, at: new Date(found.event.evt_data) };
}

/** GET /email/public/voz/{uuid}: the link that downloads the call's recording (spec 002 §7), with its number, status and hash. */
export async function publicVoice(ctx: AppContext, uuid: string, answer: Answer | undefined): Promise<PublicVoice> {
  const { found, rec, at } = await voiceRecording(ctx, uuid, answer);
  return {
    link: `${ctx.config.publicUrl}/v2/email/public/voz/${uuid}/gravacao`,
    numero: found.voz.numberTo,
    status: found.status,
    sha256: rec.sha256,
    gravadaEm: at.toISOString(),
    duracaoSegundos: rec.duracaoSegundos,
  };
}

/** GET /email/public/voz/{uuid}/gravacao: the recording's WAV, recorded as a download of the voice channel (like an attachment's). */
export async function publicVoiceDownload(ctx: AppContext, uuid: string, answer: Answer | undefined, visitor: Visitor) {
  const { msg, rec } = await voiceRecording(ctx, uuid, answer);
  const file = await ctx.storage.open(rec.arquivo);
  if (!file) throw notFound(PUBLIC_VOICE_MSG.noRecording);
  await recordVisit(ctx, msg, visitor, 'download', 'pagina', { gravacao: rec.id, sha256: rec.sha256 }, false, 'voz');
  return { file, filename: `ar-voz-${uuid}.wav` };
}

/**
 * A file of the registered letter served to its recipient (docs/letters.md): the letter as printed
 * ('carta') or the digital AR ('ar'), recorded as a download of the letter channel with the file's
 * hash and the visitor's classification, like a recording's or an attachment's.
 */
export async function recordLetterDownload(
  ctx: AppContext,
  uuid: string,
  visitor: Visitor,
  file: { arquivo: 'carta' | 'ar'; sha256: string | null },
) {
  const msg = await loadMessage(ctx, uuid);
  await recordVisit(ctx, msg, visitor, 'download', 'pagina', { arquivo: file.arquivo, sha256: file.sha256 }, false, 'carta');
}
