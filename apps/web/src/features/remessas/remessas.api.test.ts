import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv } from './remessas.api.ts';

// The period report of a period without remessas is its header row with X-Total-Registros: 0:
// the page says 'Não há nenhuma remessa no período escolhido!' and saves nothing (issue 43).

const HEADER = 'Código;Arquivo;Recebida em\r\n';
const answer = (body: string, count?: string) =>
  new Response(body, {
    headers: {
      'content-type': 'text/csv',
      filename: 'remessas_01-11-2026_02-11-2026.csv',
      ...(count ? { 'x-total-registros': count } : {}),
    },
  });

afterEach(() => vi.unstubAllGlobals());

describe('downloadCsv', () => {
  it('saves nothing for a header without rows, nor for an empty body; saves a report with rows', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const query = { format: 'csv', dataInicial: '2026-11-01', dataFinal: '2026-11-02' };

    fetchMock.mockResolvedValueOnce(answer(HEADER, '0'));
    expect(await downloadCsv('/remessas/relatorio', query, 'r.csv')).toBe(false);
    fetchMock.mockResolvedValueOnce(answer(''));
    expect(await downloadCsv('/remessas/retorno/1', {}, 'p.csv')).toBe(false);
    expect(click).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(answer(`${HEADER}7;clientes.csv;01/11/2026 10:00\r\n`, '1'));
    expect(await downloadCsv('/remessas/relatorio', query, 'r.csv')).toBe(true);
    expect(click).toHaveBeenCalledTimes(1);
  });
});
