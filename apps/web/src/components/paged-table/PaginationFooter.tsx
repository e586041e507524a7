import { ActionIcon, Button, Group, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { footerText, pageSlots } from './pagination.ts';
import type { PagedTableProps } from './types.ts';

const PAGE_SIZES = ['10', '25', '50', '100'];

type PaginationFooterProps = Pick<PagedTableProps<unknown>, 'state' | 'onStateChange' | 'pagination'> & { rowsOnPage: number };

/** 'Mostrando de X até Y de N registros', the page size 10/25/50/100 and first/previous/six pages/next/last. */
export function PaginationFooter({ state, onStateChange, pagination, rowsOnPage }: PaginationFooterProps) {
  const limit = state.limit;
  const current = Math.floor(state.offset / limit) + 1;
  const pageCount = pagination?.pageCount ?? 1;
  const rowCount = pagination?.rowCount ?? 0;
  const goTo = (page: number) => onStateChange({ ...state, offset: (Math.min(Math.max(page, 1), pageCount) - 1) * limit });

  return (
    <Group justify="space-between" gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed" data-testid="table-footer">
          {footerText(state.offset, rowsOnPage, rowCount)}
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
  );
}
