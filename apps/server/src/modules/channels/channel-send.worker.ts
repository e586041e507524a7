import { publicPageLink, REACHED_BITS, WHATSAPP_ACK_BUTTON } from '@ar/core';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import { warmQueueCache } from '../../queue/boss.ts';
import { type OutgoingPhoneMessage, PermanentProviderError, type PhoneChannel } from './channel.ts';
import { type Accepted, recordAcceptances } from './channel-acceptance.ts';
import { type ChannelMessage, findAcceptedChannels, findChannelMessages } from './channels.queries.ts';
import { channelAvailable, failChannel, providerFor, statusCallbackUrl } from './channels.service.ts';
import { providerGate } from './providers/provider-pool.ts';
import { REPLY_NOTICE_QUEUE, sendReplyNotice } from './unassigned-replies.service.ts';

export const SMS_SEND_QUEUE = 'sms-send';
export const WHATSAPP_SEND_QUEUE = 'whatsapp-send';
export const PHONE_SEND_QUEUES: Record<PhoneChannel, string> = { sms: SMS_SEND_QUEUE, whatsapp: WHATSAPP_SEND_QUEUE };
const FAILED_QUEUE: Record<PhoneChannel, string> = { sms: 'sms-send-failed', whatsapp: 'whatsapp-send-failed' };

/** The message as the channel's provider takes it: the text stored (and hashed) at compose, the number in E.164. */
export function outgoingOf(ctx: AppContext, msg: ChannelMessage, channel: PhoneChannel, callbackUrl: string): OutgoingPhoneMessage | null {
  const target = channel === 'sms' ? msg.ema_uni_sms : msg.ema_uni_whatsapp;
  if (!target) return null;
  const to = channel === 'sms' ? (target as { number: string }).number : (target as { numberReceived: string }).numberReceived;
  const text = channel === 'sms' ? (target as { messageContent: string }).messageContent : (target as { content: string }).content;
  return {
    cod_email: msg.ema_uni_codigo,
    uuid: msg.ema_uni_id,
    channel,
    to,
    nameFrom: msg.ema_uni_name_from,
    subject: msg.ema_uni_subject,
    publicLink: publicPageLink(ctx.config.publicUrl, msg.ema_uni_id, channel),
    text,
    ackButton: channel === 'whatsapp' ? WHATSAPP_ACK_BUTTON : null,
    statusCallbackUrl: callbackUrl,
  };
}

/**
 * Sends a worker batch's SMS or WhatsApp, one outcome per job (null: done; else the error the
 * queue retries). Idempotent: a channel the provider accepted already (its row in
 * mensagens_provedor) or that failed is not sent again. The messages are read in one query, sent
 * through the provider's gate (a bounded number at once on its pooled connections, held while it
 * answers 429: providers/provider-pool.ts), and the acceptances recorded together
 * (recordAcceptances). A refusal for good ends the channel in 'erro' with its credit back.
 */
export async function deliverPhones(ctx: AppContext, channel: PhoneChannel, codes: number[]): Promise<unknown[]> {
  const outcomes: unknown[] = codes.map(() => null);
  const messages = new Map((await findChannelMessages(ctx.db, codes)).map((m) => [m.ema_uni_codigo, m]));
  const acceptedBefore = await findAcceptedChannels(ctx.db, [...messages.keys()], channel);
  const provider = providerFor(ctx, channel);
  const gate = providerGate(provider.name);
  const accepted: (Accepted & { job: number })[] = [];
  const taken = new Set<number>();
  await Promise.all(
    codes.map(async (cod_email, job) => {
      const msg = messages.get(cod_email);
      // A job repeated in the batch is done by its first.
      if (!msg || taken.has(cod_email) || acceptedBefore.has(cod_email)) return;
      taken.add(cod_email);
      const reached = channel === 'sms' ? msg.ema_alcance_sms : msg.ema_alcance_whatsapp;
      if ((reached & (REACHED_BITS.erro as number)) !== 0) return;
      const outgoing = outgoingOf(ctx, msg, channel, statusCallbackUrl(ctx, provider.name, channel, msg.ema_uni_id));
      if (!outgoing) return;
      try {
        const acceptance = await gate.run(() => {
          // A stopping process calls no provider for a job it had not reached: retried after the next start.
          ctx.lifecycle?.assertRunning();
          return provider.send(outgoing);
        });
        accepted.push({ msg: outgoing, acceptance, job });
      } catch (error) {
        if (!(error instanceof PermanentProviderError)) {
          outcomes[job] = error;
          return;
        }
        await failChannel(ctx, cod_email, channel, error.reason, error.raw).catch((failed: unknown) => {
          outcomes[job] = failed;
        });
      }
    }),
  );
  const failures = await recordAcceptances(ctx, provider, accepted);
  for (const a of accepted) if (failures.has(a.msg.cod_email)) outcomes[a.job] = failures.get(a.msg.cod_email);
  return outcomes;
}

/** The phone channels' queues: made at start, workers or not (pg-boss stores no job for an unknown queue). */
export async function createChannelQueues(boss: PgBoss): Promise<void> {
  for (const channel of ['sms', 'whatsapp'] as const) {
    await boss.createQueue(FAILED_QUEUE[channel]);
    await boss.createQueue(PHONE_SEND_QUEUES[channel], {
      retryLimit: 6,
      retryDelay: 20,
      retryBackoff: true,
      expireInSeconds: 120,
      deadLetter: FAILED_QUEUE[channel],
    });
  }
  // The notice of a reply kept unassigned (docs/unassigned-replies.md): queued in the reply's transaction.
  await boss.createQueue(REPLY_NOTICE_QUEUE, { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 });
  await warmQueueCache(boss, [...Object.values(PHONE_SEND_QUEUES), ...Object.values(FAILED_QUEUE), REPLY_NOTICE_QUEUE]);
}

/** The workers of the phone channels: a job per message and channel; one that exhausts its retries ends the channel in 'erro'. */
export async function startChannelWorkers(ctx: AppContext, opts: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  const boss = ctx.boss;
  if (!boss) return;
  const polling = opts.pollingIntervalSeconds ?? 0.5;
  await createChannelQueues(boss);
  for (const channel of ['sms', 'whatsapp'] as const) {
    await boss.work<{ cod_email: number }>(
      PHONE_SEND_QUEUES[channel],
      {
        batchSize: 25,
        // While batches come back full, fetch again at once (as the e-mail worker does): without it
        // pg-boss waited the polling interval after every batch, which capped each phone channel at
        // 2 × 25 / 0.5 s = 100 messages/s whatever the provider's pace (bench/phone-send, 2026-12-08).
        burstWhenBatchFull: true,
        perJobResults: true,
        pollingIntervalSeconds: polling,
        localConcurrency: 2,
      },
      async (jobs) => {
        // Each job settles on its own: a failure retries that message only.
        const outcomes = await deliverPhones(
          ctx,
          channel,
          jobs.map((job) => job.data.cod_email),
        );
        return jobs.map((job, i) => {
          const error = outcomes[i];
          return error
            ? { id: job.id, status: 'failed' as const, output: { message: String((error as Error)?.message ?? error) } }
            : { id: job.id, status: 'completed' as const };
        });
      },
    );
    await boss.work<{ cod_email: number }>(FAILED_QUEUE[channel], { batchSize: 1, pollingIntervalSeconds: polling }, async ([job]) => {
      if (job)
        await failChannel(
          ctx,
          job.data.cod_email,
          channel,
          `O provedor de ${channel === 'sms' ? 'SMS' : 'WhatsApp'} não aceitou a mensagem após várias tentativas.`,
        );
    });
  }
  await boss.work<{ avi_codigo: number; canal: PhoneChannel }>(
    REPLY_NOTICE_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: polling },
    async ([job]) => {
      if (job)
        await sendReplyNotice(ctx, channelAvailable(ctx, job.data.canal) ? providerFor(ctx, job.data.canal) : null, job.data.avi_codigo);
    },
  );
}
