import { USERS_MSG, type UserDetail, type UserListItem, userStatusLabel } from '@ar/core';
import { Badge, Stack, Text } from '@mantine/core';
import { IconMail, IconPencil } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { formatDateTime } from '../../app/format.ts';
import { RegistryListPage } from '../../components/RegistryListPage.tsx';
import { manageMenuColumn, notifySuccess, showFailure } from '../../components/registry-ui.tsx';
import { useSession } from '../../session/session.ts';
import { UserModal } from './UserModal.tsx';
import { getUserCall, resendInviteCall } from './users.api.ts';

const STATUS_COLORS: Record<string, string> = { A: 'yellow', L: 'green', B: 'red' };

/**
 * Where level 1 is sent from the management screens (spec 000 §6): the one place that decides it,
 * read by the users and entities screens. The spec's target, the dashboard (the sent list until the
 * dashboard existed, 2026-11-25).
 */
export const LEVEL1_LANDING = '/dashboard';

/** /cadastros/usuarios: the users the signed-in manager may manage (spec 000 §2). */
export default function UsersPage() {
  const session = useSession();
  if (!session || session.user.usu_nivel === 1) return <Navigate to={LEVEL1_LANDING} replace />;
  return <UsersTable />;
}

/** How the user last signed in: when, and by password or through the identity provider (docs/access.md). */
function LastSignIn({ user }: { user: UserListItem }) {
  if (!user.usu_ultimo_acesso)
    return (
      <Text size="sm" c="gray.7">
        Nunca entrou
      </Text>
    );
  const via =
    user.usu_ultimo_acesso_via === 'sso'
      ? `SSO${user.usu_ultimo_acesso_provedor ? ` (${providerName(user.usu_ultimo_acesso_provedor)})` : ''}`
      : 'Senha';
  return (
    <Stack gap={0}>
      <Text size="sm">{formatDateTime(user.usu_ultimo_acesso)}</Text>
      <Text size="xs" c="gray.7">
        {via}
      </Text>
    </Stack>
  );
}

/** A provider by its issuer's host (sso.acesso.gov.br, keycloak.empresa.com.br). */
const providerName = (issuer: string) => {
  try {
    return new URL(issuer).host;
  } catch {
    return issuer;
  }
};

function UsersTable() {
  const resend = useMutation({
    mutationFn: resendInviteCall,
    onSuccess: (res) => notifySuccess(res.message),
    onError: (e) => showFailure(USERS_MSG.resendError, e),
  });
  return (
    <RegistryListPage<UserListItem, UserDetail>
      title="Usuários"
      list={{
        queryKey: 'usuarios',
        path: '/usuarios',
        field: 'usuarios',
        limit: 10,
        column: 'usu_codigo',
        order: 'ASC',
        failed: USERS_MSG.listError,
      }}
      get={{ call: getUserCall, failed: USERS_MSG.getError }}
      rowId={(u) => u.usu_codigo}
      searchPlaceholder="Procurar pelos campos: ID, Nome, Login..."
      createLabel="Novo"
      columns={({ edit }) => [
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
        { key: 'usu_ultimo_acesso', title: 'Último acesso', width: 190, render: (u) => <LastSignIn user={u} /> },
        manageMenuColumn(
          (u) => u.usu_nome,
          (u) => [
            { label: 'Editar', icon: <IconPencil size={16} />, onClick: () => edit(u.usu_codigo) },
            u.usu_status !== 'L' && { label: 'Reenviar Convite', icon: <IconMail size={16} />, onClick: () => resend.mutate(u.usu_codigo) },
          ],
        ),
      ]}
      modal={(user, { close, saved }) => <UserModal user={user} onClose={close} onSaved={saved} />}
    />
  );
}
