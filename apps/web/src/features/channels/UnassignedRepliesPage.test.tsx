import type { UnassignedRepliesResponse } from '@ar/core';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client.ts';
import { useSession } from '../../session/session.ts';
import UnassignedRepliesPage from './UnassignedRepliesPage.tsx';

vi.mock('../../api/client.ts', async (original) => ({ ...(await original<typeof import('../../api/client.ts')>()), api: vi.fn() }));
vi.mock('../../session/session.ts', async (original) => ({
  ...(await original<typeof import('../../session/session.ts')>()),
  useSession: vi.fn(),
}));

const answer: UnassignedRepliesResponse = {
  respostas: [
    {
      codigo: 3,
      canal: 'sms',
      numero: '+5511987650042',
      tipo: 'answered',
      recebidaEm: '2026-12-07T13:00:00.000Z',
      avisoDestinatario: 'enviado',
      avisoEnviadoEm: '2026-12-07T13:00:02.000Z',
      mensagens: [
        {
          ema_uni_codigo: 41,
          ema_uni_id: '2f1c7d8e-0000-4000-8000-000000000041',
          ema_uni_subject: 'Cobrança A',
          enviadaEm: '2026-12-07T12:59:00.000Z',
          remetente: { usu_codigo: 4, usu_nome: 'Usuário Demo', usu_login: 'usuario@demo.local' },
        },
      ],
    },
  ],
  pagination: { offset: 0, limit: 25, rowCount: 1, pageCount: 1 },
};

function show(usu_nivel: number) {
  vi.mocked(useSession).mockReturnValue({ user: { usu_nivel } } as ReturnType<typeof useSession>);
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/canais/respostas-nao-identificadas']}>
          <Routes>
            <Route path="/canais/respostas-nao-identificadas" element={<UnassignedRepliesPage />} />
            <Route path="/dashboard" element={<p>Painel</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  vi.mocked(api).mockReset();
  vi.mocked(api).mockResolvedValue(answer);
});

describe('UnassignedRepliesPage', { timeout: 20_000 }, () => {
  it('shows an administrator the number, the time, its own message and the notice, from its call', async () => {
    show(3);
    expect(screen.getByRole('heading', { name: 'Respostas não identificadas' })).toBeTruthy();
    expect(await screen.findByText('+5511987650042')).toBeTruthy();
    expect(screen.getByRole('link', { name: '41' }).getAttribute('href')).toBe('/emails/enviados/info/41');
    expect(screen.getByText(/Cobrança A/)).toBeTruthy();
    expect(screen.getByText('Avisado')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('/canais/respostas-nao-identificadas', { query: expect.objectContaining({ limit: 25, offset: 0 }) });
  });

  it('sends anyone else away without calling', async () => {
    show(2);
    expect(await screen.findByText('Painel')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });
});
