import { LABEL_MSG, type Label } from '@ar/core';
import { Badge } from '@mantine/core';
import { RegistryListPage } from '../../components/RegistryListPage.tsx';
import { LabelModal } from './LabelModal.tsx';
import { deleteLabelCall, getLabelCall } from './labels.api.ts';

/** /cadastros/etiquetas: the user's labels (spec 001 §2.1). */
export default function LabelsPage() {
  return (
    <RegistryListPage<Label>
      title="Etiquetas"
      list={{
        queryKey: 'etiquetas',
        path: '/etiquetas',
        field: 'etiquetas',
        limit: 10,
        column: 'eti_codigo',
        order: 'ASC',
        failed: LABEL_MSG.listError,
      }}
      get={{ call: getLabelCall, failed: LABEL_MSG.getError }}
      remove={{ call: deleteLabelCall, name: (l) => l.eti_nome, done: LABEL_MSG.removed, failed: LABEL_MSG.removeError }}
      rowId={(l) => l.eti_codigo}
      searchPlaceholder="Pesquisar por ID ou Nome"
      createLabel="Nova Etiqueta"
      columns={[
        { key: 'eti_codigo', title: 'ID', sortable: true, width: 90 },
        { key: 'eti_nome', title: 'Nome', sortable: true },
        {
          key: 'eti_cor',
          title: 'Cor',
          sortable: true,
          width: 160,
          render: (l) => (
            <Badge color={l.eti_cor} autoContrast radius="sm" tt="none" data-testid="label-color">
              {l.eti_cor}
            </Badge>
          ),
        },
      ]}
      modal={(label, { close, saved }) => <LabelModal label={label} onClose={close} onSaved={saved} />}
    />
  );
}
