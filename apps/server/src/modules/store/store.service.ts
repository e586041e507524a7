import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { addPurchaseCredits } from '../credits/credits.service.ts';
import { ensurePlan } from '../plans/ensure-plan.ts';
import { creditsOfOrder, toCreditLog, type WooOrder } from './store.order.ts';
import { findCustomer, linkStoreCustomer, markCredited, upsertOrderLog } from './store.queries.ts';

export interface OrderOutcome {
  log_codigo: number;
  /** Credits added by this delivery (0 when not completed, already credited, or no prepaid customer). */
  creditos: number;
  matched: boolean;
}

/**
 * One order delivery from the store. The order is kept as the credit log (whatever its status);
 * when it is completed and its credits were never added, they go to the customer's prepaid plan
 * in the same transaction. The same order delivered again adds nothing.
 */
export async function receiveOrder(db: Kysely<DB>, log: FastifyBaseLogger | null, order: WooOrder): Promise<OrderOutcome> {
  const customer = await findCustomer(db, order.customer_id, order.billing.email ?? '');
  if (customer && order.customer_id > 0 && customer.usu_wooc_id === null)
    await linkStoreCustomer(db, customer.usu_codigo, order.customer_id);
  const quantity = creditsOfOrder(order);
  const creditLog = toCreditLog(order);
  return db.transaction().execute(async (trx) => {
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
