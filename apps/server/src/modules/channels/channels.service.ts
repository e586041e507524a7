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
import type { ChannelProvider, PhoneChannel, ProviderName } from './channel.ts';
import { type ChannelMessage, findChannelMessage } from './channels.queries.ts';
import { metaProvider } from './providers/meta.ts';
import { twilioProvider } from './providers/twilio.ts';
import { zenviaProvider } from './providers/zenvia.ts';

/**
 * The phone channels' pipeline (docs/channels.md): which adapter serves a channel, and a channel's
 * failure with its refund. A provider's acceptance is channel-acceptance.ts's, its callbacks'
 * events provider-events.service.ts's. Nothing here names a provider's protocol: that is each
 * adapter's (providers/).
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
