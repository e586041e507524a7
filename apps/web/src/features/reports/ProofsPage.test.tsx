import type { BulkProof } from '@ar/core';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client.ts';
import { NO_ALERTS, REFRESH_DELAY_MS, setTotalAlertas } from '../notifications/realtime-store.ts';
import ProofsPage from './ProofsPage.tsx';
import { downloadProof } from './proofs.api.ts';

vi.mock('../../api/client.ts', async (original) => ({ ...(await original<typeof import('../../api/client.ts')>()), api: vi.fn() }));
vi.mock('./proofs.api.ts', async (original) => ({ ...(await original<typeof import('./proofs.api.ts')>()), downloadProof: vi.fn() }));
const call = vi.mocked(api);
const download = vi.mocked(downloadProof);

// The table of generated proofs follows the proofs' unread count (each row's badge is its
// notification): a change reloads it, the first totals of a connection do not, and a download
// with the count it lowers is one reload.

const proof: BulkProof = {
  comp_codigo: 7,
  comp_cod_referencia: '0b8f6c1e-2a4d-4c6e-9f10-1a2b3c4d5e6f',
  comp_payload: {
    payload: {
      startDate: '2026-12-01',
      finalDate: '2026-12-06',
      nameProof: 'Comprovantes de dezembro',
      filter: { channels: [], status: [] },
    },
  },
  comp_data_criacao: '2026-12-06T12:00:00.000Z',
  comp_data_expiracao: '2026-12-13T12:00:00.000Z',
  status: 'pronto',
  progresso: { feitos: 3, total: 3 },
  formato: 'pdf',
  tamanho: 1000,
  sha256: 'a'.repeat(64),
  alerta: true,
};

const listCalls = () => call.mock.calls.filter(([path]) => path === '/reports/proofs').length;
const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));
const totals = (comprovante: number, versao: string) => act(() => setTotalAlertas({ ...NO_ALERTS, comprovante, versao }));

function renderPage() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ModalsProvider>
          <ProofsPage />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  call.mockReset();
  call.mockResolvedValue({ comprovantes: [proof], pagination: { offset: 0, limit: 10, rowCount: 1, pageCount: 1 } } as never);
  download.mockReset();
  download.mockResolvedValue(undefined);
});
afterEach(() => act(() => setTotalAlertas(NO_ALERTS, { reset: true })));

describe('ProofsPage and the unread count', () => {
  it('reloads on a change of the count, not on the first totals of a connection', async () => {
    renderPage();
    expect(await screen.findByText('Comprovantes de dezembro')).toBeTruthy();
    expect(listCalls()).toBe(1);

    // The socket's first totals: read when the list was; nothing to reload.
    totals(1, '100:0');
    await wait(REFRESH_DELAY_MS + 200);
    expect(listCalls()).toBe(1);

    // Cleared from the bell (or another tab): the row's badge must go.
    totals(0, '101:0');
    await wait(REFRESH_DELAY_MS + 200);
    expect(listCalls()).toBe(2);

    // The same count again (another sector moved): no reload.
    act(() => setTotalAlertas({ ...NO_ALERTS, comprovante: 0, email: 2, versao: '102:0' }));
    await wait(REFRESH_DELAY_MS + 200);
    expect(listCalls()).toBe(2);
  });

  it('a download and the count it lowers reload the table once', async () => {
    renderPage();
    expect(await screen.findByText('Comprovantes de dezembro')).toBeTruthy();
    totals(1, '100:0');
    fireEvent.click(screen.getByRole('button', { name: 'Baixar Comprovantes de dezembro' }));
    await wait(20);
    expect(download).toHaveBeenCalledTimes(1);
    totals(0, '101:0');
    await wait(REFRESH_DELAY_MS + 200);
    expect(listCalls()).toBe(2);
  });
});
