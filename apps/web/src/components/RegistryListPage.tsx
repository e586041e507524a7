import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { type PagedColumn, PagedTable } from './paged-table/PagedTable.tsx';
import { type TableState, usePagedList } from './paged-table/table-state.ts';
import { manageColumn, notifySuccess, showFailure } from './registry-ui.tsx';

/** What a list screen's columns, buttons and modals may do. */
export interface RegistryListActions<D> {
  /** Opens the modal empty: a new record. */
  create: () => void;
  /** Loads the record (`get`) and opens the modal on it; a failed load shows `get.failed`. */
  edit: (id: number) => void;
  /** Opens the modal on a record already at hand. */
  open: (record: D) => void;
  /** Closes the modal. */
  close: () => void;
  /** Closes the modal and reloads the list (a modal's onSaved). */
  saved: () => void;
  /** Reloads the list. */
  reload: () => void;
}

export interface RegistryListPageProps<T, D> {
  title: string;
  /**
   * `GET path` answering `{ [field]: rows, pagination }`, cached under `queryKey`; its first page's size and
   * order; `failed`, the spec's text when it cannot be read.
   */
  list: { queryKey: string; path: string; field: string; failed: string } & Pick<TableState, 'limit' | 'column' | 'order'>;
  rowId: (row: T) => number;
  searchPlaceholder: string;
  /** The columns; without `remove` the screen puts its own 'Gerenciar' column among them. */
  columns: PagedColumn<T>[] | ((actions: RegistryListActions<D>) => PagedColumn<T>[]);
  /** Loads one record for `edit`; `failed`, the spec's text when it cannot. */
  get?: { call: (id: number) => Promise<D>; failed: string };
  /**
   * With it, a last 'Gerenciar' column edits and deletes (after 'Deseja continuar com a ação de exclusão?'),
   * then says `done` or, on failure, `failed` (or what it makes of the error).
   */
  remove?: {
    call: (id: number) => Promise<unknown>;
    name: (row: T) => string;
    done: string;
    failed: string | ((error: unknown) => string);
  };
  /** The create button's text ('Novo', 'Nova Etiqueta'); no button without it. */
  createLabel?: string;
  /** The create button beside the title (before `headerActions`) instead of beside the search. */
  createInHeader?: boolean;
  /** More buttons beside the title. */
  headerActions?: (actions: RegistryListActions<D>) => ReactNode;
  /** The create/edit modal of `record` (null: a new one). */
  modal: (record: D | null, actions: RegistryListActions<D>) => ReactNode;
  /** The screen's other modals, with their own state. */
  extraModals?: (actions: RegistryListActions<D>) => ReactNode;
}

/**
 * A registry's list screen (spec 001 §2, spec 000 §2): the title, the paged table with its search, the
 * create button, the row actions with the delete confirmation, the create/edit modal and the spec's toasts
 * and warnings. A screen declares its list call, columns, texts and modal; T is the row, D what the modal edits.
 */
export function RegistryListPage<T, D = T>(props: RegistryListPageProps<T, D>) {
  const { list, get, remove } = props;
  const { query, tableProps } = usePagedList<T>(list.queryKey, list.path, list.field, {
    limit: list.limit,
    column: list.column,
    order: list.order,
  });
  const [editing, setEditing] = useState<D | null | undefined>(undefined);
  useEffect(() => {
    if (query.isError) showFailure(list.failed, query.error);
  }, [query.isError, query.error, list.failed]);

  const reload = () => void query.refetch();
  const removal = useMutation({
    mutationFn: (id: number) => remove!.call(id),
    onSuccess: () => {
      notifySuccess(remove!.done);
      reload();
    },
    onError: (e) => showFailure(typeof remove!.failed === 'function' ? remove!.failed(e) : remove!.failed, e),
  });
  const actions: RegistryListActions<D> = {
    create: () => setEditing(null),
    edit: async (id) => {
      if (!get) return;
      try {
        setEditing(await get.call(id));
      } catch (e) {
        showFailure(get.failed, e);
      }
    },
    open: setEditing,
    close: () => setEditing(undefined),
    saved: () => {
      setEditing(undefined);
      reload();
    },
    reload,
  };

  const declared = typeof props.columns === 'function' ? props.columns(actions) : props.columns;
  const columns = remove ? [...declared, manageColumn(remove.name, props.rowId, actions.edit, (id) => removal.mutate(id))] : declared;
  const createButton = props.createLabel && (
    <Button leftSection={<IconPlus size={16} />} onClick={actions.create}>
      {props.createLabel}
    </Button>
  );
  return (
    <Paper p="lg" withBorder radius="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{props.title}</Title>
          {(props.createInHeader || props.headerActions) && (
            <Group gap="xs">
              {props.createInHeader && createButton}
              {props.headerActions?.(actions)}
            </Group>
          )}
        </Group>
        <PagedTable
          columns={columns}
          {...tableProps}
          rowKey={props.rowId}
          searchPlaceholder={props.searchPlaceholder}
          toolbar={!props.createInHeader && createButton}
        />
      </Stack>
      {editing !== undefined && props.modal(editing, actions)}
      {props.extraModals?.(actions)}
    </Paper>
  );
}
