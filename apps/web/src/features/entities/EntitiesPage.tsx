import { ENTITY_MSG, type EntityRow, formatCnpj } from '@ar/core';
import { ActionIcon, Button, Menu, Paper, Stack, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconDotsVertical, IconLink, IconPencil, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { type PagedColumn, PagedTable } from '../../components/paged-table/PagedTable.tsx';
import { usePagedList } from '../../components/paged-table/table-state.ts';
import { notifySuccess, showFailure } from '../../components/registry-ui.tsx';
import { useSession } from '../../session/session.ts';
import { LEVEL1_LANDING } from '../users/UsersPage.tsx';
import { EntityModal, signUpUrl } from './EntityModal.tsx';

/** /cadastro/entidades: the entities in reach (spec 000 §2); level 1 goes to the dashboard. */
export default function EntitiesPage() {
  const session = useSession();
  if (!session || session.user.usu_nivel === 1) return <Navigate to={LEVEL1_LANDING} replace />;
  return <EntitiesTable canCreate={session.user.usu_nivel === 3} />;
}

function EntitiesTable({ canCreate }: { canCreate: boolean }) {
  const { query, tableProps } = usePagedList<EntityRow>('entidades', '/entidades-tables', 'entidades', {
    limit: 25,
    column: 'ent_codigo',
    order: 'ASC',
  });
  const [editing, setEditing] = useState<EntityRow | null | undefined>(undefined);
  const clipboard = useClipboard();
  useEffect(() => {
    if (query.isError) showFailure(ENTITY_MSG.listError, query.error);
  }, [query.isError, query.error]);

  const columns: PagedColumn<EntityRow>[] = [
    { key: 'ent_codigo', title: 'ID', sortable: true, width: 80 },
    { key: 'ent_nome_fantasia', title: 'Nome fantasia', sortable: true },
    { key: 'ent_descricao', title: 'Descrição', sortable: true },
    { key: 'ent_cnpj', title: 'CNPJ', sortable: true, width: 190, render: (e) => (e.ent_cnpj ? formatCnpj(e.ent_cnpj) : '') },
    {
      key: 'gerenciar',
      title: 'Gerenciar',
      width: 100,
      render: (e) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`Gerenciar ${e.ent_nome_fantasia}`}>
              <IconDotsVertical size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(e)}>
              {canCreate ? 'Editar' : 'Visualizar'}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconLink size={16} />}
              onClick={() => {
                clipboard.copy(signUpUrl(e.ent_uuid));
                notifySuccess(ENTITY_MSG.linkCopied);
              }}
            >
              Copiar link de cadastro
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <Paper p="lg" withBorder radius="md">
      <Stack>
        <Title order={3}>Entidades</Title>
        <PagedTable
          columns={columns}
          {...tableProps}
          rowKey={(e) => e.ent_codigo}
          searchPlaceholder="Procurar pelos campos: ID, Nome fantasia, Descrição, CNPJ..."
          toolbar={
            canCreate && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
                Novo
              </Button>
            )
          }
        />
      </Stack>
      {editing !== undefined && (
        <EntityModal
          entity={editing}
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
