import { describe, expect, it } from 'vitest';
import { positiveRandom } from './pki.ts';

describe('positiveRandom', () => {
  it('answers positive INTEGER bytes of the length asked, all different, across refills of the pool', () => {
    // 24 bytes a token (serial and nonce): 1,000 tokens draw the 4 KB pool several times over.
    const drawn = Array.from({ length: 2_000 }, (_, i) => positiveRandom(i % 2 ? 8 : 16));
    expect(drawn.map((b) => b.length)).toEqual(drawn.map((_, i) => (i % 2 ? 8 : 16)));
    for (const b of drawn) {
      expect(b[0]).toBeGreaterThanOrEqual(0x01);
      expect(b[0]).toBeLessThanOrEqual(0x7f);
    }
    expect(new Set(drawn.map((b) => b.toString('hex'))).size).toBe(drawn.length);
  });

  it('answers a length larger than the pool', () => {
    const big = positiveRandom(10_000);
    expect(big.length).toBe(10_000);
    expect(big[0]).toBeLessThanOrEqual(0x7f);
  });
});
