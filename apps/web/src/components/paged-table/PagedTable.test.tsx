import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PagedTable } from './PagedTable.tsx';
import { initialTableState, type TableState } from './table-state.ts';

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}` }));

function setup(over: Partial<TableState> = {}, rowCount = 235, list: Row[] = rows) {
  const onStateChange = vi.fn();
  const state = { ...initialTableState({ limit: 10, column: 'id', order: 'ASC' }), ...over };
  render(
    <MantineProvider>
      <PagedTable<Row>
        columns={[
          { key: 'id', title: 'ID', sortable: true },
          { key: 'name', title: 'Nome' },
        ]}
        rows={list}
        pagination={{ offset: state.offset, limit: state.limit, rowCount, pageCount: Math.max(1, Math.ceil(rowCount / state.limit)) }}
        state={state}
        onStateChange={onStateChange}
        rowKey={(r) => r.id}
        searchPlaceholder="Pesquisar por ID ou Nome"
        tagOptions={['Um', 'Dois', 'Três', 'Quatro', 'Cinco', 'Seis'].map((l, i) => ({ value: String(i + 1), label: l }))}
      />
    </MantineProvider>,
  );
  return onStateChange;
}

describe('PagedTable', () => {
  it('shows the footer text and six page slots with an ellipsis', () => {
    setup({ offset: 100 });
    expect(screen.getByTestId('table-footer').textContent).toBe('Mostrando de 101 até 110 de 235 registros');
    const nav = screen.getByRole('navigation', { name: 'Paginação' });
    const numbers = within(nav)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) => /^\d+$/.test(t ?? ''));
    expect(numbers).toEqual(['9', '10', '11', '12', '13', '14']);
    expect(nav.querySelectorAll('[data-ellipsis]').length).toBe(2);
  });

  it('goes to the last page and back to the first', () => {
    const onStateChange = setup({ offset: 100 });
    fireEvent.click(screen.getByLabelText('Última página'));
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 230 }));
    fireEvent.click(screen.getByLabelText('Primeira página'));
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 0 }));
  });

  it("shows 'Nenhum registro encontrado' when empty", () => {
    setup({}, 0, []);
    expect(screen.getByText('Nenhum registro encontrado')).toBeTruthy();
    expect(screen.getByTestId('table-footer').textContent).toBe('Mostrando de 0 até 0 de 0 registros');
  });

  it('searches on Enter', () => {
    const onStateChange = setup({ offset: 20 });
    const input = screen.getByPlaceholderText('Pesquisar por ID ou Nome');
    fireEvent.change(input, { target: { value: ' abc ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ searchTerm: 'abc', offset: 0 }));
  });

  it('sorts by a sortable column, toggling the order', () => {
    const onStateChange = setup();
    fireEvent.click(screen.getByRole('button', { name: /ID/ }));
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ column: 'id', order: 'DESC' }));
  });

  it("summarises more than four selected tags with 'e mais N'", async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: /Etiquetas/ }));
    for (const label of ['Um', 'Dois', 'Três', 'Quatro', 'Cinco', 'Seis']) fireEvent.click(await screen.findByLabelText(label));
    expect(screen.getByTestId('filter-summary-Etiquetas').textContent).toBe('Etiquetas: Um, Dois, Três, Quatro e mais 2');
  });
});
