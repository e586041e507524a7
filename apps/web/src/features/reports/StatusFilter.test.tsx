import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StatusFilter } from './StatusFilter.tsx';

// The proofs' filter offers every channel a message goes by: the five, not the first three.

describe('StatusFilter', () => {
  it('lists E-mail, SMS, WhatsApp, Voz and Carta, each with its statuses', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <StatusFilter value={{ channels: [], status: [] }} onChange={onChange} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Todos os canais/ }));
    for (const channel of ['E-mail', 'SMS', 'WhatsApp', 'Voz', 'Carta'])
      expect(await screen.findByRole('checkbox', { name: channel, hidden: true })).toBeTruthy();
    // 4 e-mail, 5 SMS, 5 WhatsApp, 6 voice and 4 letter statuses, besides the five channels.
    expect(screen.getAllByRole('checkbox', { hidden: true })).toHaveLength(5 + 4 + 5 + 5 + 6 + 4);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Carta', hidden: true }));
    expect(onChange).toHaveBeenCalledWith({ channels: ['carta'], status: [] });
  });
});
