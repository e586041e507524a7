import { describe, expect, it } from 'vitest';
import { brasiliaIsoDay } from '../brasilia.ts';
import { DASHBOARD_MSG, dashboardBody, dashboardDays, dashboardScopesFor, defaultDashboardRange, isDashboardRange } from './dashboard.ts';

describe('the dashboard filter (spec 000 §5, §9)', () => {
  const today = '2026-11-25';
  it('takes two dates, from <= to, at most 30 days with both ends, none after today', () => {
    expect(isDashboardRange(['2026-10-27', '2026-11-25'], today)).toBe(true); // 30 days
    expect(isDashboardRange(['2026-11-25', '2026-11-25'], today)).toBe(true);
    expect(isDashboardRange(['2026-10-26', '2026-11-25'], today)).toBe(false); // 31 days
    expect(isDashboardRange(['2026-11-20', '2026-11-19'], today)).toBe(false);
    expect(isDashboardRange(['2026-11-20', '2026-11-26'], today)).toBe(false); // tomorrow
    expect(isDashboardRange(['2026-11-20', null], today)).toBe(false);
    expect(isDashboardRange(['2026-11-20'], today)).toBe(false);
    expect(isDashboardRange(['2026-02-30', '2026-03-01'], today)).toBe(false);
    expect(isDashboardRange(['20/11/2026', '21/11/2026'], today)).toBe(false);
  });

  it('defaults to the last 30 days and lists every day of a range', () => {
    expect(defaultDashboardRange(today)).toEqual(['2026-10-27', '2026-11-25']);
    expect(dashboardDays('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(dashboardDays(...defaultDashboardRange(today))).toHaveLength(30);
  });

  it('refuses a bad body with the spec text, and today is a Brasília day', () => {
    for (const dateRange of [undefined, [], ['2026-01-01', '2026-03-01'], 'x']) {
      const r = dashboardBody.safeParse({ dateRange, tag: null });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(DASHBOARD_MSG.invalidRange);
    }
    const day = brasiliaIsoDay();
    expect(dashboardBody.parse({ dateRange: [day, day] })).toEqual({ dateRange: [day, day], tag: null, escopo: 'proprio' });
    expect(brasiliaIsoDay('2026-11-26T02:59:00Z')).toBe('2026-11-25');
    expect(brasiliaIsoDay('2026-11-26T03:00:00Z')).toBe('2026-11-26');
  });

  it('offers each level its scopes', () => {
    expect(dashboardScopesFor(1)).toEqual(['proprio']);
    expect(dashboardScopesFor(2)).toEqual(['proprio', 'entidade']);
    expect(dashboardScopesFor(3)).toEqual(['proprio', 'entidade', 'empresa']);
  });
});
