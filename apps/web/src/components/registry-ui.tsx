import { ActionIcon, Group, Menu, Modal, type ModalProps, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDotsVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { ApiError, isNetworkError } from '../api/client.ts';
import type { PagedColumn } from './paged-table/PagedTable.tsx';

/*
 * Pieces shared by the registry screens (labels, recipients, templates, whitelist, users, entities):
 * the spec's warnings and confirmations, the static modal, row actions and zod-driven form validation.
 * The list screens themselves are declared with RegistryListPage.
 */

/**
 * A failed call: the warning 'Aviso' with the spec's text; when the server refused the input
 * (4xx) its Portuguese reason is shown beneath, so the user knows what to fix.
 */
export function showFailure(specText: string, error: unknown) {
  // A call that never reached the server has already shown 'Erro Interno' or 'Conexão perdida!'.
  if (isNetworkError(error)) return;
  const detail = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 ? error.message : null;
  modals.open({
    title: <strong>Aviso</strong>,
    centered: true,
    children: (
      <Stack gap="xs">
        <p data-testid="alert-message" style={{ margin: 0 }}>
          {specText}
        </p>
        {detail && detail !== specText && (
          <Text size="sm" c="dimmed" data-testid="alert-detail">
            {detail}
          </Text>
        )}
      </Stack>
    ),
  });
}

export const notifySuccess = (message: string) => notifications.show({ color: 'green', message, autoClose: 4000 });

/** A mutation's onSuccess for calls answering `{ message }`: show the server's message, then `then` (e.g. close and reload). */
export const notifyThen =
  (then: () => void) =>
  (res: { message: string }): void => {
    notifySuccess(res.message);
    then();
  };

export const DELETE_QUESTION = 'Deseja continuar com a ação de exclusão?';

export function confirmDelete(onConfirm: () => void) {
  modals.openConfirmModal({
    title: <strong>Confirmação</strong>,
    centered: true,
    closeOnClickOutside: false,
    closeOnEscape: false,
    children: <p style={{ margin: 0 }}>{DELETE_QUESTION}</p>,
    labels: { confirm: 'Sim', cancel: 'Não' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/** Registry modals are static: no close by clicking outside or by keyboard (spec 001 §4). */
export function StaticModal(props: ModalProps) {
  return <Modal centered size="lg" {...props} closeOnClickOutside={false} closeOnEscape={false} />;
}

/** The 'Gerenciar' column of the registries: edit, and delete after 'Deseja continuar com a ação de exclusão?'. */
export function manageColumn<T>(
  name: (row: T) => string,
  id: (row: T) => number,
  onEdit: (id: number) => void,
  onDelete: (id: number) => void,
): PagedColumn<T> {
  return {
    key: 'gerenciar',
    title: 'Gerenciar',
    width: 110,
    render: (row) => <RowActions name={name(row)} onEdit={() => onEdit(id(row))} onDelete={() => confirmDelete(() => onDelete(id(row)))} />,
  };
}

export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Editar">
        <ActionIcon variant="subtle" aria-label={`Editar ${name}`} onClick={onEdit}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Excluir">
        <ActionIcon variant="subtle" color="red" aria-label={`Excluir ${name}`} onClick={onDelete}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** One entry of a 'Gerenciar' menu; `false` leaves it out for that row. */
export interface ManageMenuItem {
  label: string;
  icon: ReactNode;
  onClick: () => void;
}

/** The 'Gerenciar' column as a menu (users, entities): a ⋮ button named 'Gerenciar <name>' that opens the row's items. */
export function manageMenuColumn<T>(name: (row: T) => string, items: (row: T) => (ManageMenuItem | false)[]): PagedColumn<T> {
  return {
    key: 'gerenciar',
    title: 'Gerenciar',
    width: 100,
    render: (row) => (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Gerenciar ${name(row)}`}>
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {items(row).map(
            (item) =>
              item && (
                <Menu.Item key={item.label} leftSection={item.icon} onClick={item.onClick}>
                  {item.label}
                </Menu.Item>
              ),
          )}
        </Menu.Dropdown>
      </Menu>
    ),
  };
}

/** @mantine/form validation from the same zod contract the server uses: field path → first message. */
export function zodValidate<T>(schema: z.ZodType) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (!(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}

/** Saves wait 500 ms after the last click (spec 001 §9). */
export const SAVE_DEBOUNCE_MS = 500;
