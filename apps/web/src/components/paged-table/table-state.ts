import type { Pagination } from '@ar/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '../../api/client.ts';

export interface TableState {
  limit: number;
  offset: number;
  column: string;
  order: 'ASC' | 'DESC';
  searchTerm: string;
  searchTags: number[];
  /** Status filter by channel, e.g. { email: ['read'], sms: [] } (spec 000 §7 table events). */
  searchStatus: Record<string, string[]>;
}

export function initialTableState(defaults: Pick<TableState, 'limit' | 'column' | 'order'>): TableState {
  return { offset: 0, searchTerm: '', searchTags: [], searchStatus: {}, ...defaults };
}

const hasStatusFilter = (state: TableState) => Object.values(state.searchStatus).some((v) => v.length > 0);

/** Whether the list is searched or filtered (a term, tags or statuses). */
export const isSearched = (state: TableState) => !!state.searchTerm || state.searchTags.length > 0 || hasStatusFilter(state);

/** The list call's query string: the spec's navigate/search events. */
export function tableQuery(state: TableState) {
  const hasStatus = hasStatusFilter(state);
  return {
    limit: state.limit,
    offset: state.offset,
    column: state.column,
    order: state.order,
    searchTerm: state.searchTerm || undefined,
    searchTags: state.searchTags.length ? state.searchTags : undefined,
    searchStatus: hasStatus ? JSON.stringify(state.searchStatus) : undefined,
  };
}

/**
 * State and data of one paged list: `GET path` answering { [itemsField]: rows, pagination }.
 * The previous page stays on screen while the next one loads.
 */
export function usePagedList<T>(
  queryKey: string,
  path: string,
  itemsField: string,
  defaults: Pick<TableState, 'limit' | 'column' | 'order'>,
  options: {
    /** Reload on its own every so many milliseconds while this says so of the rows on screen (false: stop). */
    refreshWhile?: (rows: T[]) => boolean;
    refreshMs?: number;
    /** Filters of the screen itself sent with every call (e.g. the remessas tab's tipo). */
    extraQuery?: Record<string, string>;
  } = {},
) {
  const [state, setState] = useState<TableState>(() => initialTableState(defaults));
  const client = useQueryClient();
  const key = [queryKey, state, options.extraQuery];
  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      // The one generic list of every screen's table: its path and rows' type are the screen's (T), so the typed client's literal paths do not apply here.
      const data = await api<Record<string, unknown>>(path, { query: { ...tableQuery(state), ...options.extraQuery } });
      return { rows: (data[itemsField] ?? []) as T[], pagination: data.pagination as Pagination };
    },
    placeholderData: keepPreviousData,
    // A failed reload stops the timer: offline, one 'Conexão perdida!' and not one every 3 s.
    refetchInterval: options.refreshWhile
      ? (q) => (!q.state.error && q.state.data && options.refreshWhile?.(q.state.data.rows) ? (options.refreshMs ?? 3000) : false)
      : undefined,
  });
  // A failed search keeps the last rows it had on screen beside its error (placeholderData only
  // covers the wait, not the failure).
  const lastGood = useRef<{ rows: T[]; pagination: Pagination } | undefined>(undefined);
  if (query.data && !query.isPlaceholderData) lastGood.current = query.data;
  const shown = query.data ?? (query.isError ? lastGood.current : undefined);
  /** What PagedTable needs of the list: spread it, then add the columns and the screen's own props. */
  const tableProps = {
    rows: shown?.rows ?? [],
    pagination: shown?.pagination,
    loading: query.isFetching,
    error: query.isError,
    state,
    onStateChange: setState,
  };
  /**
   * Shows a row the server has just created at the top of the first page, before the reload that
   * should follow confirms it: the list call may wait behind the work the creation started. For a
   * list whose default order is newest first, and only while it is in that order, on its first page,
   * unsearched: where the reload would put the row too.
   */
  function showCreated(row: T, same: (a: T, b: T) => boolean) {
    const newestFirst = defaults.order === 'DESC' && state.column === defaults.column && state.order === defaults.order;
    if (!newestFirst || state.offset !== 0 || isSearched(state)) return;
    client.setQueryData<{ rows: T[]; pagination: Pagination }>(key, (old) => {
      if (!old || old.rows.some((r) => same(r, row))) return old;
      const rowCount = old.pagination.rowCount + 1;
      return {
        rows: [row, ...old.rows].slice(0, state.limit),
        pagination: { ...old.pagination, rowCount, pageCount: Math.ceil(rowCount / state.limit) },
      };
    });
  }
  return { state, setState, query, tableProps, showCreated };
}
