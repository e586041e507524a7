import { describe, expect, it } from 'vitest';
import { formatCredits, formatDate, formatDateTime, formatMoney, formatMonth } from './format.ts';

describe('Brazilian formatting of the plan screens', () => {
  it('formats credits and money as in Brazil', () => {
    expect(formatCredits(1000)).toBe('1.000');
    expect(formatCredits(1234567)).toBe('1.234.567');
    expect(formatMoney('900.00').replace(/\s/g, ' ')).toBe('R$ 900,00');
    expect(formatMoney(undefined)).toBe('');
  });
  it('shows instants in Brasília time, and zone-less store dates as Brasília local time', () => {
    expect(formatDate('2026-01-01T01:00:00.000Z')).toBe('31/12/2025');
    expect(formatDateTime('2026-11-20T13:00:00Z')).toBe('20/11/2026 10:00');
    expect(formatDateTime('2026-11-20T09:15:00')).toBe('20/11/2026 09:15');
    expect(formatMonth('2026-11-05T03:00:00.000Z')).toBe('11/2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('não é data')).toBe('');
  });
});
