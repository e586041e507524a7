import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeProviderDispatchers,
  DEFAULT_RETRY_AFTER_MS,
  PROVIDER_CONNECTIONS,
  ProviderGate,
  ProviderThrottledError,
  providerDispatcher,
  retryAfterMs,
} from './provider-pool.ts';

describe('a provider’s pooled connections', () => {
  let server: http.Server;
  let url = '';
  let connections = 0;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      // A little latency, so that concurrent requests need several connections.
      setTimeout(() => res.end('{}'), 20);
    });
    server.on('connection', () => {
      connections++;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await closeProviderDispatchers();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = () =>
    fetch(`${url}/messages`, { method: 'POST', body: '{}', dispatcher: providerDispatcher('pool-test') } as RequestInit).then((r) =>
      r.text(),
    );

  it('opens at most PROVIDER_CONNECTIONS connections, and keeps them for the next sends', async () => {
    await Promise.all(Array.from({ length: 5 * PROVIDER_CONNECTIONS }, post));
    const opened = connections;
    expect(opened).toBeGreaterThan(0);
    expect(opened).toBeLessThanOrEqual(PROVIDER_CONNECTIONS);
    await Promise.all(Array.from({ length: 5 * PROVIDER_CONNECTIONS }, post));
    expect(connections).toBe(opened);
  });
});

describe('a provider’s gate', () => {
  it('runs at most `concurrency` sends at once', async () => {
    const gate = new ProviderGate(3);
    let inFlight = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        gate.run(async () => {
          inFlight++;
          most = Math.max(most, inFlight);
          await new Promise((r) => setTimeout(r, 5));
          inFlight--;
        }),
      ),
    );
    expect(most).toBe(3);
  });

  it('a 429 holds every send for its Retry-After, then tries the same one again', async () => {
    const gate = new ProviderGate(4);
    const calls: number[] = [];
    const started = performance.now();
    let throttled = false;
    const send = (n: number) =>
      gate.run(async () => {
        calls.push(n);
        if (n === 0 && !throttled) {
          throttled = true;
          throw new ProviderThrottledError('429', 300);
        }
        return performance.now() - started;
      });
    const first = await send(0);
    const later = await send(1);
    expect(calls).toEqual([0, 0, 1]);
    expect(first).toBeGreaterThanOrEqual(300);
    expect(later).toBeGreaterThanOrEqual(300);
  });

  it('a Retry-After too long for the worker is left to the queue', async () => {
    const gate = new ProviderGate(1);
    let calls = 0;
    await expect(
      gate.run(async () => {
        calls++;
        throw new ProviderThrottledError('429', 3_600_000);
      }),
    ).rejects.toBeInstanceOf(ProviderThrottledError);
    expect(calls).toBe(1);
  });

  it('reads Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-12-07T12:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('Mon, 07 Dec 2026 12:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs(null, now)).toBe(DEFAULT_RETRY_AFTER_MS);
    expect(retryAfterMs('logo', now)).toBe(DEFAULT_RETRY_AFTER_MS);
  });
});
