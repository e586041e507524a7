import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client.ts';
import { usePagedList } from './table-state.ts';

vi.mock('../../api/client.ts', async (original) => ({ ...(await original<typeof import('../../api/client.ts')>()), api: vi.fn() }));

interface Row {
  id: number;
}
const listCall = vi.mocked(api);
const same = (a: Row, b: Row) => a.id === b.id;
/** React Query tells its observers on a timer: the call, then that timer. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => usePagedList<Row>('linhas', '/linhas', 'linhas', { limit: 2, column: 'id', order: 'DESC' }), { wrapper });
}

beforeEach(() => {
  listCall.mockReset();
  // The list call never answers again within a test: what shows after showCreated is its own doing.
  listCall.mockResolvedValueOnce({ linhas: [{ id: 5 }, { id: 4 }], pagination: { offset: 0, limit: 2, rowCount: 5, pageCount: 3 } });
  listCall.mockReturnValue(new Promise(() => {}));
});

describe('usePagedList showCreated', () => {
  it('puts a created row first on the first page, keeps the page size and counts it, once', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.tableProps.rows).toHaveLength(2));
    await act(async () => {
      result.current.showCreated({ id: 6 }, same);
      await settle();
    });
    expect(result.current.tableProps.rows).toEqual([{ id: 6 }, { id: 5 }]);
    expect(result.current.tableProps.pagination).toMatchObject({ rowCount: 6, pageCount: 3 });
    await act(async () => {
      result.current.showCreated({ id: 6 }, same);
      await settle();
    });
    expect(result.current.tableProps.pagination).toMatchObject({ rowCount: 6 });
  });

  it('leaves a searched list as it is: the search may not match the new row', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.tableProps.rows).toHaveLength(2));
    act(() => result.current.setState((s) => ({ ...s, searchTerm: 'x' })));
    await act(async () => {
      result.current.showCreated({ id: 6 }, same);
      await settle();
    });
    expect(result.current.tableProps.rows).toEqual([{ id: 5 }, { id: 4 }]);
  });
});
