import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../../../test/fake-provider.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { loadConfig } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { keepZenviaSubscribed } from './zenvia-subscriptions.ts';

let zenvia: FakeProvider;
let down = 0;
const stored: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  zenvia = await startFakeProvider((req) => {
    if (down > 0) {
      down--;
      return { status: 503, body: { message: 'Service Unavailable' } };
    }
    if (req.method === 'GET') return { body: stored };
    stored.push({ id: `sub-${stored.length + 1}`, ...(req.json as object) });
    return { body: stored.at(-1) };
  });
});
afterAll(() => zenvia.close());

function contextFor(env: Record<string, string>) {
  const warned: string[] = [];
  const config = loadConfig({
    PUBLIC_URL: 'https://ar.example',
    DATA_DIR: '/tmp/ar-zenvia-subscriptions',
    ZENVIA_API_URL: zenvia.url,
    ZENVIA_API_TOKEN: 'token',
    ZENVIA_WEBHOOK_SECRET: 'segredo-com-16-caracteres',
    ZENVIA_FROM_SMS: 'ar-online',
    ...env,
  });
  const log = { info: () => {}, warn: (_o: unknown, msg: string) => warned.push(msg) };
  return { ctx: { config, log } as unknown as AppContext, warned };
}

describe('keepZenviaSubscribed', () => {
  it('a Zenvia that fails is logged and tried again later, without stopping anything, until the subscriptions exist', async () => {
    down = 2;
    zenvia.received.length = 0;
    const { ctx, warned } = contextFor({ SMS_PROVIDER: 'zenvia' });
    const stop = keepZenviaSubscribed(ctx, { retryMs: 30, maxRetryMs: 60, recheckMs: 60_000 });
    try {
      await waitFor(
        () => stored.length,
        (n) => n === 2,
      );
      expect(warned.length).toBe(2);
      expect(warned[0]).toContain('nova tentativa');
      expect(stored.map((s) => s.eventType)).toEqual(['MESSAGE_STATUS', 'MESSAGE']);
    } finally {
      stop();
    }
    // Stopped: no more calls.
    const calls = zenvia.received.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(zenvia.received.length).toBe(calls);
  });

  it('does nothing when no channel goes through Zenvia', async () => {
    zenvia.received.length = 0;
    const { ctx } = contextFor({ SMS_PROVIDER: 'simulator', WHATSAPP_PROVIDER: 'simulator' });
    const stop = keepZenviaSubscribed(ctx, { retryMs: 10, maxRetryMs: 10, recheckMs: 10 });
    await new Promise((r) => setTimeout(r, 100));
    stop();
    expect(zenvia.received).toEqual([]);
  });
});
