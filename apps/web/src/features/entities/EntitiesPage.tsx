import { ENTITY_MSG, type EntityRow, formatCnpj } from '@ar/core';
import { useClipboard } from '@mantine/hooks';
import { IconLink, IconPencil } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { RegistryListPage } from '../../components/RegistryListPage.tsx';
import { manageMenuColumn, notifySuccess } from '../../components/registry-ui.tsx';
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
  const clipboard = useClipboard();
  const copyLink = (e: EntityRow) => {
    clipboard.copy(signUpUrl(e.ent_uuid));
    notifySuccess(ENTITY_MSG.linkCopied);
  };
  return (
    <RegistryListPage<EntityRow>
      title="Entidades"
      list={{
        queryKey: 'entidades',
        path: '/entidades-tables',
        field: 'entidades',
        limit: 25,
        column: 'ent_codigo',
        order: 'ASC',
        failed: ENTITY_MSG.listError,
      }}
      rowId={(e) => e.ent_codigo}
      searchPlaceholder="Procurar pelos campos: ID, Nome fantasia, Descrição, CNPJ..."
      createLabel={canCreate ? 'Novo' : undefined}
      columns={({ open }) => [
        { key: 'ent_codigo', title: 'ID', sortable: true, width: 80 },
        { key: 'ent_nome_fantasia', title: 'Nome fantasia', sortable: true },
        { key: 'ent_descricao', title: 'Descrição', sortable: true },
        { key: 'ent_cnpj', title: 'CNPJ', sortable: true, width: 190, render: (e) => (e.ent_cnpj ? formatCnpj(e.ent_cnpj) : '') },
        manageMenuColumn(
          (e) => e.ent_nome_fantasia,
          (e) => [
            { label: canCreate ? 'Editar' : 'Visualizar', icon: <IconPencil size={16} />, onClick: () => open(e) },
            { label: 'Copiar link de cadastro', icon: <IconLink size={16} />, onClick: () => copyLink(e) },
          ],
        ),
      ]}
      modal={(entity, { close, saved }) => <EntityModal entity={entity} onClose={close} onSaved={saved} />}
    />
  );
}
