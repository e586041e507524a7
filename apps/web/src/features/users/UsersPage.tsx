import { USERS_MSG, type UserDetail, type UserListItem, userStatusLabel } from '@ar/core';
import { ActionIcon, Badge, Button, Menu, Paper, Stack, Title } from '@mantine/core';
import { IconDotsVertical, IconMail, IconPencil, IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { formatDateTime } from '../../app/format.ts';
import { type PagedColumn, PagedTable } from '../../components/paged-table/PagedTable.tsx';
import { usePagedList } from '../../components/paged-table/table-state.ts';
import { notifySuccess, showFailure } from '../../components/registry-ui.tsx';
import { useSession } from '../../session/session.ts';
import { UserModal } from './UserModal.tsx';
import { getUserCall, resendInviteCall } from './users.api.ts';

const STATUS_COLORS: Record<string, string> = { A: 'yellow', L: 'green', B: 'red' };

/**
 * Where level 1 is sent from the management screens (spec 000 §6): the one place that decides it,
 * read by the users and entities screens. The spec's target is the dashboard; until the dashboard
 * exists it is the sent list, a real screen (a 404 before 2026-11-25). Make it '/dashboard' when
 * the dashboard exists.
 */
export const LEVEL1_LANDING = '/emails/enviados';

/** /cadastros/usuarios: the users the signed-in manager may manage (spec 000 §2). */
export default function UsersPage() {
  const session = useSession();
  if (!session || session.user.usu_nivel === 1) return <Navigate to={LEVEL1_LANDING} replace />;
  return <UsersTable />;
}

function UsersTable() {
  const { query, tableProps } = usePagedList<UserListItem>('usuarios', '/usuarios', 'usuarios', {
    limit: 10,
    column: 'usu_codigo',
    order: 'ASC',
  });
  const [editing, setEditing] = useState<UserDetail | null | undefined>(undefined);
  useEffect(() => {
    if (query.isError) showFailure(USERS_MSG.listError, query.error);
  }, [query.isError, query.error]);

  const resend = useMutation({
    mutationFn: resendInviteCall,
    onSuccess: (res) => notifySuccess(res.message),
    onError: (e) => showFailure(USERS_MSG.resendError, e),
  });
  const openEdit = async (id: number) => {
    try {
      setEditing(await getUserCall(id));
    } catch (e) {
      showFailure(USERS_MSG.getError, e);
    }
  };

  const columns: PagedColumn<UserListItem>[] = [
    { key: 'usu_codigo', title: 'ID', sortable: true, width: 80 },
    { key: 'usu_nome', title: 'Nome', sortable: true },
    { key: 'usu_login', title: 'Login', sortable: true },
    {
      key: 'usu_status',
      title: 'Status',
      sortable: true,
      width: 160,
      render: (u) => (
        <Badge variant="light" color={STATUS_COLORS[u.usu_status] ?? 'gray'}>
          {userStatusLabel(u.usu_status)}
        </Badge>
      ),
    },
    { key: 'usu_data_criacao', title: 'Criado', sortable: true, width: 150, render: (u) => formatDateTime(u.usu_data_criacao) },
    {
      key: 'gerenciar',
      title: 'Gerenciar',
      width: 100,
      render: (u) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`Gerenciar ${u.usu_nome}`}>
              <IconDotsVertical size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => void openEdit(u.usu_codigo)}>
              Editar
            </Menu.Item>
            {u.usu_status !== 'L' && (
              <Menu.Item leftSection={<IconMail size={16} />} onClick={() => resend.mutate(u.usu_codigo)}>
                Reenviar Convite
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <Paper p="lg" withBorder radius="md">
      <Stack>
        <Title order={3}>Usuários</Title>
        <PagedTable
          columns={columns}
          {...tableProps}
          rowKey={(u) => u.usu_codigo}
          searchPlaceholder="Procurar pelos campos: ID, Nome, Login..."
          toolbar={
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              Novo
            </Button>
          }
        />
      </Stack>
      {editing !== undefined && (
        <UserModal
          user={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void query.refetch();
          }}
        />
      )}
    </Paper>
  );
}
