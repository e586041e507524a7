import type { CreditLogOrder } from '@ar/core';
import { z } from 'zod';

/** The part of a WooCommerce order (REST API v3 shape, as webhooks deliver it) that we read. */
export const wooOrder = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  number: z.union([z.string(), z.number()]).transform(String).optional(),
  status: z.string().min(1).max(40),
  currency: z.string().max(10).optional(),
  total: z.union([z.string(), z.number()]).transform(String).optional(),
  customer_id: z.number().int().nonnegative().max(2147483647).optional().default(0),
  payment_method: z.string().max(100).optional().default(''),
  payment_method_title: z.string().max(200).optional().default(''),
  date_created: z.string().nullable().optional().default(null),
  date_completed: z.string().nullable().optional().default(null),
  date_paid: z.string().nullable().optional().default(null),
  billing: z
    .object({ email: z.string().max(200).optional().default('') })
    .partial()
    .optional()
    .default({}),
  line_items: z
    .array(
      z.object({
        name: z.string().max(300).default(''),
        sku: z.string().max(100).nullable().optional(),
        quantity: z.number().int().nonnegative().max(100_000).default(0),
        price: z.union([z.string(), z.number()]).optional().default(0),
        meta_data: z
          .array(z.object({ key: z.string(), value: z.unknown() }))
          .optional()
          .default([]),
      }),
    )
    .max(200)
    .default([]),
  meta_data: z
    .array(z.object({ key: z.string(), value: z.unknown() }))
    .optional()
    .default([]),
});
export type WooOrder = z.infer<typeof wooOrder>;

/** Keeps an order's credits far inside the 32-bit totals (no product sells a million credits a unit). */
const MAX_CREDITS_PER_UNIT = 1_000_000;
/** An order adding more is refused as invalid (400). */
export const MAX_ORDER_CREDITS = 100_000_000;
const CREDIT_KEYS = new Set(['creditos', '_creditos', 'ar_creditos', '_ar_creditos']);

/**
 * Credits of one unit of a line item: a 'creditos' meta field (set on the product), else the
 * number written before "créditos" in its name ("Pacote 1.000 créditos"), else 1 — a product
 * sold by the credit.
 */
export function creditsPerUnit(item: WooOrder['line_items'][number]): number {
  for (const m of item.meta_data) {
    if (CREDIT_KEYS.has(m.key.toLowerCase())) {
      const n = Number(String(m.value).replace(/\./g, ''));
      if (Number.isInteger(n) && n > 0) return Math.min(n, MAX_CREDITS_PER_UNIT);
    }
  }
  const match = /(\d{1,3}(?:\.\d{3})+|\d+)\s*(?:cr[ée]ditos?|ars?)\b/i.exec(item.name);
  if (match) return Math.min(Number(match[1].replace(/\./g, '')), MAX_CREDITS_PER_UNIT);
  return 1;
}

export function creditsOfOrder(order: WooOrder): number {
  return order.line_items.reduce((sum, item) => sum + creditsPerUnit(item) * item.quantity, 0);
}

/** What we keep of the order (spec 000 §3 log_creditos): no addresses, only scalar meta values. */
export function toCreditLog(order: WooOrder): CreditLogOrder {
  const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  return {
    status: order.status,
    payment_method: order.payment_method,
    payment_method_title: order.payment_method_title,
    number: order.number ?? String(order.id),
    total: order.total,
    currency: order.currency,
    line_items: order.line_items.map((i) => ({ name: i.name, price: i.price as string | number, quantity: i.quantity })),
    date_created: order.date_created,
    date_completed: order.date_completed,
    date_paid: order.date_paid,
    meta_data: order.meta_data.filter((m) => scalar(m.value)).map((m) => ({ key: m.key, value: m.value as string | number | boolean })),
  };
}
