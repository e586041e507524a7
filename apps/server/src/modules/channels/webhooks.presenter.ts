import type { PhoneWebhookResponse } from '@ar/core';
import type { AppliedEvents } from './provider-events.service.ts';

/** A verified callback's answer: what became of its events (the provider only needs the 200). */
export function presentWebhookOutcome(applied: AppliedEvents): PhoneWebhookResponse {
  return {
    ok: true,
    recorded: applied.recorded,
    repeated: applied.repeated,
    unknown: applied.unknown,
    ...(applied.unassigned > 0 ? { unassigned: applied.unassigned } : {}),
  };
}
