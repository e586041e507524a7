import { PLAN_MSG } from '@ar/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { addPurchaseCredits } from '../credits/credits.service.ts';
import { ensurePlan } from '../plans/ensure-plan.ts';
import { creditsOfOrder, MAX_ORDER_CREDITS, toCreditLog, type WooOrder, wooOrder } from './store.order.ts';
import { findCustomer, linkStoreCustomer, markCredited, upsertOrderLog } from './store.queries.ts';
import { isValidSignature } from './store.signature.ts';

export const INVALID_ORDER = 'Pedido inválido.';

/** Where the webhook writes its warnings (the request's logger). */
export interface WarnLog {
  warn(obj: object, msg: string): void;
}

export interface OrderOutcome {
  log_codigo: number;
  /** Credits added by this delivery (0 when not completed, already credited, or no prepaid customer). */
  creditos: number;
  matched: boolean;
}

/** One webhook delivery as the route read it: the raw body and WooCommerce's headers. */
export interface WebhookDelivery {
  raw: Buffer;
  signature: string | string[] | undefined;
  topic: string;
  resource: string | string[] | undefined;
}

export type WebhookOutcome = { ping: true } | { ignored: true } | OrderOutcome;

/**
 * POST /loja/webhook: a WooCommerce delivery. The signature is checked over the raw bytes (401
 * otherwise); the ping sent when the webhook is saved and the topics that are not an order's
 * creation or update are answered without work; an order is checked (400 when it is not one, or
 * adds more than MAX_ORDER_CREDITS) and received.
 */
export async function handleWebhook(
  ctx: Pick<AppContext, 'db'>,
  log: WarnLog,
  secret: string,
  d: WebhookDelivery,
): Promise<WebhookOutcome> {
  if (!isValidSignature(d.raw, d.signature, secret)) {
    log.warn({ topic: d.topic }, 'store webhook with a bad signature');
    throw new AppError(401, PLAN_MSG.badSignature);
  }
  const text = d.raw.toString('utf8');
  // Saving a webhook in WooCommerce sends a ping: webhook_id=N (form-encoded).
  if (/^webhook_id=\d+$/.test(text.trim())) return { ping: true };
  if ((d.resource && d.resource !== 'order') || /\.(deleted|restored)$/.test(d.topic)) return { ignored: true };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest(INVALID_ORDER);
  }
  const order = wooOrder.safeParse(json);
  if (!order.success || creditsOfOrder(order.data) > MAX_ORDER_CREDITS) throw badRequest(INVALID_ORDER);
  return receiveOrder(ctx.db, log, order.data);
}

/**
 * One order delivery from the store. The order is kept as the credit log (whatever its status);
 * when it is completed and its credits were never added, they go to the customer's prepaid plan
 * in the same transaction. The same order delivered again adds nothing.
 */
export async function receiveOrder(db: Kysely<DB>, log: WarnLog | null, order: WooOrder): Promise<OrderOutcome> {
  const customer = await findCustomer(db, order.customer_id, order.billing.email ?? '');
  if (customer && order.customer_id > 0 && customer.usu_wooc_id === null)
    await linkStoreCustomer(db, customer.usu_codigo, order.customer_id);
  const quantity = creditsOfOrder(order);
  const creditLog = toCreditLog(order);
  return inTransaction(db, async (trx) => {
    // Credits are bought for a prepaid plan; a postpaid customer's order is kept but adds nothing.
    const cod_plano = customer && customer.usu_tipo_plano === '1' ? await ensurePlan(trx, customer) : null;
    const row = await upsertOrderLog(trx, {
      log_pedido_id: order.id,
      log_creditos: creditLog as unknown as Record<string, unknown>,
      log_status: order.status,
      log_quantidade: quantity,
      cod_usu: customer?.usu_codigo ?? null,
      cod_plano,
    });
    let creditos = 0;
    if (row.log_status === 'completed' && !row.log_creditado_em && row.cod_plano && row.log_quantidade > 0) {
      await addPurchaseCredits(trx, row.cod_plano, row.log_quantidade, row.log_codigo, creditLog.number);
      await markCredited(trx, row.log_codigo);
      creditos = row.log_quantidade;
    }
    if (!customer) log?.warn({ order: order.id }, 'store order without a matching user (usu_wooc_id or billing e-mail)');
    return { log_codigo: row.log_codigo, creditos, matched: !!customer };
  });
}
