import { Stack } from '@mantine/core';
import { PaginationFooter } from './PaginationFooter.tsx';
import { SearchBar } from './SearchBar.tsx';
import { TableGrid } from './TableGrid.tsx';
import type { PagedTableProps } from './types.ts';

export type { FilterOption, PagedColumn, PagedTableProps } from './types.ts';

/**
 * The generic paged table of spec 000 §2: search (also on Enter), tag and status filters,
 * page sizes 10/25/50/100, sortable columns, clickable rows, 'Nenhum registro encontrado',
 * 'Mostrando de X até Y de N registros' and first/previous/six pages/next/last.
 * Its parts: SearchBar (with MultiFilter and the search draft), TableGrid and PaginationFooter;
 * its data comes from usePagedList (table-state.ts).
 */
export function PagedTable<T>(props: PagedTableProps<T>) {
  return (
    <Stack gap="sm">
      <SearchBar {...props} />
      <TableGrid {...props} />
      <PaginationFooter {...props} rowsOnPage={props.rows.length} />
    </Stack>
  );
}
