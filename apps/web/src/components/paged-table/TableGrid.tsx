import { Alert, Box, Group, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { TableState } from './table-state.ts';
import type { PagedColumn, PagedTableProps } from './types.ts';

type TableGridProps<T> = Pick<
  PagedTableProps<T>,
  'columns' | 'rows' | 'loading' | 'error' | 'state' | 'onStateChange' | 'rowKey' | 'onRowClick' | 'rowStyle'
>;

/**
 * The table itself: sortable headings, the rows (clickable when asked), the error line and 'Nenhum
 * registro encontrado'. Below Mantine's `sm` breakpoint every row is a card of its non-empty cells,
 * each under its column's name, so status, dates and actions stay on a phone's screen (app.css).
 */
export function TableGrid<T>(props: TableGridProps<T>) {
  const { state, rows } = props;
  const sortBy = (key: string) =>
    props.onStateChange({ ...state, offset: 0, column: key, order: state.column === key && state.order === 'ASC' ? 'DESC' : 'ASC' });

  return (
    <Box pos="relative" style={{ overflowX: 'auto' }}>
      <Table striped highlightOnHover={!!props.onRowClick} verticalSpacing="xs" withTableBorder className="ar-stacked-table">
        <Table.Thead>
          <Table.Tr>
            {props.columns.map((c) => (
              <Table.Th
                key={c.key}
                w={c.width}
                aria-sort={state.column === c.key ? (state.order === 'ASC' ? 'ascending' : 'descending') : undefined}
              >
                {c.sortable ? (
                  <UnstyledButton onClick={() => sortBy(c.key)} fw={700} fz="sm">
                    <Group gap={4} wrap="nowrap">
                      {c.title}
                      <SortIcon column={c} state={state} />
                    </Group>
                  </UnstyledButton>
                ) : (
                  c.title
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.error && (
            <Table.Tr>
              <Table.Td colSpan={props.columns.length}>
                <Alert color="red" variant="light" role="alert" data-testid="table-error">
                  {rows.length
                    ? 'Não foi possível atualizar os registros; estes são os da última consulta. Tente novamente.'
                    : 'Não foi possível carregar os registros. Tente novamente.'}
                </Alert>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.length === 0 ? (
            props.error ? null : (
              <Table.Tr>
                <Table.Td colSpan={props.columns.length}>
                  <Text ta="center" c="dimmed" py="md">
                    {props.loading ? <Loader size="sm" /> : 'Nenhum registro encontrado'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )
          ) : (
            rows.map((row) => (
              <Table.Tr
                key={props.rowKey(row)}
                onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}
                style={{ cursor: props.onRowClick ? 'pointer' : undefined, ...props.rowStyle?.(row) }}
              >
                {props.columns.map((c) => {
                  const content = c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '');
                  // data-label: on a narrow screen each row is a card whose cells name their column (app.css).
                  return (
                    <Table.Td
                      key={c.key}
                      data-label={c.title}
                      data-empty={content === '' || content === null || content === undefined || undefined}
                    >
                      {content}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

function SortIcon<T>({ column, state }: { column: PagedColumn<T>; state: TableState }) {
  if (state.column !== column.key) return <IconArrowsSort size={14} opacity={0.4} />;
  return state.order === 'ASC' ? <IconSortAscending size={14} /> : <IconSortDescending size={14} />;
}
