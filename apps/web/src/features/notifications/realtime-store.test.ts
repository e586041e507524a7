import type { TotalAlertas } from '@ar/core';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_ALERTS, setTotalAlertas, useTotalAlertas } from './realtime-store.ts';

const at = (versao: string, email: number): TotalAlertas => ({ ...NO_ALERTS, email, versao });

describe('the unread totals a tab shows', () => {
  it('keeps the newest reading, not the last to arrive, until a reset', () => {
    const { result } = renderHook(() => useTotalAlertas());
    act(() => setTotalAlertas(at('100:1', 3)));
    // A clear's answer, read after the push below was: 0.
    act(() => setTotalAlertas(at('101:0', 0)));
    // The push read before the clear arrives late: dropped.
    act(() => setTotalAlertas(at('100:1', 3)));
    expect(result.current.email).toBe(0);
    act(() => setTotalAlertas(at('101:0', 2)));
    expect(result.current.email).toBe(2);
    // A new connection's first totals, or signing out, are taken whatever their version.
    act(() => setTotalAlertas(at('7:0', 1), { reset: true }));
    expect(result.current.email).toBe(1);
    act(() => setTotalAlertas(NO_ALERTS, { reset: true }));
    expect(result.current).toEqual(NO_ALERTS);
  });
});
