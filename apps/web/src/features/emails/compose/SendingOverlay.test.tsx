import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLANE_MS, PlaneFlight, SentDialog } from './SendingOverlay.tsx';

// After a send the plane flies and then the success message shows, even when the animation never
// ends (paused, a hidden tab) and the form keeps re-rendering under it (issue 43: the ofício form
// cleared with the plane left over it and no message).

afterEach(() => vi.useRealTimers());

describe('PlaneFlight', () => {
  it('ends once, on time, however often the form re-renders it', () => {
    vi.useFakeTimers();
    const onEnd = vi.fn();
    const { rerender } = render(<PlaneFlight onEnd={onEnd} />);
    // A new callback on every render, as the form passes it, every 300 ms (a draft being saved).
    for (let t = 0; t < PLANE_MS - 100; t += 300) {
      act(() => vi.advanceTimersByTime(300));
      rerender(<PlaneFlight onEnd={() => onEnd()} />);
    }
    expect(onEnd).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onEnd).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5_000));
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});

describe('SentDialog', () => {
  it("names what was sent: 'Ofício enviado' for a notice", () => {
    render(
      <MantineProvider>
        <SentDialog message="Em processamento..." title="Ofício enviado" onOk={() => {}} onGoToSent={() => {}} />
      </MantineProvider>,
    );
    expect(screen.getByText('Ofício enviado')).toBeTruthy();
    expect(screen.getByTestId('sent-message').textContent).toBe('Em processamento...');
  });
});
