import { describe, expect, it } from 'vitest';
import { asSendActivity, waitForSendPause } from './send-activity.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('waitForSendPause', () => {
  it('waits while send work is in flight, however long it takes, and then for the quiet time', async () => {
    const started = performance.now();
    const work = asSendActivity(() => sleep(300));
    await waitForSendPause(50, 5_000);
    const waited = performance.now() - started;
    await work;
    // A batch waiting on its SMTP replies for longer than the quiet time is still activity.
    expect(waited).toBeGreaterThanOrEqual(340);
  });

  it('counts work that fails as ended', async () => {
    await expect(asSendActivity(() => Promise.reject(new Error('recusada')))).rejects.toThrow('recusada');
    const started = performance.now();
    await waitForSendPause(50, 5_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('gives up after maxWaitMs under a steady stream of sends', async () => {
    const work = asSendActivity(() => sleep(1_000));
    const started = performance.now();
    await waitForSendPause(50, 200);
    const waited = performance.now() - started;
    await work;
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(900);
  });
});
