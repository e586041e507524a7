import { Agent, type Dispatcher } from 'undici';

/**
 * How the phone channels talk to their providers (docs/performance.md, issue 41): one pool of
 * keep-alive HTTP connections per provider, bounded, and the sends to a provider bounded in number
 * and held back while it says it is throttling us (HTTP 429 with Retry-After).
 *
 * - Connections: an undici Agent per provider with at most PROVIDER_CONNECTIONS sockets per origin,
 *   kept alive between sends; without it each provider shared Node's global pool, unbounded.
 * - Concurrency: at most PROVIDER_CONCURRENCY sends in flight per provider in this process (the
 *   send workers' batches of 25, two at a time, would otherwise put 50 requests on the wire).
 * - Throttling: a ProviderThrottledError (an adapter's reading of a 429) pauses every send to that
 *   provider until Retry-After has passed, then the same message is tried again, so it goes once;
 *   a wait longer than MAX_IN_PROCESS_WAIT_MS is left to the queue's retry instead.
 */
export const PROVIDER_CONNECTIONS = 10;
export const PROVIDER_CONCURRENCY = 10;
/** Retry-After longer than this is not waited for in the worker: the job fails and the queue retries it later. */
export const MAX_IN_PROCESS_WAIT_MS = 60_000;
/** A 429 without a Retry-After that parses waits this long. */
export const DEFAULT_RETRY_AFTER_MS = 1_000;
/** How many 429s in a row one send waits out before leaving the message to the queue. */
const MAX_THROTTLED_TRIES = 5;

/** A provider's "too many requests": the message was not taken, try again after `retryAfterMs`. */
export class ProviderThrottledError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/** Retry-After as HTTP gives it (seconds, or an HTTP date) → milliseconds from now; the default when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number {
  const value = header?.trim();
  if (!value) return DEFAULT_RETRY_AFTER_MS;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, at - now);
}

const agents = new Map<string, Agent>();

/** The keep-alive connection pool of a provider (by name: twilio, graph, zenvia…), made on first use. */
export function providerDispatcher(provider: string): Dispatcher {
  let agent = agents.get(provider);
  if (!agent) {
    agent = new Agent({ connections: PROVIDER_CONNECTIONS, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000 });
    agents.set(provider, agent);
  }
  return agent;
}

/** Closes every provider's pool (the process is stopping; tests). */
export async function closeProviderDispatchers(): Promise<void> {
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((a) => a.close()));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sends to one provider: a bounded number at once, all held while the provider throttles. */
export class ProviderGate {
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  /** performance.now() before which no send starts (the provider's last Retry-After). */
  private pausedUntil = 0;

  constructor(readonly concurrency = PROVIDER_CONCURRENCY) {}

  /** Runs `send` in a slot; a ProviderThrottledError pauses the gate for Retry-After and runs it again. */
  async run<T>(send: () => Promise<T>): Promise<T> {
    for (let tries = 1; ; tries++) {
      await this.acquire();
      try {
        await this.waitOutPause();
        return await send();
      } catch (error) {
        if (!(error instanceof ProviderThrottledError)) throw error;
        this.pausedUntil = Math.max(this.pausedUntil, performance.now() + error.retryAfterMs);
        if (error.retryAfterMs > MAX_IN_PROCESS_WAIT_MS || tries >= MAX_THROTTLED_TRIES) throw error;
      } finally {
        this.release();
      }
    }
  }

  private async waitOutPause(): Promise<void> {
    for (let wait = this.pausedUntil - performance.now(); wait > 0; wait = this.pausedUntil - performance.now()) await sleep(wait);
  }

  private acquire(): Promise<void> {
    if (this.inFlight < this.concurrency) {
      this.inFlight++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }
}

const gates = new Map<string, ProviderGate>();

/** The gate of a provider in this process (every worker of the channel shares it). */
export function providerGate(provider: string): ProviderGate {
  let gate = gates.get(provider);
  if (!gate) {
    gate = new ProviderGate();
    gates.set(provider, gate);
  }
  return gate;
}
