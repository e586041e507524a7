import { createHash, randomUUID } from 'node:crypto';
import {
  accountChannelProblem,
  applyTemplateVariables,
  attachmentLimitBytes,
  CASCADE_MSG,
  type CascadePlan,
  type Channel,
  type ComposeValues,
  CREDIT_MSG,
  composeProblems,
  composeSmsText,
  composeWhatsappText,
  EMAIL_MSG,
  type LetterAddress,
  messageUnits,
  oficioSearchText,
  phoneE164,
  publicPageLink,
  REACHED_BITS,
  type RecipientChannels,
  recipientChannels,
  recipientUnits,
  renderOficioHtml,
  type SendResponse,
  VOICE_MIN_CREDITS,
} from '@ar/core';
import type { Insertable, Transaction } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, queueUnavailable } from '../../http/errors.ts';
import { personalMessageHtml, sanitizeMessageHtml } from '../../mail/message-html.ts';
import { jobInsert } from '../../queue/job-insert.queries.ts';
import { asSendActivity } from '../../queue/send-activity.ts';
import { type CascadeAtCompose, cascadeAtCompose, planCascade } from '../cascade/cascade.service.ts';
import { defaultCascadeOf } from '../cascade/cascade-default.service.ts';
import { channelAvailable } from '../channels/channels.service.ts';
import { letterAvailable } from '../channels/letter/letter.service.ts';
import { voiceAvailable } from '../channels/voice/voice.service.ts';
import { type CreditResult, debitCredits, InsufficientCreditsError } from '../credits/credits.service.ts';
import { type MessageForHash, messageHash } from '../evidence/canonical.ts';
import { firstChainedEvent } from '../evidence/chain.ts';
import { EVIDENCE_STAMP_QUEUE, stampJobs } from '../evidence/stamp.worker.ts';
import { resolveReply } from '../inbound/received.service.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { blacklistProblem } from './check.service.ts';
import {
  findComposer,
  findOwnAttachments,
  findOwnLeads,
  findOwnTags,
  findOwnTemplate,
  insertMessageLinksAndTags,
  insertMessages,
  insertSendStatement,
  reserveSendIds,
} from './emails.queries.ts';
import { countMessageEvents, recordEvents, reportUnqueuedStamps } from './events.ts';
import { oficioSha256 } from './oficio.presenter.ts';
import { extractLinks } from './render.ts';
import { checkAllQueued, queueSendJobs, sendJobs } from './send-jobs.ts';

/** What a send stored: one message (and protocol) per recipient, and the credits it cost (presentSend answers it). */
export interface SentSummary {
  emails: SendResponse['emails'];
  creditos: number;
}

/**
 * POST /emails/send: validates everything again, debits the credits, stores one message per
 * recipient (its own protocol and the exact content it will receive) and queues it for the
 * workers — all in one transaction, so a message is never stored without its job or charged
 * without being stored.
 */
export function sendEmails(ctx: AppContext, scope: TenantScope, body: ComposeValues, opts: SendOptions = {}): Promise<SentSummary> {
  return asSendActivity(() => storeAndQueue(ctx, scope, body, opts));
}

export interface SendOptions {
  /** The workers take the messages only from then on: until then they stay 'processed' (the demo history's waiting message). */
  startAfter?: Date;
  /** The send's instant for a cascade's waits (docs/cascade.md): now unless given (tests, a scheduled send). */
  now?: Date;
}

async function storeAndQueue(ctx: AppContext, scope: TenantScope, input: ComposeValues, opts: SendOptions): Promise<SentSummary> {
  if (!ctx.boss) throw queueUnavailable();
  const user = await findComposer(ctx.db, scope);
  // `cascata` left out of the payload: the user's default plan applies (docs/cascade.md, "The
  // user's default"); `cascata: null` is an explicit 'none', whatever the default.
  const body: ComposeValues = input.cascata === undefined ? { ...input, cascata: defaultCascadeOf(user.usu_settings) } : input;
  const problem = composeProblems(body, user);
  if (problem) throw badRequest(problem);
  const wants = (c: 'sms' | 'whatsapp' | 'voz') => body.destinataires.some((r) => r[c]?.mobile);
  const notAllowed = accountChannelProblem(user, wants);
  if (notAllowed) throw badRequest(notAllowed);
  if ((wants('sms') && !channelAvailable(ctx, 'sms')) || (wants('whatsapp') && !channelAvailable(ctx, 'whatsapp')))
    throw badRequest(EMAIL_MSG.channelUnavailable);
  const hasVoice = wants('voz');
  if (hasVoice && !voiceAvailable(ctx)) throw badRequest(EMAIL_MSG.channelUnavailable);
  if (body.destinataires.some((r) => r.carta) && !letterAvailable(ctx)) throw badRequest(EMAIL_MSG.channelUnavailable);
  // AR-Carta (docs/letters.md): the address is validated by the contract; any account may send a letter.
  // The screen checks each recipient before sending (spec 001 §5); the rule itself lives here.
  const blocked = await blacklistProblem(
    ctx.db,
    scope,
    body.destinataires.map((r) => r.to).filter((to) => to.length > 0),
  );
  if (blocked) throw badRequest(blocked);
  // A reply answers a received message of this same user (docs/inbound.md).
  const reply = await resolveReply(ctx.db, scope, body.codEmailReply, body.codEmailReplyBase);

  const attachments = await findOwnAttachments(ctx.db, scope, body.attachments);
  if (attachments.length !== new Set(body.attachments).size) throw badRequest('Anexo não encontrado. Envie o arquivo novamente.');
  const limitBytes = attachmentLimitBytes(user);
  if (attachments.reduce((s, a) => s + a.ane_tamanho, 0) > limitBytes) throw badRequest(EMAIL_MSG.attachmentsTooLarge);
  const tags = await findOwnTags(ctx.db, scope, body.etiquetasSelected);
  if (tags.length !== new Set(body.etiquetasSelected).size) throw badRequest('Etiqueta não encontrada.');
  if (body.codModeloSelected) {
    const template = await findOwnTemplate(ctx.db, scope, body.codModeloSelected);
    if (!template?.mod_enable) throw badRequest('Modelo não encontrado ou desativado.');
  }
  const leadIds = body.destinataires.map((r) => r.leadSelected).filter((v): v is number => !!v);
  const leads = new Map((await findOwnLeads(ctx.db, scope, leadIds)).map((l) => [l.lea_codigo, l]));
  const customFields = ((user.usu_settings as { customField?: { data?: [] } })?.customField?.data ?? []) as never[];

  const accounts = user.usu_accounts_aremail?.accounts ?? [];
  const fromAddress = accounts.some((a) => a.email.toLowerCase() === body.from?.toLowerCase()) ? (body.from as string) : user.usu_login;
  // The body comes from the same rich-text editor as templates, and keeps what a template may keep.
  // Sanitised after the variables are substituted (personalMessageHtml), never before: a recipient's
  // data could otherwise become a URL or markup the sanitiser never saw. Without a saved recipient
  // or without a variable in it, the body is the same for everyone and is sanitised once. A legal
  // notice's body is rendered here from its validated fields (docs/oficios.md), and no recipient
  // variable is replaced in it: it is the court's text as filled in.
  const oficio = body.oficio ?? null;
  const source = oficio ? renderOficioHtml(oficio) : body.content;
  const processedDetails = oficio ? { oficioSha256: oficioSha256(oficio) } : {};
  let shared: string | undefined;
  const sharedContent = () => {
    shared ??= sanitizeMessageHtml(source);
    return shared;
  };
  // A cascade (docs/cascade.md) sends its first steps now and debits only them; the rest wait for
  // their condition, and the balance must cover the whole plan (each step debits when it goes).
  const plan = body.cascata ?? null;
  const cascades = plan ? body.destinataires.map((r) => cascadeAtCompose(plan, recipientChannels(r))) : null;
  const units = cascades
    ? cascades.reduce((sum, c) => sum + c.unitsNow, 0)
    : messageUnits(body.destinataires.map((r) => recipientChannels(r)));
  const unitsLater = cascades ? cascades.reduce((sum, c) => sum + c.unitsAtMost - c.unitsNow, 0) : 0;
  const common: SendCommon = {
    user,
    envio: randomUUID(),
    origem: reply.codEmailReply ? 'resposta' : 'web',
    nameFrom: body.nameFrom.trim(),
    fromAddress,
    attachmentRefs: attachments.map((a) => ({
      uuidFilename: a.ane_uuid,
      originalFilename: a.ane_nome_original,
      mime: a.ane_mime,
      size: a.ane_tamanho,
      sha256: a.ane_sha256,
      pathS3: a.ane_chave,
    })),
    tags,
    processedDetails,
    reply,
    oficio,
  };

  // Each recipient's message: its own content when a saved recipient fills the variables.
  const values = body.destinataires.map((r) => {
    const lead = r.leadSelected ? leads.get(r.leadSelected) : undefined;
    const personal = lead && !oficio && source.includes('*|') ? personalMessageHtml(source, lead as never, customFields) : sharedContent();
    const subject = lead ? applyTemplateVariables(body.subject, lead as never, { customFields }) : body.subject;
    return messageValues(common, {
      sms: r.sms?.mobile ? phoneE164(r.sms.mobile) : null,
      whatsapp: r.whatsapp?.mobile ? phoneE164(r.whatsapp.mobile) : null,
      carta: r.carta ?? null,
      voz: r.voz?.mobile ? { numberTo: phoneE164(r.voz.mobile) as string, name: r.voz.name?.trim() || null } : null,
      publicUrl: ctx.config.publicUrl,
      to: r.to,
      nameTo: r.nameTo,
      subject,
      content: personal,
      identificacao: body.identificacao,
      verification: user.usu_validacao_notificacao ? (r.validacaoNotif ?? null) : null,
      cod_ger_modelo: body.codModeloSelected ?? null,
      cod_lead: lead?.lea_codigo ?? null,
    });
  });

  // Concurrent sends of one user queue behind each other's row locks (the user's message count,
  // kept by a trigger on the insert, and the plan's balance), held until commit: so everything
  // that can be done before the first lock is (ids, hashes, jobs), and the messages, links, tags
  // and 'processed' events are one statement, followed by the debit (a refusal for credits still
  // rolls everything back). Should the stored messages not hash as computed (a string PostgreSQL
  // stores differently), the send is done again step by step.
  if (cascades) for (const [i, v] of values.entries()) v.ema_uni_creditos = cascades[i]?.unitsNow ?? v.ema_uni_creditos;
  const phones = cascades || values.some(goesBeyondEmail);
  const debit = async (trx: Transaction<DB>) => {
    const debited = await debitCredits(trx, user, {
      units,
      reason: `Envio ${phones ? 'AR Online' : 'AR-Email'} para ${body.destinataires.length} destinatário(s)`,
      ref: `envio:${common.envio}`,
    });
    if (hasVoice && belowVoiceMinimum(debited, units)) throw badRequest(CREDIT_MSG.voiceMinimum);
    if (unitsLater > 0 && debited.tipoPlano === '1' && debited.total < unitsLater) throw badRequest(CASCADE_MSG.insufficientCredits);
    return debited;
  };
  let emails: SentSummary['emails'];
  // A send with SMS or WhatsApp has one 'processed' event per channel: it is stored step by step.
  if (plan && cascades) {
    const deferred = new Map(values.map((v, i) => [v.ema_uni_id, cascades[i]?.deferred ?? new Set<Channel>()]));
    emails = await inTransaction(ctx.db, async (trx) => {
      const stored = await storeSendStepByStep(ctx, trx, values, common, debit, opts.startAfter, deferred);
      const now = opts.now ?? (opts.startAfter && opts.startAfter.getTime() > Date.now() ? opts.startAfter : new Date());
      for (const [i, m] of stored.entries()) await planCascade(ctx, trx, m.ema_uni_codigo, plan, cascades[i] as CascadeAtCompose, now);
      return stored;
    });
    return { emails, creditos: units };
  }
  if (phones) {
    emails = await inTransaction(ctx.db, (trx) => storeSendStepByStep(ctx, trx, values, common, debit, opts.startAfter));
    return { emails, creditos: units };
  }
  try {
    emails = await inTransaction(ctx.db, (trx) => storeSend(ctx, trx, values, common, debit, opts.startAfter));
  } catch (error) {
    if (!(error instanceof StoredDiffersError)) throw error;
    emails = await inTransaction(ctx.db, (trx) => storeSendStepByStep(ctx, trx, values, common, debit, opts.startAfter));
  }
  return { emails, creditos: units };
}

/** What the messages of one send share: compose's one form, or one batch file (modules/remessas). */
export interface SendCommon {
  user: Composer;
  /** The send's id (ema_uni_envio); its debit and refunds are under the ledger reference envio:<id>. */
  envio: string;
  origem: 'web' | 'resposta' | 'remessa';
  nameFrom: string;
  fromAddress: string;
  attachmentRefs: { uuidFilename: string; originalFilename: string; mime: string; size: number; sha256: string; pathS3: string }[];
  tags: { eti_codigo: number }[];
  processedDetails: Record<string, unknown>;
  reply: { codEmailReply: number | null; codEmailReplyBase: number | null };
  oficio: ComposeValues['oficio'] | null;
}

export type Composer = Awaited<ReturnType<typeof findComposer>>;

/** One recipient's message: its content already personalised and sanitised (personalMessageHtml). */
export interface OutgoingMessage {
  /** '' for a message without e-mail (SMS or WhatsApp only, when the account allows it). */
  to: string;
  /** The SMS and WhatsApp numbers (E.164), when those channels go too; their texts need `publicUrl`. */
  sms?: string | null;
  whatsapp?: string | null;
  /** AR-Carta: the postal address of the letter (docs/letters.md). */
  carta?: LetterAddress | null;
  /** AR-Voz: the number called (E.164) and the name given (docs/voice.md). */
  voz?: { numberTo: string; name: string | null } | null;
  publicUrl?: string;
  nameTo: string;
  subject: string;
  content: string;
  identificacao: string;
  verification: { pergunta: string; resposta: string } | null;
  cod_ger_modelo: number | null;
  cod_lead: number | null;
}

/** The channels a stored message goes on (its row's targets), as compose and the batch file count their units. */
function channelsOfValues(v: MessageValues): Required<RecipientChannels> {
  return { email: !!v.ema_uni_to, sms: !!v.ema_uni_sms, whatsapp: !!v.ema_uni_whatsapp, voz: !!v.ema_uni_voz, carta: !!v.ema_uni_carta };
}

/** Any channel besides the e-mail: the message has one 'processed' event and job per channel, stored step by step. */
const goesBeyondEmail = (v: MessageValues): boolean => !!(v.ema_uni_sms || v.ema_uni_whatsapp || v.ema_uni_voz || v.ema_uni_carta);

/**
 * Spec 001 §5/§9: a call needs at least VOICE_MIN_CREDITS in a credit plan, whatever it costs (the
 * balance before this debit, read under the debit's lock; an invoiced plan counts usage).
 */
const belowVoiceMinimum = (debited: CreditResult, units: number): boolean =>
  debited.tipoPlano === '1' && debited.total + units < VOICE_MIN_CREDITS;

/** THE row of one message, with its protocol (uuid) made here so the rows of one insert are matched back to their recipients. */
function messageValues(common: SendCommon, m: OutgoingMessage): MessageValues {
  const oficio = common.oficio;
  const uuid = randomUUID();
  // The phone channels' texts are fixed here, with the message: they are part of its hash.
  const sms =
    m.sms && m.publicUrl
      ? { number: m.sms, messageContent: composeSmsText(common.nameFrom, publicPageLink(m.publicUrl, uuid, 'sms')) }
      : null;
  const whatsapp =
    m.whatsapp && m.publicUrl
      ? {
          numberReceived: m.whatsapp,
          content: composeWhatsappText(common.nameFrom, m.subject, publicPageLink(m.publicUrl, uuid, 'whatsapp')),
        }
      : null;
  return {
    ema_uni_id: uuid,
    cod_usu: common.user.usu_codigo,
    cod_ger_entidade: common.user.cod_ger_entidade,
    ema_uni_envio: common.envio,
    ema_uni_origem: common.origem,
    ema_uni_name_from: common.nameFrom,
    ema_uni_from: common.fromAddress,
    ema_uni_name_to: m.nameTo,
    ema_uni_to: m.to || null,
    ema_uni_subject: m.subject.slice(0, 180),
    ema_uni_content: m.content,
    ema_uni_content_sha256: createHash('sha256').update(m.content).digest('hex'),
    ema_uni_identificacao: m.identificacao,
    ema_uni_attachments: JSON.stringify({ attachments: common.attachmentRefs }),
    ema_verif_pergunta: m.verification?.pergunta ?? null,
    ema_verif_resposta: m.verification?.resposta ?? null,
    cod_ger_modelo: m.cod_ger_modelo,
    cod_lead: m.cod_lead,
    ema_uni_cod_email_reply: common.reply.codEmailReply,
    ema_uni_cod_email_reply_base: common.reply.codEmailReplyBase,
    ema_uni_sms: sms ? JSON.stringify(sms) : null,
    ema_uni_whatsapp: whatsapp ? JSON.stringify(whatsapp) : null,
    ema_uni_carta: m.carta ? JSON.stringify(m.carta) : null,
    ema_uni_voz: m.voz ? JSON.stringify(m.voz) : null,
    ema_uni_creditos: recipientUnits({ email: !!m.to, sms: !!sms, whatsapp: !!whatsapp, voz: !!m.voz, carta: !!m.carta }),
    ema_uni_busca: [
      m.to,
      sms?.number ?? '',
      whatsapp?.numberReceived ?? '',
      m.voz?.numberTo ?? '',
      m.subject,
      m.identificacao,
      oficio ? oficioSearchText(oficio) : '',
    ]
      .join(' ')
      .toLowerCase(),
    ema_uni_oficio: oficio ? JSON.stringify(oficio) : null,
  };
}

/**
 * A batch file's messages (modules/remessas), stored, debited and queued exactly as a compose
 * send's, inside the caller's transaction so it can mark its lines in the same commit: each
 * message costs its channels' units (recipientUnits, as its ema_uni_creditos says; a call needs
 * VOICE_MIN_CREDITS, as compose's), and messages with SMS, WhatsApp, a call or a letter go step by
 * step, one 'processed' event and job per channel. The caller
 * runs it again with `stepByStep` in a new transaction on StoredDiffersError, as compose does.
 */
export async function storeMessagesInTransaction(
  ctx: AppContext,
  trx: Transaction<DB>,
  common: SendCommon,
  messages: OutgoingMessage[],
  opts: { reason: string; stepByStep?: boolean; cascade?: CascadePlan | null },
): Promise<SentSummary['emails']> {
  if (!ctx.boss) throw new Error('the job queue is not running');
  const values = messages.map((m) => messageValues(common, m));
  const channels = values.map(channelsOfValues);
  const hasVoice = channels.some((c) => c.voz);
  const plan = opts.cascade ?? null;
  // As compose's debit, with the call's minimum; here a 402, so the caller refuses the lines left.
  const debitFor = (units: number) => async (t: Transaction<DB>) => {
    const debited = await debitCredits(t, common.user, { units, reason: opts.reason, ref: `envio:${common.envio}` });
    if (hasVoice && belowVoiceMinimum(debited, units)) throw new InsufficientCreditsError(CREDIT_MSG.voiceMinimum);
    return debited;
  };
  if (plan) {
    // The user's default cascade (docs/cascade.md): as compose's, each message debits its first
    // steps now and stores the plan; the caller refused the lines without a step's target.
    const cascades = channels.map((c) => cascadeAtCompose(plan, c));
    for (const [i, v] of values.entries()) v.ema_uni_creditos = cascades[i]?.unitsNow ?? v.ema_uni_creditos;
    const units = cascades.reduce((sum, c) => sum + c.unitsNow, 0);
    const debit = debitFor(units);
    const deferred = new Map(values.map((v, i) => [v.ema_uni_id, cascades[i]?.deferred ?? new Set<Channel>()]));
    const stored = await storeSendStepByStep(ctx, trx, values, common, debit, undefined, deferred);
    const now = new Date();
    for (const [i, m] of stored.entries()) await planCascade(ctx, trx, m.ema_uni_codigo, plan, cascades[i] as CascadeAtCompose, now);
    return stored;
  }
  const debit = debitFor(messageUnits(channels));
  return opts.stepByStep || values.some(goesBeyondEmail)
    ? storeSendStepByStep(ctx, trx, values, common, debit)
    : storeSend(ctx, trx, values, common, debit);
}

type MessageValues = Insertable<DB['emails']> & { ema_uni_id: string; ema_uni_content: string; ema_uni_to: string | null };

/** The messages as stored do not hash as computed beforehand. */
export class StoredDiffersError extends Error {}

/** The tracked links of each message (its own content) and the send's tags on each, once the messages have their codes. */
function linksAndLabels(values: MessageValues[], codes: number[], tags: { eti_codigo: number }[]) {
  return {
    links: codes.flatMap((cod_email, i) => extractLinks(values[i]?.ema_uni_content ?? '').map((url) => ({ cod_email, lnk_url: url }))),
    labels: codes.flatMap((cod_email) => tags.map((t) => ({ cod_email, cod_etiqueta: t.eti_codigo }))),
  };
}

/**
 * The send in a fixed handful of statements, the first lock as late as possible: the ids of the
 * messages and of their 'processed' events and the database time are taken first; each event is
 * chained and hashed here (the first of its message, so no chain to read); then one statement
 * stores the messages (with their hash and status), links, tags and events with their send jobs
 * and stamp jobs (pg-boss's own inserts as CTEs, queue/job-insert.queries.ts), and the plan is debited.
 * A stamp queue that cannot write its insert leaves the events to the stamp sweep, as
 * queueStampsSafely does; unlike it, no savepoint: should the jobs' table refuse the insert, the send
 * jobs fail with it, and the send is refused whole.
 */
async function storeSend(
  ctx: AppContext,
  trx: Transaction<DB>,
  values: MessageValues[],
  common: SendCommon,
  debit: (trx: Transaction<DB>) => Promise<unknown>,
  startAfter?: Date,
): Promise<SentSummary['emails']> {
  const { attachmentRefs, tags, envio, processedDetails } = common;
  const ids = await reserveSendIds(trx, values.length);
  const chained = values.map((v, i) => {
    const id = ids[i];
    if (!id) throw new Error('no id for a message');
    const first = firstChainedEvent(
      {
        ema_uni_id: v.ema_uni_id,
        ema_uni_from: v.ema_uni_from,
        ema_uni_to: v.ema_uni_to,
        ema_uni_subject: v.ema_uni_subject,
        ema_uni_content: v.ema_uni_content,
        ema_uni_sms: null,
        ema_uni_whatsapp: null,
        ema_uni_attachments: { attachments: attachmentRefs },
        agora: id.agora,
      },
      { cod_email: id.cod_email, canal: 'email', tipo: 'processed', ip: null, userAgent: null, geo: null, detalhes: processedDetails },
    );
    return { ...id, ...first };
  });
  const codes = chained.map((c) => c.cod_email);
  const boss = ctx.boss as PgBoss;
  const send = sendJobs(codes, startAfter, 'email');
  const [sendJobsInsert, stampJobsInsert] = await Promise.all([
    jobInsert(boss, send.queue, send.jobs),
    // The stamp jobs must never cost the send (as queueStampsSafely): without them, the sweep queues the events.
    jobInsert(boss, EVIDENCE_STAMP_QUEUE, stampJobs(chained.map((c) => c.evt_codigo))).catch((err: unknown) => {
      reportUnqueuedStamps(boss, chained.length, err);
      return null;
    }),
  ]);

  const insert = await insertSendStatement(trx, {
    messages: values.map((v, i) => ({
      ...v,
      ema_uni_codigo: codes[i],
      ema_uni_hash: chained[i]?.messageHash,
      ema_status_email: 'processed',
      ema_alcance_email: REACHED_BITS.processed,
    })),
    events: chained.map((c) => ({ ...c.row, evt_codigo: c.evt_codigo })),
    ...linksAndLabels(values, codes, tags),
    sendJobs: sendJobsInsert,
    stampJobs: stampJobsInsert,
  });
  // The debit is queued on the connection right behind the insert, not sent after the insert's
  // answer has come back through the event loop: the insert takes the user's counter rows, and
  // every round trip until the commit is time another send of the same user waits (docs/emails.md,
  // "The send's lock"). Either failing rolls both back (the insert's error is the one answered).
  const [stored] = await Promise.all([insert.execute(), debit(trx)]);
  checkAllQueued(stored[0]?.send_jobs ?? 0, codes.length, 'email', envio);
  const byCode = new Map(stored.map((row) => [Number(row.ema_uni_codigo), row]));
  for (const c of chained) {
    const row = byCode.get(c.cod_email);
    if (!row || messageHash(row as MessageForHash) !== c.messageHash) throw new StoredDiffersError(`message ${c.cod_email}`);
  }
  // Their 'processed' events, stored by the statement above rather than by recordEvent (ar_messages_total).
  countMessageEvents(chained.map(() => ({ canal: 'email', tipo: 'processed' })));
  return values.map((v, i) => ({ ema_uni_codigo: codes[i] as number, ema_uni_id: v.ema_uni_id, ema_uni_to: v.ema_uni_to }));
}

/** The same send one step after the other: messages, links, tags, the events chained on the stored rows (recordEvents), jobs, debit. */
async function storeSendStepByStep(
  ctx: AppContext,
  trx: Transaction<DB>,
  values: MessageValues[],
  common: SendCommon,
  debit: (trx: Transaction<DB>) => Promise<unknown>,
  startAfter?: Date,
  /** A cascade's channels that wait for their step (by message uuid): no 'processed' event nor job now. */
  deferred?: Map<string, Set<Channel>>,
): Promise<SentSummary['emails']> {
  const { tags, envio, processedDetails } = common;
  const inserted = await insertMessages(trx, values);
  const byUuid = new Map(inserted.map((row) => [row.ema_uni_id, row]));
  const created: SentSummary['emails'] = values.map((v) => {
    const row = byUuid.get(v.ema_uni_id);
    if (!row) throw new Error(`message ${v.ema_uni_id} not stored`);
    return row;
  });
  const codes = created.map((row) => row.ema_uni_codigo);
  const { links, labels } = linksAndLabels(values, codes, tags);
  await insertMessageLinksAndTags(trx, links, labels);
  // Each channel's 'processed' event and job: e-mail for the messages with an address, SMS and
  // WhatsApp for those with a number (recordEvents takes one event per message a call).
  const of = (canal: Channel, has: (v: MessageValues) => unknown) =>
    codes.filter((_, i) => values[i] && has(values[i] as MessageValues) && !deferred?.get(values[i]?.ema_uni_id as string)?.has(canal));
  const byChannel = {
    email: of('email', (v) => v.ema_uni_to),
    sms: of('sms', (v) => v.ema_uni_sms),
    whatsapp: of('whatsapp', (v) => v.ema_uni_whatsapp),
    voz: of('voz', (v) => v.ema_uni_voz),
    carta: of('carta', (v) => v.ema_uni_carta),
  };
  // A letter's 'processed' chains the address it goes to (the message hash leaves it out: migration 0027-cartas);
  // a call's, the number called (docs/voice.md).
  const addressOf = new Map(codes.map((cod, i) => [cod, values[i]?.ema_uni_carta]));
  const vozOf = new Map(codes.map((c, i) => [c, values[i]?.ema_uni_voz]));
  for (const canal of ['email', 'sms', 'whatsapp', 'voz', 'carta'] as const) {
    await recordEvents(
      trx,
      byChannel[canal].map((cod_email) => ({
        cod_email,
        canal,
        tipo: 'processed' as const,
        detalhes:
          canal === 'carta'
            ? { ...processedDetails, endereco: JSON.parse(String(addressOf.get(cod_email))) }
            : canal === 'voz'
              ? { ...processedDetails, voz: JSON.parse(String(vozOf.get(cod_email))) }
              : processedDetails,
      })),
      ctx.boss,
    );
    await queueSendJobs(trx, ctx.boss as PgBoss, byChannel[canal], envio, startAfter, canal);
  }
  await debit(trx);
  return created;
}
