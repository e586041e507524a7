import type { Pagination } from '@ar/core';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
  IconFilter,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconX,
} from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { footerText, pageSlots, summarizeSelection } from './pagination.ts';
import type { TableState } from './table-state.ts';

export interface PagedColumn<T> {
  key: string;
  title: string;
  sortable?: boolean;
  width?: number | string;
  render?: (row: T) => ReactNode;
}

export interface FilterOption {
  value: string;
  label: string;
  /** For the status filter: the channel key sent to the server (email, sms, whatsapp, voz). */
  group?: string;
  /** How the group is shown, when it differs from its key. */
  groupLabel?: string;
}

export interface PagedTableProps<T> {
  columns: PagedColumn<T>[];
  rows: T[];
  pagination?: Pagination;
  loading?: boolean;
  error?: boolean;
  state: TableState;
  onStateChange: (next: TableState) => void;
  rowKey: (row: T) => string | number;
  searchPlaceholder: string;
  tagOptions?: FilterOption[];
  statusOptions?: FilterOption[];
  onRowClick?: (row: T) => void;
  rowStyle?: (row: T) => CSSProperties | undefined;
  toolbar?: ReactNode;
}

const PAGE_SIZES = ['10', '25', '50', '100'];

function MultiFilter({
  label,
  options,
  selected,
  onChange,
}: {
  label: string;
  options: FilterOption[];
  selected: string[];
  onChange: (values: string[]) => void;
}) {
  const chosen = options
    .filter((o) => selected.includes(o.value))
    .map((o) => (o.group ? `${o.label} (${o.groupLabel ?? o.group})` : o.label));
  return (
    <Popover position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconFilter size={16} />} maw={360}>
          <Text truncate size="sm" data-testid={`filter-summary-${label}`}>
            {chosen.length ? `${label}: ${summarizeSelection(chosen)}` : label}
          </Text>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ScrollArea.Autosize mah={300}>
          <Stack gap={6}>
            {options.map((o) => (
              <Checkbox
                key={`${o.group ?? ''}${o.value}`}
                label={o.group ? `${o.label} (${o.groupLabel ?? o.group})` : o.label}
                checked={selected.includes(o.value)}
                onChange={(e) => onChange(e.currentTarget.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value))}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Status values travel as "channel:status" inside the picker and as { channel: [status] } to the server. */
const flattenStatus = (s: Record<string, string[]>) => Object.entries(s).flatMap(([g, vs]) => vs.map((v) => `${g}:${v}`));
function groupStatus(values: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const v of values) {
    const [g, s] = v.split(':');
    if (!g || !s) continue;
    out[g] = [...(out[g] ?? []), s];
  }
  return out;
}

/**
 * The generic paged table of spec 000 §2: search (also on Enter), tag and status filters,
 * page sizes 10/25/50/100, sortable columns, clickable rows, 'Nenhum registro encontrado',
 * 'Mostrando de X até Y de N registros' and first/previous/six pages/next/last.
 */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const { state, onStateChange, pagination, rows } = props;
  const [term, setTerm] = useState(state.searchTerm);
  const [tags, setTags] = useState<string[]>(state.searchTags.map(String));
  const [status, setStatus] = useState<string[]>(flattenStatus(state.searchStatus));
  const limit = state.limit;
  const current = Math.floor(state.offset / limit) + 1;
  const pageCount = pagination?.pageCount ?? 1;
  const rowCount = pagination?.rowCount ?? 0;

  const search = (next?: { term?: string; tags?: string[]; status?: string[] }) =>
    onStateChange({
      ...state,
      offset: 0,
      searchTerm: (next?.term ?? term).trim(),
      searchTags: (next?.tags ?? tags).map(Number),
      searchStatus: groupStatus(next?.status ?? status),
    });
  const clear = () => {
    setTerm('');
    setTags([]);
    setStatus([]);
    search({ term: '', tags: [], status: [] });
  };
  const goTo = (page: number) => onStateChange({ ...state, offset: (Math.min(Math.max(page, 1), pageCount) - 1) * limit });
  const sortBy = (key: string) =>
    onStateChange({ ...state, offset: 0, column: key, order: state.column === key && state.order === 'ASC' ? 'DESC' : 'ASC' });

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="xs" align="flex-end" style={{ flex: 1 }}>
          <TextInput
            aria-label="Pesquisar"
            placeholder={props.searchPlaceholder}
            value={term}
            onChange={(e) => setTerm(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                search();
              }
            }}
            leftSection={<IconSearch size={16} />}
            style={{ flex: 1, minWidth: 220, maxWidth: 480 }}
          />
          {props.tagOptions && <MultiFilter label="Etiquetas" options={props.tagOptions} selected={tags} onChange={setTags} />}
          {props.statusOptions && (
            <MultiFilter
              label="Status"
              options={props.statusOptions.map((o) => ({ ...o, value: `${o.group}:${o.value}` }))}
              selected={status}
              onChange={setStatus}
            />
          )}
          <Button onClick={() => search()} leftSection={<IconSearch size={16} />}>
            Pesquisar
          </Button>
          <ActionIcon variant="default" size="lg" onClick={clear} aria-label="Limpar pesquisa">
            <IconX size={16} />
          </ActionIcon>
        </Group>
        {props.toolbar}
      </Group>

      <Box pos="relative" style={{ overflowX: 'auto' }}>
        <Table striped highlightOnHover={!!props.onRowClick} verticalSpacing="xs" withTableBorder>
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
                        {state.column === c.key ? (
                          state.order === 'ASC' ? (
                            <IconSortAscending size={14} />
                          ) : (
                            <IconSortDescending size={14} />
                          )
                        ) : (
                          <IconArrowsSort size={14} opacity={0.4} />
                        )}
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
                  {props.columns.map((c) => (
                    <Table.Td key={c.key}>{c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')}</Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Box>

      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="table-footer">
            {footerText(state.offset, rows.length, rowCount)}
          </Text>
          <Select
            aria-label="Registros por página"
            data={PAGE_SIZES}
            value={String(limit)}
            w={80}
            size="xs"
            allowDeselect={false}
            onChange={(v) => v && onStateChange({ ...state, limit: Number(v), offset: 0 })}
          />
        </Group>
        <Group gap={4} component="nav" aria-label="Paginação">
          <ActionIcon variant="default" onClick={() => goTo(1)} disabled={current <= 1} aria-label="Primeira página">
            <IconChevronsLeft size={16} />
          </ActionIcon>
          <ActionIcon variant="default" onClick={() => goTo(current - 1)} disabled={current <= 1} aria-label="Página anterior">
            <IconChevronLeft size={16} />
          </ActionIcon>
          {pageSlots(current, pageCount).map((slot) =>
            typeof slot === 'number' ? (
              <Button
                key={slot}
                size="compact-sm"
                miw={30}
                variant={slot === current ? 'filled' : 'default'}
                onClick={() => goTo(slot)}
                aria-current={slot === current ? 'page' : undefined}
              >
                {slot}
              </Button>
            ) : (
              <Text key={slot} c="dimmed" px={2} data-ellipsis aria-hidden>
                …
              </Text>
            ),
          )}
          <ActionIcon variant="default" onClick={() => goTo(current + 1)} disabled={current >= pageCount} aria-label="Próxima página">
            <IconChevronRight size={16} />
          </ActionIcon>
          <ActionIcon variant="default" onClick={() => goTo(pageCount)} disabled={current >= pageCount} aria-label="Última página">
            <IconChevronsRight size={16} />
          </ActionIcon>
        </Group>
      </Group>
    </Stack>
  );
}
