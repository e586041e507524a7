import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDaysBetween, businessDeadline, isBusinessDay, nonBusinessReason } from './business-days.ts';

/** An instant given as Brasília wall-clock time (UTC−3 since 2019). */
const brt = (local: string) => new Date(`${local}-03:00`);

describe('business days in Brazil', () => {
  it('skips Carnaval Monday and Tuesday but counts Ash Wednesday (2026: Easter on 5 April)', () => {
    expect(nonBusinessReason('2026-02-16')).toBe('Carnaval');
    expect(nonBusinessReason('2026-02-17')).toBe('Carnaval');
    expect(isBusinessDay('2026-02-18')).toBe(true);
    // Friday 13 → (weekend, Carnaval) → Wednesday 18, same time of day.
    expect(addBusinessDays(brt('2026-02-13T10:00:00'), 1)).toEqual(brt('2026-02-18T10:00:00'));
  });

  it('skips Sexta-feira Santa', () => {
    expect(nonBusinessReason('2026-04-03')).toBe('Sexta-Feira Santa');
    expect(addBusinessDays(brt('2026-04-02T15:30:00'), 1)).toEqual(brt('2026-04-06T15:30:00'));
    expect(nonBusinessReason('2027-03-26')).toBe('Sexta-Feira Santa');
  });

  it('skips Corpus Christi (2026-06-04, a Thursday)', () => {
    expect(nonBusinessReason('2026-06-04')).toBe('Corpus Christi');
    // Wednesday 3 → Friday 5 (1), Monday 8 (2).
    expect(addBusinessDays(brt('2026-06-03T09:00:00'), 2)).toEqual(brt('2026-06-08T09:00:00'));
  });

  it('counts 20 de novembro as a national holiday from 2024 on (Lei 14.759/2023)', () => {
    expect(isBusinessDay('2023-11-20')).toBe(true);
    expect(nonBusinessReason('2024-11-20')).toBe('Dia da Consciência Negra');
    expect(nonBusinessReason('2026-11-20')).toBe('Dia da Consciência Negra');
  });

  it('names the national holidays of Lei 662/1949 and Lei 6.802/1980, and the weekend', () => {
    for (const day of ['2026-01-01', '2026-04-21', '2026-05-01', '2026-09-07', '2026-10-12', '2026-11-02', '2026-12-25'])
      expect(nonBusinessReason(day), day).not.toBeNull();
    expect(nonBusinessReason('2026-11-15')).toBe('domingo');
    expect(nonBusinessReason('2026-02-14')).toBe('sábado');
    // Not counted: 'optional' days (24 December from 14h) and plain days.
    expect(isBusinessDay('2026-12-24')).toBe(true);
    expect(isBusinessDay('2026-02-19')).toBe(true);
  });

  it('takes the day an instant falls on in Brasília, not in UTC', () => {
    // 02:30 UTC on Saturday 14 is still Friday 13 in Brasília.
    const lateFriday = new Date('2026-02-14T02:30:00Z');
    expect(isBusinessDay(lateFriday)).toBe(true);
    expect(addBusinessDays(lateFriday, 1)).toEqual(new Date('2026-02-19T02:30:00Z'));
    expect(businessDaysBetween(lateFriday, new Date('2026-02-18T12:00:00Z'))).toBe(1);
  });

  it('crosses the year: 31/12/2026 + 1 is Monday 4/1/2027', () => {
    expect(addBusinessDays(brt('2026-12-31T18:00:00'), 1)).toEqual(brt('2027-01-04T18:00:00'));
  });

  it('gives the deadline of CPC art. 246 §1º-A: three business days after Carnaval Friday end on Friday 20 at 23:59:59.999', () => {
    const received = brt('2026-02-13T16:45:00');
    expect(businessDeadline(received, 3)).toEqual(new Date(brt('2026-02-21T00:00:00').getTime() - 1));
    expect(businessDaysBetween(received, brt('2026-02-20T23:59:59'))).toBe(3);
    expect(businessDaysBetween(received, brt('2026-02-18T08:00:00'))).toBe(1);
  });

  it('counts back what it added, and backwards', () => {
    const starts = ['2026-02-13T10:00:00', '2026-04-02T08:00:00', '2026-06-03T12:00:00', '2026-11-19T17:00:00', '2026-12-30T09:00:00'];
    for (const s of starts)
      for (const n of [0, 1, 2, 3, 5, 10, 30]) {
        const end = addBusinessDays(brt(s), n);
        expect(businessDaysBetween(brt(s), end), `${s} + ${n}`).toBe(n);
        expect(businessDaysBetween(end, brt(s))).toBe(0 - n);
      }
    expect(addBusinessDays(brt('2026-02-18T10:00:00'), -1)).toEqual(brt('2026-02-13T10:00:00'));
    expect(() => addBusinessDays(brt('2026-02-18T10:00:00'), 1.5)).toThrow(RangeError);
  });
});
