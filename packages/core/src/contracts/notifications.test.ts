import { describe, expect, it } from 'vitest';
import { isNewerTotals, type TotalAlertas } from './notifications.ts';

const at = (versao: string, email = 0): TotalAlertas => ({ comprovante: 0, email, sms: 0, whatsapp: 0, versao });

describe('isNewerTotals: which totals a tab keeps', () => {
  it('orders by xmax, then by fewer transactions running', () => {
    expect(isNewerTotals(at('120:0'), at('119:3'))).toBe(true);
    expect(isNewerTotals(at('119:3'), at('120:0'))).toBe(false);
    // The same xmax: a transaction below it ended between the readings.
    expect(isNewerTotals(at('120:0'), at('120:1'))).toBe(true);
    expect(isNewerTotals(at('120:1'), at('120:0'))).toBe(false);
    // The same snapshot counts the same: taking it again changes nothing.
    expect(isNewerTotals(at('120:1'), at('120:1'))).toBe(true);
  });

  it('compares xmax as a 64-bit number, not as text or a double', () => {
    expect(isNewerTotals(at('10:0'), at('9:0'))).toBe(true);
    expect(isNewerTotals(at('9007199254740993:0'), at('9007199254740992:0'))).toBe(true);
    expect(isNewerTotals(at('9007199254740992:0'), at('9007199254740993:0'))).toBe(false);
  });

  it('takes any versioned totals over none, and none only over none', () => {
    expect(isNewerTotals(at('5:0'), at(''))).toBe(true);
    expect(isNewerTotals(at(''), at('5:0'))).toBe(false);
    expect(isNewerTotals(at(''), at(''))).toBe(true);
    expect(isNewerTotals(at('x'), at('5:0'))).toBe(false);
  });
});
