import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client.ts';
import { RegistryListPage, type RegistryListPageProps } from './RegistryListPage.tsx';
import { DELETE_QUESTION } from './registry-ui.tsx';

vi.mock('../api/client.ts', async (original) => ({ ...(await original<typeof import('../api/client.ts')>()), api: vi.fn() }));

interface Row {
  id: number;
  name: string;
}
const listCall = vi.mocked(api);

function setup(over: Partial<RegistryListPageProps<Row, Row>> = {}) {
  const get = vi.fn(async (id: number) => ({ id, name: `Loaded ${id}` }));
  const remove = vi.fn(async () => ({ message: 'ok' }));
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ModalsProvider>
          <RegistryListPage<Row>
            title="Coisas"
            list={{ queryKey: 'coisas', path: '/coisas', field: 'coisas', limit: 10, column: 'id', order: 'ASC', failed: 'Erro na lista' }}
            get={{ call: get, failed: 'Erro ao obter' }}
            remove={{ call: remove, name: (r) => r.name, done: 'Removida!', failed: 'Erro ao remover' }}
            rowId={(r) => r.id}
            searchPlaceholder="Pesquisar por ID ou Nome"
            createLabel="Nova Coisa"
            columns={[
              { key: 'id', title: 'ID', sortable: true },
              { key: 'name', title: 'Nome' },
            ]}
            modal={(record, { close, saved }) => (
              <div role="dialog" aria-label="Coisa">
                <span data-testid="editing">{record ? record.name : 'nova'}</span>
                <button type="button" onClick={close}>
                  Fechar
                </button>
                <button type="button" onClick={saved}>
                  Salvar
                </button>
              </div>
            )}
            {...over}
          />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { get, remove };
}

beforeEach(() => {
  listCall.mockReset();
  listCall.mockResolvedValue({ coisas: [{ id: 7, name: 'Sete' }], pagination: { offset: 0, limit: 10, rowCount: 1, pageCount: 1 } });
});

// Generous: the first Mantine render is slow on a busy machine.
describe('RegistryListPage', { timeout: 20_000 }, () => {
  it('lists the rows from its call with a Gerenciar column, and opens the modal empty from the create button', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Coisas' })).toBeTruthy();
    expect(await screen.findByText('Sete')).toBeTruthy();
    expect(listCall).toHaveBeenCalledWith('/coisas', {
      query: expect.objectContaining({ limit: 10, offset: 0, column: 'id', order: 'ASC' }),
    });
    expect(screen.getByRole('columnheader', { name: 'Gerenciar' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nova Coisa' }));
    expect(screen.getByTestId('editing').textContent).toBe('nova');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByTestId('editing')).toBeNull();
  });

  it('edits the record it loads, and a save closes the modal and reloads the list', async () => {
    const { get } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Sete' }));
    expect((await screen.findByTestId('editing')).textContent).toBe('Loaded 7');
    expect(get).toHaveBeenCalledWith(7);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.queryByTestId('editing')).toBeNull();
    await waitFor(() => expect(listCall).toHaveBeenCalledTimes(2));
  });

  it('deletes only after the confirmation, then reloads the list', async () => {
    const { remove } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir Sete' }));
    expect(await screen.findByText(DELETE_QUESTION)).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(7));
    await waitFor(() => expect(listCall).toHaveBeenCalledTimes(2));
  });

  it('puts the create button beside the title when asked, and leaves out Gerenciar without remove', async () => {
    setup({ createInHeader: true, remove: undefined });
    await screen.findByText('Sete');
    const header = screen.getByRole('heading', { name: 'Coisas' }).parentElement as HTMLElement;
    expect(header.textContent).toContain('Nova Coisa');
    expect(screen.queryByRole('columnheader', { name: 'Gerenciar' })).toBeNull();
  });
});
