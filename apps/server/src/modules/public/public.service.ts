import {
  brasiliaDate,
  brasiliaTime,
  type CertificateBlock,
  type Channel,
  type ClickTracking,
  NOT_VERIFY,
  PUBLIC_MSG,
  type PublicMessage,
  type StatusType,
  type TrackedLink,
  trackedLinkTarget,
} from '@ar/core';
import type { AppContext } from '../../context.ts';
import { type ForwardedFrom, forwardedDetails } from '../../http/client-address.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { storedMessageHtml } from '../../mail/message-html.ts';
import { presentStatuses } from '../emails/emails.presenter.ts';
import { type EventWithStamp, eventsWithStamps, recordEvent } from '../emails/events.ts';
import { presentOficio } from '../emails/oficio.presenter.ts';
import { countEvent, type Limit, limitState } from '../rate-limit/rate-limit.ts';
import * as q from './public.queries.ts';
import { classifyRead, isPersonEvent, type ReadSignal } from './read-classifier.ts';

export interface Visitor {
  ip: string | null;
  userAgent: string | null;
  /** When a trusted proxy gave the address: its header as received, kept in the event's details. */
  forwarded?: ForwardedFrom | null;
}

const brasilia = (d: Date, part: 'date' | 'time') => (part === 'date' ? brasiliaDate(d) : brasiliaTime(d));

/** Answers compared as a person would: case, accents and extra spaces do not matter. */
export const normalizeAnswer = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Wrong answers per message, all visitors together (the answer may be short, and rotating the
 * address must not buy more guesses), counted in the database so every server process sees them
 * (docs/security.md). A right answer does not clear the count: the recipient's success must not
 * hand a guesser ten more tries.
 */
export const SECURITY_ANSWER_LIMIT: Limit = { kind: 'security-answer', max: 10, minutes: 15 };

/**
 * The security question (spec 002 §4): without an answer, or with a wrong one, a 403 whose message
 * starts with 'not verify' and carries the question after a colon; the visitor's page goes to the
 * verify page. After 10 wrong answers to one message in 15 minutes, every answer to it waits (429).
 */
export async function checkAnswer(
  ctx: Pick<AppContext, 'db'>,
  msg: Pick<q.PublicRow, 'ema_uni_id' | 'ema_verif_pergunta' | 'ema_verif_resposta'>,
  verify: string | undefined,
  mode: 'page' | 'download' = 'page',
) {
  if (!msg.ema_verif_pergunta) return;
  if (!verify) {
    throw new AppError(403, mode === 'download' ? PUBLIC_MSG.mustVerify : `${NOT_VERIFY}: ${msg.ema_verif_pergunta}`, {
      pergunta: msg.ema_verif_pergunta,
      codeEmail: msg.ema_uni_id,
    });
  }
  if ((await limitState(ctx.db, SECURITY_ANSWER_LIMIT, msg.ema_uni_id)).isOver) throw new AppError(429, PUBLIC_MSG.tooManyAnswers);
  if (normalizeAnswer(verify) !== normalizeAnswer(msg.ema_verif_resposta ?? '')) {
    await countEvent(ctx.db, SECURITY_ANSWER_LIMIT, msg.ema_uni_id);
    throw new AppError(403, mode === 'download' ? PUBLIC_MSG.invalidAnswer : `${NOT_VERIFY}: ${msg.ema_verif_pergunta}`, {
      pergunta: msg.ema_verif_pergunta,
      codeEmail: msg.ema_uni_id,
      erro: PUBLIC_MSG.invalidAnswer,
    });
  }
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
) {
  const verdict = classifyRead({ ...visitor, sentAt: msg.sentAt ? new Date(msg.sentAt) : null, at: new Date(), via });
  await recordEvent(
    ctx.db,
    {
      cod_email: msg.ema_uni_codigo,
      canal: 'email',
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
 * The public pages' answers, kept while they are current: events and stamps are append-only, so a
 * message whose counts (and owner's flag and entity) did not change has the same page. A small
 * query checks that and the question on every request; only a change rebuilds the page.
 */
const pageCache = new Map<string, { version: string; json: string }>();
const PAGE_CACHE_MAX = 500;

/** GET /emails/info/public/{uuid} as JSON text, from the cache when the message did not change. */
export async function publicDetailJson(ctx: AppContext, uuid: string, verify: string | undefined): Promise<string> {
  const current = await q.findPublicVersion(ctx.db, uuid);
  if (!current) throw notFound(PUBLIC_MSG.notFound);
  await checkAnswer(ctx, current, verify);
  const version = [current.eventos, current.carimbos, current.usu_visualizar_geolocalizacao, current.ent_nome_fantasia].join('|');
  const cached = pageCache.get(current.ema_uni_id);
  if (cached?.version === version) return cached.json;
  const json = JSON.stringify(await publicDetail(ctx, uuid, verify));
  if (pageCache.size >= PAGE_CACHE_MAX) pageCache.delete(pageCache.keys().next().value as string);
  pageCache.set(current.ema_uni_id, { version, json });
  return json;
}

/** GET /emails/info/public/{uuid}: the message as its recipient may see it. */
export async function publicDetail(ctx: AppContext, uuid: string, verify: string | undefined): Promise<PublicMessage> {
  const msg = await loadMessage(ctx, uuid);
  await checkAnswer(ctx, msg, verify);
  const events = await eventsWithStamps(ctx.db, msg.ema_uni_codigo);
  // The sender's status lists leave out what was not a person (their evidence stays in the chain).
  const human = events.filter((e) => isPersonEvent(e.evt_detalhes));
  const { status, timeline } = presentStatuses(human);
  const first = (tipos: string[]) => human.find((e) => e.evt_canal === 'email' && tipos.includes(e.evt_tipo));
  const sent = first(['send']);
  const delivered = first(['delivered']) ?? sent;
  const read = first(['read', 'track']);
  const accepted = first(['acknowledged']);
  const failure = events.find((e) => e.evt_tipo === 'erro');
  const trail = (e: EventWithStamp) =>
    `${brasilia(new Date(e.evt_data), 'date')} ${brasilia(new Date(e.evt_data), 'time')} (Brasília) — ${describe(e)}`;
  const block = (e: EventWithStamp | undefined, kind: 'envio' | 'leitura'): CertificateBlock | null =>
    e
      ? {
          ocorridoEm: new Date(e.evt_data).toISOString(),
          carimbo: e.car_token ? Buffer.from(e.car_token).toString('base64') : null,
          hashAssinado: e.evt_hash,
          carimbadoEm: e.car_gen_time ? new Date(e.car_gen_time).toISOString() : null,
          tsa: e.car_tsa,
          ...(kind === 'envio'
            ? { trilhaAuditoria: events.filter((x) => ['processed', 'send', 'delivered'].includes(x.evt_tipo)).map(trail) }
            : {
                trilhaLeitura: human.filter((x) => ['read', 'track', 'click', 'download', 'acknowledged'].includes(x.evt_tipo)).map(trail),
                ipLeitura: e.evt_ip,
              }),
        }
      : null;
  const downloads = new Map<string, Date>();
  for (const e of human)
    if (e.evt_tipo === 'download') {
      const id = String((e.evt_detalhes as { anexo?: string }).anexo ?? '');
      if (!downloads.has(id)) downloads.set(id, new Date(e.evt_data));
    }
  const tracking: ClickTracking[] = msg.usu_visualizar_geolocalizacao
    ? human
        .filter((e) => ['read', 'click', 'download', 'acknowledged'].includes(e.evt_tipo))
        .map((e) => ({
          date: new Date(e.evt_data).toISOString(),
          ip: e.evt_ip,
          city: e.evt_cidade,
          state: e.evt_estado,
          country: e.evt_pais,
          position: e.evt_lat !== null && e.evt_lng !== null ? { lat: e.evt_lat, lng: e.evt_lng } : null,
          url: (e.evt_detalhes as { url?: string }).url ?? null,
          acao: ({ read: 'leitura', click: 'clique', download: 'download', acknowledged: 'aceite' } as const)[
            e.evt_tipo as 'read' | 'click' | 'download' | 'acknowledged'
          ],
        }))
    : [];
  const statusFull = Object.fromEntries(
    (Object.entries(status) as [Channel, (typeof status)[Channel]][]).filter(([, list]) => list.length > 0),
  );
  return {
    codeEmail: msg.ema_uni_id,
    protocolo: msg.ema_uni_codigo,
    subject: msg.ema_uni_subject,
    remetente: msg.ema_uni_name_from,
    destinatario: msg.ema_uni_to ?? msg.ema_uni_name_to,
    // As stored, or for a body stored before the sanitiser's fix, made inert here (cached with the page).
    content: storedMessageHtml(msg.ema_uni_content, msg.ema_uni_data_criacao),
    oficio: presentOficio(msg.ema_uni_oficio, events),
    dataEnviada: sent ? brasilia(new Date(sent.evt_data), 'date') : null,
    horaEnviada: sent ? brasilia(new Date(sent.evt_data), 'time') : null,
    dataEntrega: delivered ? brasilia(new Date(delivered.evt_data), 'date') : null,
    horaEntrega: delivered ? brasilia(new Date(delivered.evt_data), 'time') : null,
    dataLeitura: read ? brasilia(new Date(read.evt_data), 'date') : null,
    horaLeitura: read ? brasilia(new Date(read.evt_data), 'time') : null,
    dataLeituraUTC: read ? new Date(read.evt_data).toISOString() : null,
    numberSMS: msg.ema_uni_sms?.number ?? null,
    messageSMS: msg.ema_uni_sms?.messageContent ?? null,
    attachments: msg.ema_uni_attachments.attachments.map((a) => ({
      originalFilename: a.originalFilename,
      uuidFilename: a.uuidFilename,
      size: a.size,
      track: { date: downloads.get(a.uuidFilename)?.toISOString() ?? null },
    })),
    emailResultSendStatus: failure ? 'falha' : sent ? 'sucesso' : 'pendente',
    email_error: failure
      ? {
          reasonFailure: String((failure.evt_detalhes as { reasonFailure?: string }).reasonFailure ?? 'Falha no envio.'),
          dateSend: new Date(failure.evt_data).toISOString(),
        }
      : null,
    visualizarGeolocalizacao: !!msg.usu_visualizar_geolocalizacao,
    origemMessage: msg.ema_uni_origem,
    customPage: {
      customTitle: msg.ent_nome_fantasia ? `${msg.ent_nome_fantasia} — Notificação digital` : 'Notificação digital registrada',
      customFavicon: null,
    },
    hashConteudo: msg.ema_uni_hash ?? msg.ema_uni_content_sha256,
    statusFull,
    timeline,
    detalhesEnvioEntrega: block(delivered, 'envio'),
    detalhesLeitura: block(read, 'leitura'),
    detalhesAceite: block(accepted, 'leitura'),
    clickTracking: tracking,
    aceito: !!accepted,
  };
}

function describe(e: EventWithStamp): string {
  const d = e.evt_detalhes as { smtpResponse?: string; url?: string; anexoNome?: string; classificacao?: string };
  const where = [e.evt_ip && `IP ${e.evt_ip}`, [e.evt_cidade, e.evt_estado, e.evt_pais].filter(Boolean).join('/')]
    .filter(Boolean)
    .join(', ');
  const base =
    {
      processed: 'mensagem registrada e colocada na fila de envio',
      send: `entregue ao servidor de e-mail do destinatário${d.smtpResponse ? ` (resposta: ${d.smtpResponse})` : ''}`,
      delivered: 'entrega confirmada pelo servidor do destinatário',
      read: 'mensagem aberta na página de leitura',
      track: 'imagem de confirmação de abertura carregada',
      click: `link acessado: ${d.url ?? ''}`,
      download: `anexo baixado: ${d.anexoNome ?? ''}`,
      acknowledged: 'recebimento confirmado pelo destinatário',
      answered: 'mensagem respondida',
      erro: 'falha no envio ou na entrega',
    }[e.evt_tipo] ?? e.evt_tipo;
  return where ? `${base} — ${where}` : base;
}

/** GET …/track-email/pixel.gif: the image in the e-mail was loaded. */
export async function pixelOpened(ctx: AppContext, uuid: string, visitor: Visitor) {
  const msg = await q.findPublicMessage(ctx.db, uuid);
  if (!msg) return;
  await recordVisit(ctx, msg, visitor, 'track', 'pixel');
}

/** GET …/track-email/{x}: the public page was opened from the e-mail's button (a read). */
export async function pageRead(ctx: AppContext, uuid: string, verify: string | undefined, visitor: Visitor) {
  const msg = await loadMessage(ctx, uuid);
  await checkAnswer(ctx, msg, verify);
  const verdict = await recordVisit(ctx, msg, visitor, 'read', 'pagina', { verificado: !!msg.ema_verif_pergunta });
  return { registrado: true, classificacao: verdict.classe };
}

/** GET …/track-accept-email/{x}: the recipient confirms receipt. */
export async function accept(ctx: AppContext, uuid: string, verify: string | undefined, visitor: Visitor) {
  const msg = await loadMessage(ctx, uuid);
  await checkAnswer(ctx, msg, verify);
  if (!(await q.hasEvent(ctx.db, msg.ema_uni_codigo, 'acknowledged'))) {
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
  return { message: PUBLIC_MSG.accepted };
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
export async function publicAttachment(ctx: AppContext, attachmentUuid: string, verify: string | undefined, visitor: Visitor) {
  const found = await q.findMessageByAttachment(ctx.db, attachmentUuid);
  if (!found) throw notFound(PUBLIC_MSG.downloadError);
  await checkAnswer(ctx, found.msg, verify, 'download');
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
