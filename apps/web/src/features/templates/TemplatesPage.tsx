import { TEMPLATE_MSG, type Template, type TemplateSummary, templateStatusLabel } from '@ar/core';
import { Badge, Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../app/format.ts';
import { RegistryListPage } from '../../components/RegistryListPage.tsx';
import { StaticModal } from '../../components/registry-ui.tsx';
import { TemplateForm } from './TemplateForm.tsx';
import { deleteTemplateCall, getTemplateCall } from './templates.api.ts';

/** The server answers the spec's own text when a sending used the template. */
const removeFailure = (e: unknown) =>
  e instanceof Error && e.message === TEMPLATE_MSG.inUse ? TEMPLATE_MSG.inUse : TEMPLATE_MSG.removeError;

/** /cadastros/modelos: message templates (spec 001 §2.3); create and edit in a modal. */
export default function TemplatesPage() {
  return (
    <RegistryListPage<TemplateSummary, Template>
      title="Modelos"
      list={{
        queryKey: 'modelos',
        path: '/modelos',
        field: 'modelos',
        limit: 10,
        column: 'mod_codigo',
        order: 'DESC',
        failed: TEMPLATE_MSG.listError,
      }}
      get={{ call: getTemplateCall, failed: TEMPLATE_MSG.getError }}
      remove={{ call: deleteTemplateCall, name: (m) => m.mod_name, done: TEMPLATE_MSG.removed, failed: removeFailure }}
      rowId={(m) => m.mod_codigo}
      searchPlaceholder="Pesquisar por ID ou Nome, Status ou Data"
      createLabel="Novo Modelo"
      createInHeader
      headerActions={() => (
        <Button variant="light" component={Link} to="/cadastros/modelos/add" leftSection={<IconExternalLink size={16} />}>
          Novo Modelo (página)
        </Button>
      )}
      columns={[
        { key: 'mod_codigo', title: 'ID', sortable: true, width: 90 },
        { key: 'mod_name', title: 'Nome', sortable: true },
        {
          key: 'mod_enable',
          title: 'Status',
          sortable: true,
          width: 130,
          render: (m) => (
            <Badge color={m.mod_enable ? 'green' : 'gray'} variant="light" tt="none">
              {templateStatusLabel(m.mod_enable)}
            </Badge>
          ),
        },
        { key: 'mod_data_criacao', title: 'Criado', sortable: true, width: 170, render: (m) => formatDateTime(m.mod_data_criacao) },
      ]}
      modal={(template, { close, saved }) => (
        <StaticModal opened onClose={close} title={template ? 'Editar Modelo' : 'Novo Modelo'} size="xl">
          <TemplateForm template={template} variant="modal" onCancel={close} onSaved={saved} />
        </StaticModal>
      )}
    />
  );
}
