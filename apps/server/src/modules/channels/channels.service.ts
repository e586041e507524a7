import { failureRefundUnits, REACHED_BITS } from '@ar/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unsentCascadeChannels } from '../cascade/cascade.queries.ts';
import { wakeCascadeOnFailure } from '../cascade/cascade-queue.ts';
import { refundCredits } from '../credits/credits.service.ts';
import { recordEvent } from '../emails/events.ts';
import { simulatedMark } from '../evidence/simulated.ts';
import type { ChannelProvider, OutgoingPhoneMessage, PhoneChannel, ProviderAcceptance, ProviderEvent, ProviderName } from './channel.ts';
import {
  type ChannelMessage,
  claimProviderIdByUuid,
  completeClaimedProviderMessage,
  findByProviderId,
  findChannelMessage,
  insertProviderMessage,
  markProviderEvent,
  providerEventKnown,
} from './channels.queries.ts';
import { metaProvider } from './providers/meta.ts';
import { twilioProvider } from './providers/twilio.ts';
import { zenviaProvider } from './providers/zenvia.ts';
import { isReplyNoticeId, unassignedReplyKnown } from './unassigned-replies.queries.ts';
import { fileUnassignedReply, resolveReplyTarget } from './unassigned-replies.service.ts';

/**
 * The phone channels' pipeline (docs/channels.md): which adapter serves a channel, and how a
 * provider's events become events of the message's hash chain. Nothing here names a provider's
 * protocol: that is each adapter's (providers/).
 */

type ProviderFactory = (ctx: AppContext, channel: PhoneChannel) => ChannelProvider;

/**
 * The adapters by provider name. The simulator is no adapter of its own: it serves Twilio's and
 * Meta's HTTP protocols at /dev, so 'simulator' takes those adapters with the simulator's settings
 * (config.ts fills them).
 */
const FACTORIES: Partial<Record<ProviderName, ProviderFactory>> = {
  twilio: (ctx) => twilioProvider(ctx.config.channels.twilio),
  meta: (ctx) => metaProvider(ctx.config.channels.meta),
  // WHATSAPP_TEMPLATE names the approved template for either WhatsApp provider (at Zenvia, its id).
  zenvia: (ctx, channel) =>
    zenviaProvider(channel, ctx.config.channels.zenvia, {
      publicUrl: ctx.config.publicUrl,
      whatsappTemplate: ctx.config.channels.meta.template,
    }),
};

/** The provider a channel sends through in this installation (SMS_PROVIDER, WHATSAPP_PROVIDER); null: none configured. */
export function providerNameFor(ctx: AppContext, channel: PhoneChannel): ProviderName | null {
  const chosen = channel === 'sms' ? ctx.config.channels.sms : ctx.config.channels.whatsapp;
  if (chosen === 'none') return null;
  if (chosen === 'simulator') return channel === 'sms' ? 'twilio' : 'meta';
  return chosen;
}

/** Whether this build has the adapter `channel` is configured for (GET /config's channels; compose refuses the others). */
export function channelAvailable(ctx: AppContext, channel: PhoneChannel): boolean {
  const name = providerNameFor(ctx, channel);
  return name !== null && FACTORIES[name] !== undefined;
}

/** The adapter that sends `channel` here. */
export function providerFor(ctx: AppContext, channel: PhoneChannel): ChannelProvider {
  const name = providerNameFor(ctx, channel);
  if (name === null) throw new Error(`no provider configured for ${channel}`);
  const factory = FACTORIES[name];
  if (!factory) throw new Error(`no ${name} adapter for ${channel} in this build`);
  return factory(ctx, channel);
}

/**
 * Where the provider posts a message's status callbacks. Twilio takes one per message (its
 * StatusCallback), so the address names the message; Meta and Zenvia post to the product's one
 * webhook of the channel.
 */
export function statusCallbackUrl(ctx: AppContext, provider: ProviderName, channel: PhoneChannel, uuid: string): string {
  const base = `${ctx.config.publicUrl}/v2/webhooks`;
  if (provider === 'twilio') return `${base}/twilio/${channel}/${uuid}`;
  if (provider === 'meta') return `${base}/whatsapp`;
  return `${base}/zenvia/${channel}`;
}

const ERRO_BIT = REACHED_BITS.erro as number;

/** The channels whose failure refunds here: e-mail, the phone channels, the call and the letter (docs/letters.md, docs/voice.md). */
export type RefundableChannel = 'email' | PhoneChannel | 'voz' | 'carta';

const CHANNEL_TITLE: Record<RefundableChannel, string> = {
  email: 'AR-Email',
  sms: 'AR-SMS',
  whatsapp: 'AR-WhatsApp',
  voz: 'AR-Voz',
  carta: 'AR-Carta',
};

/** Statuses that prove a channel reached its recipient: a failure reported after one of them gives nothing back. */
const ARRIVED_BITS = (['delivered', 'viewed', 'read', 'track', 'acknowledged', 'answered'] as const).reduce(
  (m, t) => m | (REACHED_BITS[t] ?? 0),
  0,
);

/** Each channel of a message: whether it goes, the statuses it reached (REACHED_BITS). */
function channelsOf(msg: ChannelMessage) {
  return {
    email: { present: !!msg.ema_uni_to, reached: msg.ema_alcance_email },
    sms: { present: !!msg.ema_uni_sms, reached: msg.ema_alcance_sms },
    whatsapp: { present: !!msg.ema_uni_whatsapp, reached: msg.ema_alcance_whatsapp },
    carta: { present: !!msg.ema_uni_carta, reached: msg.ema_alcance_carta },
    voz: { present: !!msg.ema_uni_voz, reached: msg.ema_alcance_voz },
  };
}

/**
 * The channels that still use what they cost: those that have not failed, and those that reached
 * their recipient before a failure was reported (a failure is a reached status, kept under a later read).
 */
function payingChannels(msg: ChannelMessage, unsent: ReadonlySet<string>) {
  const c = channelsOf(msg);
  // A cascade's channel that never went (docs/cascade.md) cost nothing.
  for (const canal of unsent) if (canal in c) c[canal as RefundableChannel].present = false;
  const paying = (x: { present: boolean; reached: number }) =>
    x.present && ((x.reached & ERRO_BIT) === 0 || (x.reached & ARRIVED_BITS) !== 0);
  return { email: paying(c.email), sms: paying(c.sms), whatsapp: paying(c.whatsapp), voz: paying(c.voz), carta: paying(c.carta) };
}

/**
 * Records a channel's failure ('erro', with the reason as the sent detail shows it) and gives back
 * what the channel cost, once: the message row is locked and read first; a channel that had failed
 * before, or that had already reached its recipient (delivered, read, answered…), gives nothing
 * back. What comes back is the channel's share of the message's units (failureRefundUnits, spec 001
 * §9). Runs in the caller's transaction. Answers the units given back.
 */
export async function recordChannelFailure(
  trx: Kysely<DB>,
  ctx: Pick<AppContext, 'boss' | 'config'>,
  cod_email: number,
  canal: RefundableChannel,
  detalhes: Record<string, unknown> & { reasonFailure: string },
  opts: {
    /** A channel that failed already records nothing more (the send workers' failures, a repeated bounce). */
    onlyFirst?: boolean;
    /** Whoever reported the failure (a bounce's SMTP client). */
    ip?: string | null;
    /** false: recorded, nothing given back (the caller knows the message arrived). */
    refund?: boolean;
  } = {},
): Promise<number> {
  const msg = await findChannelMessage(trx, cod_email, { lock: true });
  if (!msg) return 0;
  const { present, reached } = channelsOf(msg)[canal];
  const hadFailed = present && (reached & ERRO_BIT) !== 0;
  if (hadFailed && opts.onlyFirst) return 0;
  await recordEvent(
    trx,
    {
      cod_email,
      canal,
      tipo: 'erro',
      ip: opts.ip ?? null,
      detalhes: { ...detalhes, ...simulatedMark(ctx.config, canal), reasonFailure: detalhes.reasonFailure.slice(0, 1000) },
    },
    ctx.boss,
  );
  // A cascade's step that waits for a failure goes now if this was the last channel standing.
  if (!hadFailed && ctx.boss) await wakeCascadeOnFailure(trx, ctx.boss, cod_email);
  if (hadFailed || opts.refund === false || (reached & ARRIVED_BITS) !== 0) return 0;
  const unsent = await unsentCascadeChannels(trx, cod_email);
  const units = Math.min(failureRefundUnits(payingChannels(msg, unsent), canal), msg.ema_uni_creditos);
  if (units <= 0) return 0;
  await refundCredits(trx, null, {
    units,
    reason: `Estorno: ${CHANNEL_TITLE[canal]} ${msg.ema_uni_id} não pôde ser ${(reached & (REACHED_BITS.send as number)) !== 0 ? 'entregue' : 'enviado'}`,
    ref: `envio:${msg.ema_uni_envio}`,
  });
  return units;
}

/** A channel that could not be sent (a refusal for good, or retries exhausted): 'erro' and its credit back. */
export async function failChannel(
  ctx: AppContext,
  cod_email: number,
  canal: PhoneChannel | 'voz' | 'carta',
  reason: string,
  raw: unknown = null,
): Promise<void> {
  await inTransaction(ctx.db, (trx) =>
    recordChannelFailure(
      trx,
      ctx,
      cod_email,
      canal,
      { reasonFailure: reason, ...(raw === null ? {} : { payload: raw }) },
      { onlyFirst: true },
    ),
  );
}

/**
 * The provider took the message: its id is stored (so callbacks find the message, and a retried
 * job does not send again) and the acceptance is chained as evidence — the provider's answer as
 * given, under 'processed' of the channel without changing its status (docs/channels.md, why not
 * 'send'). Answers false when the channel had an acceptance already.
 */
export async function recordAcceptance(
  ctx: AppContext,
  provider: ChannelProvider,
  msg: OutgoingPhoneMessage,
  accepted: ProviderAcceptance,
): Promise<boolean> {
  return inTransaction(ctx.db, async (trx) => {
    const row = { cod_email: msg.cod_email, canal: msg.channel, provedor: provider.name, id_provedor: accepted.providerId };
    // Stored now, or learnt already from a status callback that came first (claimProviderIdByUuid).
    const stored =
      (await insertProviderMessage(trx, { ...row, numero: msg.to, resposta: accepted.raw })) ||
      (await completeClaimedProviderMessage(trx, { ...row, resposta: accepted.raw }));
    if (!stored) return false;
    await recordEvent(
      trx,
      {
        cod_email: msg.cod_email,
        canal: msg.channel,
        tipo: 'processed',
        affectsStatus: false,
        detalhes: {
          etapa: 'aceite do provedor',
          provedor: provider.name,
          ...simulatedMark(ctx.config, msg.channel),
          idProvedor: accepted.providerId,
          numero: msg.to,
          payload: accepted.raw,
        },
      },
      ctx.boss,
    );
    return true;
  });
}

/** What became of each event given to applyProviderEvents. */
export interface AppliedEvents {
  recorded: number;
  /** Delivered before (same provider key): recorded once already. */
  repeated: number;
  /** Naming no message this installation sent. */
  unknown: number;
  /**
   * Of those, statuses that happened in the last EARLY_EVENT_MS: most likely of a message whose
   * acceptance is still being recorded (a provider may call back before its own answer to the
   * send arrives). The route answers 503 so the provider delivers them again; what was recorded
   * is not recorded twice.
   */
  early: number;
  /**
   * Replies without a reference that matched open messages of more than one tenant: filed to none,
   * kept unassigned (docs/unassigned-replies.md, "Respostas sem referência").
   */
  unassigned: number;
}

/** How recent an unknown status must be to be taken for one that came before its message's acceptance. */
export const EARLY_EVENT_MS = 10 * 60_000;

/**
 * A verified callback's events, each recorded once (provedor_eventos, in the transaction of its
 * chain append), in the order the provider says they happened. A status becomes that status of the
 * channel (recordEvent moves the current status only forward, so a late 'sent' after 'delivered'
 * is kept as evidence without hiding the delivery); 'erro' also gives the channel's credit back,
 * once; a reply becomes 'answered' (a text) or 'acknowledged' (the button) with its text — on the
 * message it names, else by the rule of replies without a reference (resolveReplyTarget: never a
 * guess across tenants). Each event keeps the provider's payload (hashed in the chain).
 */
export async function applyProviderEvents(
  ctx: AppContext,
  provider: ChannelProvider,
  events: ProviderEvent[],
  opts: { messageUuid?: string } = {},
): Promise<AppliedEvents> {
  const outcome: AppliedEvents = { recorded: 0, repeated: 0, unknown: 0, early: 0, unassigned: 0 };
  const ordered = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const e of ordered) {
    if (
      (await providerEventKnown(ctx.db, provider.name, e.eventKey)) ||
      (e.kind === 'reply' && (await unassignedReplyKnown(ctx.db, provider.name, e.eventKey)))
    ) {
      outcome.repeated++;
      continue;
    }
    let found: { cod_email: number; canal: PhoneChannel } | undefined;
    /** A reply's reference (context.id) that named no message of ours: kept in the details under its own key. */
    let reference: string | undefined;
    if (e.kind === 'status') {
      found =
        (await findByProviderId(ctx.db, provider.name, e.providerId)) ??
        // A callback that names its message (Twilio's address has its uuid) may come first.
        (opts.messageUuid
          ? await claimProviderIdByUuid(ctx.db, {
              uuid: opts.messageUuid,
              canal: provider.channel,
              provedor: provider.name,
              id_provedor: e.providerId,
            })
          : undefined);
      // The statuses of our notice to a recipient (no message of any tenant): nothing to record.
      if (!found && (await isReplyNoticeId(ctx.db, provider.name, e.providerId))) {
        outcome.unknown++;
        continue;
      }
    } else {
      const resolved = await resolveReplyTarget(ctx, provider, e);
      if (resolved.kind === 'unassigned') {
        if (await fileUnassignedReply(ctx, provider, e, resolved.candidates)) outcome.unassigned++;
        else outcome.repeated++;
        continue;
      }
      found = resolved.kind === 'message' ? resolved.target : undefined;
      if (resolved.kind === 'message' && !resolved.named) reference = e.providerId;
    }
    const target = found;
    if (!target) {
      ctx.log.warn({ provider: provider.name, eventKey: e.eventKey }, 'evento de provedor sem mensagem correspondente');
      outcome.unknown++;
      if (e.kind === 'status' && Date.now() - e.at.getTime() < EARLY_EVENT_MS) outcome.early++;
      continue;
    }
    const recorded = await inTransaction(ctx.db, async (trx) => {
      if (!(await markProviderEvent(trx, provider.name, e.eventKey, target.cod_email))) return false;
      const base = {
        provedor: provider.name,
        ...simulatedMark(ctx.config, target.canal),
        chave: e.eventKey,
        ocorridoEm: e.at.toISOString(),
        payload: e.raw,
      };
      if (e.kind === 'reply') {
        await recordEvent(
          trx,
          {
            cod_email: target.cod_email,
            canal: target.canal,
            tipo: e.button ? 'acknowledged' : 'answered',
            detalhes: {
              ...base,
              de: e.from,
              texto: e.text,
              ...(reference ? { referencia: reference } : e.providerId ? { idProvedor: e.providerId } : {}),
            },
          },
          ctx.boss,
        );
      } else if (e.status === 'erro') {
        await recordChannelFailure(trx, ctx, target.cod_email, target.canal, {
          ...base,
          idProvedor: e.providerId,
          reasonFailure: e.reason ?? 'Falha informada pelo provedor.',
        });
      } else {
        await recordEvent(
          trx,
          { cod_email: target.cod_email, canal: target.canal, tipo: e.status, detalhes: { ...base, idProvedor: e.providerId } },
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
