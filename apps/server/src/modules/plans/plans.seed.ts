import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { orderLogExists } from '../store/store.queries.ts';
import { receiveOrder } from '../store/store.service.ts';
import { ensurePlan } from './ensure-plan.ts';
import { findPlanHoldersByLogin } from './plans.queries.ts';

const PREPAID = ['admin@demo.local', 'gerente@demo.local', 'usuario@demo.local'];
const POSTPAID = ['pos@demo.local'];

/**
 * Demo plans (DESIGN §4): each demo prepaid user gets its plan with 1,000 credits, bought as a
 * completed store order (so the ledger and the Extrato tab show where they came from); the demo
 * user also has a boleto order awaiting payment. The postpaid entity gets its plan. Idempotent:
 * orders are keyed by their id and credited once; plans are one per owner.
 */
export async function seedDemoPlans(db: Kysely<DB>): Promise<void> {
  const users = await findPlanHoldersByLogin(db, [...PREPAID, ...POSTPAID]);
  for (const user of users) {
    await ensurePlan(db, user);
    if (!PREPAID.includes(user.usu_login)) continue;
    await seedOrder(db, demoOrder(user.usu_codigo, user.usu_login, 1, 'completed'));
    if (user.usu_login === 'usuario@demo.local') await seedOrder(db, demoOrder(user.usu_codigo, user.usu_login, 2, 'on-hold'));
  }
}

/** Each demo order once: a restart must not redate it (receiveOrder alone would credit once anyway). */
async function seedOrder(db: Kysely<DB>, order: ReturnType<typeof demoOrder>) {
  if (!(await orderLogExists(db, order.id))) await receiveOrder(db, null, order);
}

function demoOrder(usu_codigo: number, email: string, seq: number, status: 'completed' | 'on-hold') {
  // WooCommerce dates are the shop's local time (Brasília, UTC−3); the paid order an hour before the pending one.
  const created = new Date(Date.now() - 3 * 3600_000 - (seq === 1 ? 3600_000 : 0)).toISOString().slice(0, 19);
  const boleto = status === 'on-hold';
  return {
    // Negative ids never meet a real store order.
    id: -(usu_codigo * 100 + seq),
    number: `DEMO-${usu_codigo}${String(seq).padStart(2, '0')}`,
    status,
    currency: 'BRL',
    total: boleto ? '250.00' : '900.00',
    customer_id: 0,
    payment_method: boleto ? 'boleto' : 'credit_card',
    payment_method_title: boleto ? 'Boleto bancário' : 'Cartão de crédito',
    date_created: created,
    date_completed: boleto ? null : created,
    date_paid: boleto ? null : created,
    billing: { email },
    line_items: [
      boleto
        ? { name: 'Pacote 250 créditos AR', quantity: 1, price: 250, meta_data: [] }
        : { name: 'Pacote 1.000 créditos AR', quantity: 1, price: 900, meta_data: [] },
    ],
    meta_data: boleto ? [{ key: '_boleto_url', value: 'https://loja.aronline.com.br/boleto/demo' }] : [],
  };
}
