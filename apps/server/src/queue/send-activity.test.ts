import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asSendActivity, waitForSendPause } from './send-activity.ts';

// The pause's rules on a fake clock (Date.now and the timers): what is checked is which moment the
// wait ends at, not how long a loaded machine took to get there.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts waitForSendPause and tells whether it has ended. */
function pause(quietMs: number, maxWaitMs: number) {
  const state = { ended: false, done: Promise.resolve() };
  state.done = waitForSendPause(quietMs, maxWaitMs).then(() => {
    state.ended = true;
  });
  return state;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waitForSendPause', () => {
  it('waits while send work is in flight, however long it takes, and then for the quiet time', async () => {
    const work = asSendActivity(() => sleep(300));
    const wait = pause(50, 5_000);
    // A batch waiting on its SMTP replies for longer than the quiet time is still activity.
    await vi.advanceTimersByTimeAsync(299);
    expect(wait.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await work;
    // Ended at 300 ms: the quiet time counts from there.
    await vi.advanceTimersByTimeAsync(40);
    expect(wait.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(40);
    expect(wait.ended).toBe(true);
    await wait.done;
  });

  it('counts work that fails as ended', async () => {
    await expect(asSendActivity(() => Promise.reject(new Error('recusada')))).rejects.toThrow('recusada');
    const wait = pause(50, 5_000);
    await vi.advanceTimersByTimeAsync(30);
    expect(wait.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(wait.ended).toBe(true);
  });

  it('gives up after maxWaitMs under a steady stream of sends', async () => {
    const work = asSendActivity(() => sleep(1_000));
    const wait = pause(50, 200);
    await vi.advanceTimersByTimeAsync(180);
    expect(wait.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    // Still sending, and yet the wait is over.
    expect(wait.ended).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    await work;
  });
});
