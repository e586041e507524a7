import { randomUUID } from 'node:crypto';
import {
  accountChannelProblem,
  applyTemplateVariables,
  attachmentLimitBytes,
  CASCADE_MSG,
  type Channel,
  type ComposeValues,
  CREDIT_MSG,
  composeProblems,
  EMAIL_MSG,
  messageUnits,
  phoneE164,
  recipientChannels,
  renderOficioHtml,
} from '@ar/core';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, queueUnavailable } from '../../http/errors.ts';
import { personalMessageHtml, sanitizeMessageHtml } from '../../mail/message-html.ts';
import { asSendActivity } from '../../queue/send-activity.ts';
import { type CascadeAtCompose, cascadeAtCompose, planCascade } from '../cascade/cascade.service.ts';
import { defaultCascadeOf } from '../cascade/cascade-default.service.ts';
import { channelAvailable } from '../channels/channels.service.ts';
import { letterAvailable } from '../channels/letter/letter.service.ts';
import { voiceAvailable } from '../channels/voice/voice.service.ts';
import { debitCredits } from '../credits/credits.service.ts';
import { resolveReply } from '../inbound/received.service.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { blacklistProblem } from './check.service.ts';
import { findComposer, findOwnAttachments, findOwnLeads, findOwnTags, findOwnTemplate } from './emails.queries.ts';
import { oficioSha256 } from './oficio.presenter.ts';
import { StoredDiffersError, storeSend, storeSendStepByStep } from './send-store.ts';
import { belowVoiceMinimum, goesBeyondEmail, messageValues, type SendCommon, type SentSummary } from './send-values.ts';

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
