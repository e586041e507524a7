import type { StoreWebhookResponse } from '@ar/core';
import type { WebhookOutcome } from './store.service.ts';

/** The webhook's answer: ok, and what was done (a ping, ignored, or the order kept and what it credited). */
export function presentWebhook(outcome: WebhookOutcome): StoreWebhookResponse {
  if ('ping' in outcome) return { ok: true, ping: true };
  if ('ignored' in outcome) return { ok: true, ignored: true };
  return { ok: true, log_codigo: outcome.log_codigo, creditos: outcome.creditos, matched: outcome.matched };
}
