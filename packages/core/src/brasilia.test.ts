import { describe, expect, it } from 'vitest';
import { brasiliaDate, brasiliaDateTime, brasiliaTime } from './brasilia.ts';

describe('Brasília time', () => {
  it('formats dd/MM/yyyy HH:mm, three hours behind UTC, across midnight', () => {
    expect(brasiliaDateTime('2026-11-22T02:05:09Z')).toBe('21/11/2026 23:05');
    expect(brasiliaDateTime('2026-11-22T02:05:09Z', { seconds: true })).toBe('21/11/2026 23:05:09');
    expect(brasiliaDate('2026-11-22T02:05:09Z')).toBe('21/11/2026');
    expect(brasiliaTime('2026-11-22T15:00:00Z')).toBe('12:00:00');
  });
});
