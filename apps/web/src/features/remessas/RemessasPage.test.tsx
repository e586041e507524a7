import type { Remessa } from '@ar/core';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client.ts';
import { dispatchEmailStatus, dispatchRemessaStatus, setRealtimeConnected } from '../notifications/realtime-store.ts';
import RemessasPage from './RemessasPage.tsx';

vi.mock('../../api/client.ts', async (original) => ({ ...(await original<typeof import('../../api/client.ts')>()), api: vi.fn() }));
// The typed calls (the counts) answer through the same mock, by their path without /v2.
vi.mock('../../api/typed-client.ts', () => ({
  apiClient: { GET: async (path: string) => (await import('../../api/client.ts')).api(path.replace(/^\/v2/, '')) },
}));
const call = vi.mocked(api);

// The Remessas page follows a file's progress through the socket (docs/remessas.md): no timer
// while the socket is up, a reload on each push (a burst once), polling only while it is away.

const row = (over: Partial<Remessa> = {}): Remessa => ({
  rem_codigo: 41,
  rem_nome: 'clientes.csv',
  rem_data_criacao: '2026-11-27T12:00:00.000Z',
  rem_data_processamento: '2026-11-27T12:00:01.000Z',
  rem_status_processamento: 'EM_PROCESSAMENTO',
  rem_quantidade_registros: 3,
  motivo_falha: null,
  tipo_falha: null,
  rem_origem: null,
  progresso: { enfileiradas: 1, aguardando: 2, na_fila: 1, enviadas: 0, falhas: 0 },
  ...over,
});

let current: Remessa = row();
const listCalls = () => call.mock.calls.filter(([path]) => path === '/remessas').length;
const statsCalls = () => call.mock.calls.filter(([path]) => path === '/remessas/stats').length;
const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

function renderPage() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ModalsProvider>
          <RemessasPage />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  current = row();
  call.mockReset();
  call.mockImplementation(async (path: string) => {
    if (path === '/remessas/stats') return { total_sucessos: 1, total_falhas: 0 } as never;
    return { data: [current], pagination: { offset: 0, limit: 25, rowCount: 1, pageCount: 1 } } as never;
  });
});
afterEach(() => act(() => setRealtimeConnected(false)));

describe('RemessasPage progress', { timeout: 30_000 }, () => {
  it('does not poll while the socket is up: a remessaStatus push reloads the list and counts, an emailStatus push the moving file', async () => {
    act(() => setRealtimeConnected(true));
    renderPage();
    expect(await screen.findByText('1 na fila')).toBeTruthy();
    const lists = listCalls();
    const stats = statsCalls();
    // A file still moving, and no request on a timer (polling was every 2 s).
    await wait(2600);
    expect([listCalls(), statsCalls()]).toEqual([lists, stats]);

    // Its lines queued: the file's own push; a burst reloads once.
    current = row({ progresso: { enfileiradas: 3, aguardando: 0, na_fila: 3, enviadas: 0, falhas: 0 } });
    act(() => {
      dispatchRemessaStatus({
        remessas: [
          {
            rem_codigo: 41,
            rem_status_processamento: 'EM_PROCESSAMENTO',
            rem_quantidade_registros: 3,
            rem_enfileiradas: 2,
            rem_falhas: 0,
            rem_origem: null,
          },
        ],
      });
      dispatchRemessaStatus({
        remessas: [
          {
            rem_codigo: 41,
            rem_status_processamento: 'EM_PROCESSAMENTO',
            rem_quantidade_registros: 3,
            rem_enfileiradas: 3,
            rem_falhas: 0,
            rem_origem: null,
          },
        ],
      });
    });
    expect(await screen.findByText('3 na fila')).toBeTruthy();
    expect([listCalls(), statsCalls()]).toEqual([lists + 1, stats + 1]);

    // Done, its messages on their way: their sends come as emailStatus and reload the progress.
    current = row({
      rem_status_processamento: 'PROCESSADO_COM_SUCESSO',
      progresso: { enfileiradas: 3, aguardando: 0, na_fila: 3, enviadas: 0, falhas: 0 },
    });
    act(() =>
      dispatchRemessaStatus({
        remessas: [
          {
            rem_codigo: 41,
            rem_status_processamento: 'PROCESSADO_COM_SUCESSO',
            rem_quantidade_registros: 3,
            rem_enfileiradas: 3,
            rem_falhas: 0,
            rem_origem: null,
          },
        ],
      }),
    );
    expect(await screen.findByText('Concluído')).toBeTruthy();
    current = row({
      rem_status_processamento: 'PROCESSADO_COM_SUCESSO',
      progresso: { enfileiradas: 3, aguardando: 0, na_fila: 0, enviadas: 3, falhas: 0 },
    });
    act(() => dispatchEmailStatus({ emails: [{ id: 7, uuid: 'u', canal: 'email', status: 'send' }] }));
    expect(await screen.findByText('3 enviadas')).toBeTruthy();
    const settledLists = listCalls();
    // Nothing moves any more: a read of some message reloads nothing, and no timer either.
    act(() => dispatchEmailStatus({ emails: [{ id: 7, uuid: 'u', canal: 'email', status: 'read' }] }));
    await wait(2600);
    expect(listCalls()).toBe(settledLists);
  });

  it('polls while the socket is away, stops when it is up, and reloads when it comes back', async () => {
    renderPage();
    expect(await screen.findByText('1 na fila')).toBeTruthy();
    const lists = listCalls();
    const stats = statsCalls();
    await waitFor(() => expect(listCalls()).toBeGreaterThan(lists), { timeout: 3000 });
    await waitFor(() => expect(statsCalls()).toBeGreaterThan(stats), { timeout: 3000 });

    act(() => setRealtimeConnected(true));
    await wait(300);
    const live = listCalls();
    await wait(2600);
    expect(listCalls()).toBe(live);
    // Back after a loss (the socket dispatches null once signed in again): everything reloads.
    act(() => dispatchRemessaStatus(null));
    await waitFor(() => expect(listCalls()).toBe(live + 1));
  });
});

describe('RemessasPage: one file, its refused lines inside it', { timeout: 30_000 }, () => {
  it('shows a file with a refused line once, its badges adding up to its lines, and the lines in its details', async () => {
    current = row({
      rem_status_processamento: 'PROCESSADO_COM_FALHAS',
      tipo_falha: 'INVALID_FORMAT',
      motivo_falha: '1 linha(s) recusada(s) (Formato inválido).\nLinha 3, coluna EMAIL_DESTINATARIO: e-mail inválido.',
      progresso: { enfileiradas: 2, aguardando: 0, na_fila: 0, enviadas: 2, falhas: 1 },
    });
    act(() => setRealtimeConnected(true));
    renderPage();
    expect(await screen.findByText('Concluído com falhas')).toBeTruthy();
    const badges = screen.getByTestId('progresso-41').textContent;
    expect(badges).toBe('0 na fila2 enviadas1 falha');
    expect(screen.queryByText(/aguardando/)).toBeNull();
    act(() => screen.getByRole('button', { name: 'Linhas recusadas de 41' }).click());
    expect((await screen.findByTestId('failure-reason')).textContent).toContain('Linha 3, coluna EMAIL_DESTINATARIO');
    expect(screen.getByRole('button', { name: 'Baixar a prévia do retorno de clientes.csv' })).toBeTruthy();
  });

  it('explains the progress badges in the legend of the processed tab', async () => {
    renderPage();
    act(() => screen.getByRole('button', { name: 'Legenda de status' }).click());
    const legend = await screen.findByTestId('progress-legend');
    for (const text of ['aguardando', 'na fila', 'enviadas', 'falhas', 'a soma deles é o Nº Registros'])
      expect(legend.textContent).toContain(text);
    expect(screen.getByTestId('status-legend').textContent).toContain('PROCESSADO_COM_FALHAS');
  });
});
