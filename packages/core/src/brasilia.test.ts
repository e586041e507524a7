import { describe, expect, it } from 'vitest';
import {
  brasiliaDate,
  brasiliaDateTime,
  brasiliaDayEnd,
  brasiliaDayStart,
  brasiliaStamp,
  brasiliaTime,
  brasiliaWallClock,
} from './brasilia.ts';

describe('Brasília time', () => {
  it('formats dd/MM/yyyy HH:mm, three hours behind UTC, across midnight', () => {
    expect(brasiliaDateTime('2026-11-22T02:05:09Z')).toBe('21/11/2026 23:05');
    expect(brasiliaDateTime('2026-11-22T02:05:09Z', { seconds: true })).toBe('21/11/2026 23:05:09');
    expect(brasiliaDate('2026-11-22T02:05:09Z')).toBe('21/11/2026');
    expect(brasiliaTime('2026-11-22T15:00:00Z')).toBe('12:00:00');
  });
});

describe('periods and report dates', () => {
  it('reads a day from 00:00:00 to 23:59:59.999 in Brasília', () => {
    expect(brasiliaDayStart('2026-10-01').toISOString()).toBe('2026-10-01T03:00:00.000Z');
    expect(brasiliaDayEnd('2026-10-31').toISOString()).toBe('2026-11-01T02:59:59.999Z');
    // Summer time (until 2019): the first of January 2018 began at 02:00 UTC.
    expect(brasiliaDayStart('2018-01-01').toISOString()).toBe('2018-01-01T02:00:00.000Z');
  });

  it('writes the same stamp as the Intl formatter, summer time included', () => {
    for (const iso of [
      '2026-11-22T02:05:09Z',
      '2026-01-01T00:00:00Z',
      '2018-01-15T12:34:56Z',
      '2019-02-17T01:59:59Z',
      '2019-02-17T02:00:00Z',
    ]) {
      expect(brasiliaStamp(new Date(iso))).toBe(brasiliaDateTime(iso, { seconds: true }));
    }
    expect(brasiliaWallClock(new Date('2026-10-15T13:00:05Z')).toISOString()).toBe('2026-10-15T10:00:05.000Z');
  });
});
