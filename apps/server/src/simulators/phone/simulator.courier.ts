import type { FastifyBaseLogger } from 'fastify';
import type { OutgoingCallback } from './simulator.payloads.ts';

/**
 * How the simulator calls the product back: in this process, after a delay (a timer), and again
 * on failure (the product may still be starting, or be restarting), as the providers retry their
 * callbacks. The Twilio and Graph requests reach a web process (docs/scale.md), so the timers live
 * where the message was accepted; a process that stops loses its pending callbacks, as a real
 * provider's outage would delay them (the simulator is a development stand-in, docs/phone-simulator.md).
 */
export interface Courier {
  /** Runs `task` after `ms` (errors are logged), unless the app has closed by then. */
  later(ms: number, task: () => Promise<void>): void;
  /** POSTs the callback; retries a connection failure, a 429 or a 5xx. True once the product answered 2xx. */
  deliver(cb: OutgoingCallback): Promise<boolean>;
  close(): void;
}

export interface CourierOptions {
  /** The first retry's wait; each further one doubles it. */
  retryMs: number;
  attempts: number;
  log: FastifyBaseLogger;
}

export function createCourier(opts: CourierOptions): Courier {
  const timers = new Set<NodeJS.Timeout>();
  const abort = new AbortController();
  let closed = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (closed) return resolve();
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  return {
    later(ms, task) {
      if (closed) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (closed) return;
        task().catch((err) => opts.log.warn({ err }, 'simulador: falha ao processar uma mensagem'));
      }, ms);
      timers.add(timer);
    },
    async deliver(cb) {
      for (let attempt = 1; attempt <= opts.attempts && !closed; attempt++) {
        try {
          const res = await fetch(cb.url, {
            method: 'POST',
            headers: cb.headers,
            body: new Uint8Array(cb.body),
            redirect: 'manual',
            signal: AbortSignal.any([abort.signal, AbortSignal.timeout(15_000)]),
          });
          await res.arrayBuffer().catch(() => undefined);
          if (res.ok) return true;
          const retry = res.status === 429 || res.status >= 500;
          opts.log.warn({ url: cb.url, status: res.status, attempt }, 'simulador: o produto recusou o callback');
          if (!retry) return false;
        } catch (err) {
          if (closed) return false;
          opts.log.warn({ url: cb.url, attempt, err: (err as Error).message }, 'simulador: callback não entregue');
        }
        if (attempt < opts.attempts) await sleep(opts.retryMs * 2 ** (attempt - 1));
      }
      return false;
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      abort.abort();
    },
  };
}
