import type { AppContext } from '../../context.ts';
import type { PhoneChannel } from './channel.ts';
import { providerFor, providerNameFor } from './channels.service.ts';

/** How soon a failed check is tried again (doubling up to the maximum), and how often a good one is repeated. */
export interface SubscriptionTiming {
  retryMs: number;
  maxRetryMs: number;
  recheckMs: number;
}

const TIMING: SubscriptionTiming = { retryMs: 60_000, maxRetryMs: 30 * 60_000, recheckMs: 6 * 60 * 60_000 };

/**
 * Keeps Zenvia calling the product back (docs/zenvia.md): at start, each channel sent
 * through Zenvia has its subscriptions checked and made (ensureSubscriptions), then again every few
 * hours, so a subscription deleted at Zenvia comes back without an operator. A failure (Zenvia
 * down, a bad token) is logged and tried again later; it never stops the start. Answers the stop.
 */
export function keepZenviaSubscribed(ctx: AppContext, timing: SubscriptionTiming = TIMING): () => void {
  const channels = (['sms', 'whatsapp'] as PhoneChannel[]).filter((c) => providerNameFor(ctx, c) === 'zenvia');
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const schedule = (fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const check = async (channel: PhoneChannel, delay: number) => {
    if (stopped) return;
    try {
      await providerFor(ctx, channel).ensureSubscriptions?.();
      ctx.log.info({ channel }, 'inscrições da Zenvia conferidas');
      schedule(() => void check(channel, timing.retryMs), timing.recheckMs);
    } catch (err) {
      if (stopped) return;
      ctx.log.warn({ err, channel, retryInMs: delay }, 'inscrições da Zenvia não conferidas; nova tentativa mais tarde');
      schedule(() => void check(channel, Math.min(delay * 2, timing.maxRetryMs)), delay);
    }
  };

  for (const channel of channels) void check(channel, timing.retryMs);
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
