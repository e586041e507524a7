import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { ComposedOutgoing } from '../../mail/mail.service.ts';
import { warmQueueCache } from '../../queue/boss.ts';
import { asSendActivity } from '../../queue/send-activity.ts';
import { recordChannelFailure } from '../channels/channels.service.ts';
import { simulatedMark } from '../evidence/simulated.ts';
import { bounceAddress, replyAddress } from '../inbound/addresses.ts';
import { findMessagesForDelivery, forgetAcceptances, type PreparedDelivery, threadOf } from './emails.queries.ts';
import { type NewEvent, recordEvent, recordEvents } from './events.ts';
import { renderOutgoing } from './render.ts';
import { senderOf } from './send.slots.ts';

export const EMAIL_SEND_QUEUE = 'email-send';
export const EMAIL_SEND_FAILED_QUEUE = 'email-send-failed';

/** The address part of MAIL_FROM's domain, for the per-message Message-ID, reply and bounce addresses. */
export function mailDomain(mailFrom: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom);
  return match?.[1] ?? 'aronline.local';
}

interface SmtpError {
  responseCode?: number;
  response?: string;
  message?: string;
}

/**
 * Sends one message by e-mail. Idempotent per message and channel: a message whose 'send'
 * event exists (or whose acceptance is in the journal) is not sent again, and the Message-ID is the
 * protocol, so even a crash between the relay's acceptance and the record of it yields the same
 * message, not a different one. A permanent refusal (5xx) ends the message in 'erro' and refunds
 * its credit; anything else is thrown so the queue retries it.
 */
export async function deliverEmail(ctx: AppContext, cod_email: number): Promise<void> {
  const [outcome] = await deliverEmails(ctx, [cod_email]);
  if (outcome?.status === 'rejected') throw outcome.reason;
}

/**
 * A worker's batch: its messages, with their journal rows, are read in two queries, then each
 * goes to the relay through a send slot, its acceptance written to the journal as soon as the
 * relay's reply arrives, before the slot takes another message. Then the batch's 'send' events are
 * recorded in one transaction (recordEvents: one chain append each, a fixed number of statements),
 * whose status statement also empties their journal rows; should it fail, each is recorded on its
 * own. Answers each message's outcome, in order.
 */
export function deliverEmails(ctx: AppContext, ids: number[]): Promise<PromiseSettledResult<unknown>[]> {
  return asSendActivity(() => deliverBatch(ctx, ids));
}

async function deliverBatch(ctx: AppContext, ids: number[]): Promise<PromiseSettledResult<unknown>[]> {
  if (ids.length === 0) return [];
  const prepared = await findMessagesForDelivery(ctx.db, ids);
  // Accepted before a crash, event not recorded: recorded now, not sent again.
  const accepted = new Map<number, unknown>();
  for (const [id, p] of prepared) if (p.journaled !== null) accepted.set(id, p.journaled);
  const outcomes: PromiseSettledResult<unknown>[] = await Promise.allSettled(
    ids.map((id) => {
      const p = prepared.get(id) ?? null;
      const detalhes = accepted.get(id);
      if (detalhes && p && !p.isSent)
        return Promise.resolve<NewEvent>({ cod_email: id, canal: 'email', tipo: 'send', detalhes: detalhes as Record<string, unknown> });
      return sendEmail(ctx, id, p);
    }),
  );
  const events = outcomes.flatMap((o) => (o.status === 'fulfilled' && o.value ? [o.value as NewEvent] : []));
  const unique = new Map(events.map((e) => [e.cod_email, e]));
  if (unique.size === 0 && accepted.size === 0) return outcomes;
  try {
    await inTransaction(ctx.db, async (trx) => {
      await recordEvents(trx, [...unique.values()], ctx.boss, { forgetAcceptances: [...new Set([...unique.keys(), ...accepted.keys()])] });
    });
  } catch {
    return Promise.allSettled(
      ids.map(async (id, i) => {
        const o = outcomes[i];
        if (o?.status === 'rejected') throw o.reason;
        const event = unique.get(id);
        if (event) await recordEvent(ctx.db, event, ctx.boss);
        if (event || accepted.has(id)) await forgetAcceptances(ctx.db, [id]);
      }),
    );
  }
  return outcomes;
}

/**
 * Sends one message and answers its 'send' event, to be recorded, once its acceptance is in the
 * journal (null when there is nothing to record: already sent, failed for good, or without an
 * address).
 */
async function sendEmail(ctx: AppContext, cod_email: number, prepared: PreparedDelivery | null): Promise<NewEvent | null> {
  if (!prepared || prepared.isSent) return null;
  const msg = prepared.msg;
  if (!msg.ema_uni_to || msg.ema_status_email === 'erro') return null;
  const domain = mailDomain(ctx.config.mailFrom);
  const links = new Map(prepared.links.map((l) => [l.lnk_url, l.lnk_uuid]));
  const { html, text } = renderOutgoing({
    uuid: msg.ema_uni_id,
    nameTo: msg.ema_uni_name_to,
    nameFrom: msg.ema_uni_name_from,
    subject: msg.ema_uni_subject,
    content: msg.ema_uni_content,
    publicUrl: ctx.config.publicUrl,
    links,
    hasSecurityQuestion: !!msg.ema_verif_pergunta,
    storedAt: msg.ema_uni_data_criacao,
  });
  const attachments = [];
  for (const a of msg.ema_uni_attachments.attachments) {
    const content = await ctx.storage.read(a.pathS3);
    if (!content) throw new Error(`attachment ${a.uuidFilename} missing from storage`);
    attachments.push({ filename: a.originalFilename, content, contentType: a.mime });
  }
  const thread = await threadOf(ctx.db, msg.ema_uni_cod_email_reply, msg.ema_uni_cod_email_reply_base, domain);
  const fromName = msg.ema_uni_name_from.replace(/["\\]/g, '');
  const mail = {
    to: `"${msg.ema_uni_name_to.replace(/["\\]/g, '')}" <${msg.ema_uni_to}>`,
    from: `"${fromName}" <nao-responda@${domain}>`,
    replyTo: replyAddress(msg.ema_uni_id, domain),
    subject: msg.ema_uni_subject,
    html,
    text,
    attachments,
    messageId: `<${msg.ema_uni_id}@${domain}>`,
    headers: { 'X-AR-Protocolo': msg.ema_uni_id, 'X-AR-Remetente': msg.ema_uni_from },
    envelope: { from: bounceAddress(msg.ema_uni_id, domain), to: msg.ema_uni_to },
    owner: msg.cod_usu,
    ...(thread ?? {}),
  };
  const { slots, ahead, journal } = senderOf(ctx);
  let refusal: string | null = null;
  // Composed before its send slot (in the composer's thread): the slot, the crash window, holds
  // only the relay's part and the journal's commit; `ahead` bounds the messages composed and
  // waiting for a slot, and so their memory (send.slots.ts).
  const leaveAhead = await ahead.acquire();
  let composed: ComposedOutgoing;
  try {
    composed = await ctx.mail.compose(mail);
  } catch (error) {
    leaveAhead();
    throw error;
  }
  const event = await slots.run(async (): Promise<NewEvent | null> => {
    leaveAhead();
    // A stopping process starts no SMTP transaction: this message's job fails now and is retried
    // after the next start; the transactions already under way finish (docs/operations.md).
    ctx.lifecycle?.assertRunning();
    let sent: { messageId: string; response: string };
    try {
      sent = await composed.send();
    } catch (error) {
      const e = error as SmtpError;
      if (e.responseCode && e.responseCode >= 500) {
        refusal = e.response ?? e.message ?? 'Recusada pelo servidor de e-mail.';
        return null;
      }
      throw error;
    }
    const sentEvent: NewEvent = {
      cod_email,
      canal: 'email',
      tipo: 'send',
      detalhes: {
        smtpResponse: sent.response,
        messageId: sent.messageId,
        queueId: /queued as ([\w.-]+)/i.exec(sent.response)?.[1] ?? null,
        relay: ctx.mail.mode,
        ...simulatedMark(ctx.config, 'email'),
      },
    };
    // In the journal before the slot is given back: the window of a crash is this message only.
    await journal.write(sentEvent);
    return sentEvent;
  });
  if (refusal !== null) await failEmail(ctx, cod_email, refusal);
  return event;
}

/**
 * The message's e-mail ends in 'erro' with the reason, and what the e-mail cost comes back (its
 * share of the message's credits: docs/channels.md, recordChannelFailure), once.
 */
export async function failEmail(ctx: AppContext, cod_email: number, reason: string): Promise<void> {
  await inTransaction(ctx.db, (trx) => recordChannelFailure(trx, ctx, cod_email, 'email', { reasonFailure: reason }, { onlyFirst: true }));
}

/**
 * A send job's heartbeat (pg-boss's minimum): the worker refreshes it every 5 s while it holds the
 * job, and the supervisor (every 10 s, queue/boss.ts) takes back a job whose heartbeat is older,
 * so a crashed worker's jobs are retried within ~20 s plus the first retry delay (20-40 s), not
 * after expireInSeconds (300 s, which stays the bound for a batch whose worker is alive but stuck).
 */
export const SEND_HEARTBEAT_SECONDS = 10;

/**
 * The e-mail channel's queues. They must exist before anything is sent to them (pg-boss stores no
 * job for an unknown queue), so the runtime creates them at start, workers or not. The update
 * brings a queue made by an earlier version to the same settings.
 */
export async function createEmailQueues(boss: PgBoss, expireInSeconds = 300): Promise<void> {
  await boss.createQueue(EMAIL_SEND_FAILED_QUEUE);
  await boss.createQueue(EMAIL_SEND_QUEUE, {
    retryLimit: 6,
    retryDelay: 20,
    retryBackoff: true,
    expireInSeconds,
    heartbeatSeconds: SEND_HEARTBEAT_SECONDS,
    deadLetter: EMAIL_SEND_FAILED_QUEUE,
  });
  await boss.updateQueue(EMAIL_SEND_QUEUE, { expireInSeconds, heartbeatSeconds: SEND_HEARTBEAT_SECONDS });
  await warmQueueCache(boss, [EMAIL_SEND_QUEUE, EMAIL_SEND_FAILED_QUEUE]);
}

/**
 * Queues and workers of the e-mail channel; a job that exhausts its retries lands in the failed queue.
 *
 * Each worker takes a batch of jobs and delivers them concurrently over the pooled SMTP transport,
 * settling each job on its own (a failure retries that message only). While batches come back
 * full it fetches again at once: with one job per fetch, pg-boss waits the polling interval after
 * every job, which capped delivery at (workers / interval) messages per second (bench/send-pipeline).
 */
export async function startEmailWorkers(
  ctx: AppContext,
  opts: { pollingIntervalSeconds?: number; expireInSeconds?: number; concurrency?: number; batchSize?: number } = {},
): Promise<void> {
  const boss = ctx.boss;
  if (!boss) return;
  const polling = opts.pollingIntervalSeconds ?? 0.5;
  await createEmailQueues(boss, opts.expireInSeconds);
  await boss.work<{ cod_email: number }>(
    EMAIL_SEND_QUEUE,
    {
      // 50 a batch: read and rendered together, fewer fetches and completions per message
      // (bench/send-pipeline, first round: 10 → 114, 25 → 156-164, 50 → 137 messages/s;
      // 2026-11-23, with the later changes: 25 → 0.62-0.66x of bare nodemailer on PostgreSQL and
      // 0.53-0.56x on PGlite, 50 → 0.73x and 0.58-0.62x, peak RSS no higher). Their 'send' events
      // are committed as the relay accepts each message (SEND_SLOTS, send.slots.ts), not once per batch.
      batchSize: opts.batchSize ?? 50,
      burstWhenBatchFull: true,
      perJobResults: true,
      // Two batches in flight (over the 5 pooled SMTP connections): with four batches of 10, the
      // deliveries' queries held the database pool and the sends waiting to be queued behind them
      // (bench/send-pipeline on 2 cores: all POSTs done in 4 s instead of 7-10 s).
      localConcurrency: opts.concurrency ?? 2,
      pollingIntervalSeconds: polling,
    },
    async (jobs) => {
      const outcomes = await deliverEmails(
        ctx,
        jobs.map((job) => job.data.cod_email),
      );
      return jobs.map((job, i) => {
        const outcome = outcomes[i];
        return outcome?.status === 'fulfilled'
          ? { id: job.id, status: 'completed' as const }
          : { id: job.id, status: 'failed' as const, output: { message: String((outcome?.reason as Error)?.message ?? outcome?.reason) } };
      });
    },
  );
  await boss.work<{ cod_email: number }>(EMAIL_SEND_FAILED_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async ([job]) =>
    failEmail(ctx, job.data.cod_email, 'O servidor de e-mail não aceitou a mensagem após várias tentativas.'),
  );
}
