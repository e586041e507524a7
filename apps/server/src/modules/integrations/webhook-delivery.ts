import { createHmac, randomBytes } from 'node:crypto';
import { type Channel, escapeHtml, INTEGRATION_MSG, type MessageStatusWebhook, type StatusType, WEBHOOK_DISABLED_KIND } from '@ar/core';
import { fromKysely, type PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { warmQueueCache } from '../../queue/boss.ts';
import { insertNotification } from '../notifications/notifications.queries.ts';
import { postJson } from './url-guard.ts';
import * as q from './webhooks.queries.ts';

/**
 * Outgoing webhooks (docs/integrations.md), by the Standard Webhooks specification: every status
 * event of a user's messages becomes one delivery per endpoint (`fanOutWebhooks`, called by the
 * evidence stamp worker, which every chained event passes through), and each delivery is a job of
 * WEBHOOK_QUEUE: a POST signed with the endpoint's secret, at most 10 s; a non-2xx or no answer is
 * tried again on the specification's schedule with the same webhook-id, then marked failed. An
 * endpoint failing for 5 days is disabled and its owner told.
 */
export const WEBHOOK_QUEUE = 'webhook-delivery';
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The waits before each retry (Standard Webhooks' suggested schedule): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
export const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;

export async function createWebhookQueues(boss: PgBoss): Promise<void> {
  // Our own schedule, not pg-boss's retries: each attempt queues the next with its startAfter.
  await boss.createQueue(WEBHOOK_QUEUE, { retryLimit: 0, expireInSeconds: 60 });
  await warmQueueCache(boss, [WEBHOOK_QUEUE]);
}

export async function startWebhookWorkers(ctx: AppContext): Promise<void> {
  const boss = ctx.boss;
  if (!boss) return;
  await createWebhookQueues(boss);
  await boss.work<{ entrega: string }>(WEBHOOK_QUEUE, { batchSize: 5, pollingIntervalSeconds: 0.5 }, async (jobs) => {
    await Promise.all(jobs.map((job) => attemptDelivery(ctx, job.data.entrega)));
  });
}

/** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the secret's bytes (the base64 after `whsec_`). */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

type EventRow = Awaited<ReturnType<typeof q.eventsForEndpoints>>[number];

function recipientOf(r: EventRow): string {
  switch (r.evt_canal) {
    case 'sms':
      return r.ema_uni_sms?.number ?? '';
    case 'whatsapp':
      return r.ema_uni_whatsapp?.numberReceived ?? '';
    case 'voz':
      return r.ema_uni_voz?.numberTo ?? '';
    case 'carta':
      return r.ema_uni_name_to;
    default:
      return r.ema_uni_to ?? '';
  }
}

export function statusPayload(r: EventRow, now: Date): MessageStatusWebhook {
  return {
    type: 'mensagem.status',
    timestamp: now.toISOString(),
    data: {
      protocolo: r.ema_uni_id,
      codigo: Number(r.ema_uni_codigo),
      identificacao: r.ema_uni_identificacao,
      canal: r.evt_canal as Channel,
      destinatario: recipientOf(r),
      status: r.evt_tipo as StatusType,
      ocorridoEm: new Date(r.evt_data).toISOString(),
      evento: { sequencia: r.evt_seq, hash: r.evt_hash },
    },
  };
}

/**
 * The deliveries of these events to their owners' endpoints, and their first attempts' jobs, in one
 * transaction; an event already delivered to an endpoint is left alone (a stamp job's retry).
 * Answers how many deliveries it made.
 */
export async function fanOutWebhooks(ctx: AppContext, evtCodigos: number[]): Promise<number> {
  const boss = ctx.boss;
  if (!boss || evtCodigos.length === 0) return 0;
  const rows = await q.eventsForEndpoints(ctx.db, evtCodigos);
  if (rows.length === 0) return 0;
  const now = new Date();
  return inTransaction(ctx.db, async (trx) => {
    const ids = await q.insertDeliveries(
      trx,
      rows.map((r) => ({
        cod_webhook: r.whk_codigo,
        evt_codigo: Number(r.evt_codigo),
        ent_msg_id: newMessageId(),
        ent_tipo: 'mensagem.status',
        ent_corpo: JSON.stringify(statusPayload(r, now)),
      })),
    );
    if (ids.length)
      await boss.insert(
        WEBHOOK_QUEUE,
        ids.map((entrega) => ({ data: { entrega } })),
        { db: fromKysely(trx) },
      );
    return ids.length;
  });
}

/** Queues a delivery's next attempt (a resend, or the first attempt of a delivery made elsewhere). */
export async function queueAttempt(boss: PgBoss, deliveryId: string, startAfter?: Date): Promise<void> {
  await boss.send(WEBHOOK_QUEUE, { entrega: deliveryId }, startAfter ? { startAfter } : {});
}

/**
 * One attempt of a delivery at `now` (a test gives its own clock): signed with the same webhook-id
 * as every other attempt of it, recorded in the log with its status, duration and the next try.
 */
export async function attemptDelivery(ctx: AppContext, deliveryId: string, now: Date = new Date()): Promise<void> {
  const d = await q.deliveryToAttempt(ctx.db, deliveryId);
  if (d?.ent_situacao !== 'pendente' || !d.whk_ativo) return;
  const timestamp = Math.floor(now.getTime() / 1000);
  const result = await postJson(
    d.whk_url,
    {
      'webhook-id': d.ent_msg_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(d.whk_segredo, d.ent_msg_id, timestamp, d.ent_corpo),
      'user-agent': 'AR-Online-Webhooks/1',
    },
    d.ent_corpo,
    { timeoutMs: WEBHOOK_TIMEOUT_MS, allowPrivate: ctx.config.webhookAllowPrivate },
  );
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const tries = d.ent_tentativas + 1;
  const wait = ok ? undefined : RETRY_SCHEDULE_SECONDS[tries - 1];
  const next = wait === undefined ? null : new Date(now.getTime() + wait * 1000);
  const disabled = await inTransaction(ctx.db, async (trx) => {
    await q.recordAttempt(trx, {
      deliveryId,
      at: now,
      status: result.status,
      error: ok ? null : (result.error ?? `HTTP ${result.status}`),
      durationMs: result.durationMs,
      next,
      state: ok ? 'entregue' : next ? 'pendente' : 'falhou',
      tries,
    });
    if (ok) {
      await q.markEndpointHealthy(trx, d.whk_codigo);
      return false;
    }
    const since = await q.markEndpointFailing(trx, d.whk_codigo, now);
    // The next attempt's job commits with this attempt's record, or neither does.
    const queueNext = async () => {
      if (next && ctx.boss)
        await ctx.boss.insert(WEBHOOK_QUEUE, [{ data: { entrega: deliveryId }, startAfter: next }], { db: fromKysely(trx) });
      return false;
    };
    if (now.getTime() - since.getTime() < DISABLE_AFTER_MS) return queueNext();
    if (!(await q.disableEndpoint(trx, d.whk_codigo, now))) return queueNext();
    await insertNotification(trx, {
      cod_usu: d.cod_usu,
      not_setor: 2,
      not_tipo: WEBHOOK_DISABLED_KIND,
      not_referencia: String(d.whk_codigo),
      not_texto: `Integrações: o endpoint ${d.whk_url} falhou por 5 dias e foi desativado`.slice(0, 500),
    });
    return true;
  });
  if (disabled) await tellOwner(ctx, d);
}

async function tellOwner(ctx: AppContext, d: { cod_usu: number; usu_login: string; usu_nome: string; whk_url: string }): Promise<void> {
  const text = `Olá, ${d.usu_nome}.\n\nO endpoint de webhook ${d.whk_url} não aceitou nenhuma entrega nos últimos 5 dias e foi desativado. As entregas pendentes não serão mais tentadas.\n\nVerifique o endpoint e cadastre-o de novo em ${ctx.config.publicUrl}/integracoes.\n`;
  const html = `<p>Olá, ${escapeHtml(d.usu_nome)}.</p><p>O endpoint de webhook <code>${escapeHtml(d.whk_url)}</code> não aceitou nenhuma entrega nos últimos 5 dias e foi desativado. As entregas pendentes não serão mais tentadas.</p><p>Verifique o endpoint e cadastre-o de novo em <a href="${ctx.config.publicUrl}/integracoes">Integrações</a>.</p>`;
  try {
    await ctx.mail.send({ owner: d.cod_usu, to: d.usu_login, subject: INTEGRATION_MSG.webhookDisabledSubject, text, html });
  } catch (err) {
    ctx.log.warn({ err }, 'aviso de webhook desativado não enviado');
  }
}
