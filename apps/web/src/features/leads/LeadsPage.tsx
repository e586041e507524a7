import { LEAD_MSG, type Lead } from '@ar/core';
import { Button } from '@mantine/core';
import { IconUpload, IconVariable } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RegistryListPage } from '../../components/RegistryListPage.tsx';
import { CustomFieldsModal } from './CustomFieldsModal.tsx';
import { ImportModal } from './ImportModal.tsx';
import { LeadModal } from './LeadModal.tsx';
import { deleteLeadCall, getCustomFieldsCall, getLeadCall } from './leads.api.ts';
import { TemplateDownloadModal } from './TemplateDownloadModal.tsx';

/** /cadastros/destinatarios: recipients, their CSV import and the custom variables (spec 001 §2.2). */
export default function LeadsPage() {
  const custom = useQuery({ queryKey: ['lead-custom-fields'], queryFn: getCustomFieldsCall });
  const customFields = custom.data?.customField.data ?? [];
  const [open, setOpen] = useState<'import' | 'template' | 'custom' | null>(null);
  const closeExtra = () => setOpen(null);
  return (
    <RegistryListPage<Lead>
      title="Destinatários"
      list={{
        queryKey: 'leads',
        path: '/leads',
        field: 'leads',
        limit: 10,
        column: 'lea_codigo',
        order: 'DESC',
        failed: LEAD_MSG.listError,
      }}
      get={{ call: getLeadCall, failed: LEAD_MSG.getError }}
      remove={{ call: deleteLeadCall, name: (l) => l.lea_nome, done: LEAD_MSG.removed, failed: LEAD_MSG.removeError }}
      rowId={(l) => l.lea_codigo}
      searchPlaceholder="Pesquisar por ID, Nome ou E-mail"
      createLabel="Novo Destinatário"
      createInHeader
      headerActions={() => (
        <>
          <Button variant="light" leftSection={<IconUpload size={16} />} onClick={() => setOpen('import')}>
            Importar Destinatários
          </Button>
          <Button variant="light" leftSection={<IconVariable size={16} />} onClick={() => setOpen('custom')}>
            Campo Customizado
          </Button>
        </>
      )}
      columns={[
        { key: 'lea_codigo', title: 'ID', sortable: true, width: 90 },
        { key: 'lea_nome', title: 'Nome', sortable: true },
        { key: 'lea_email', title: 'E-mail', sortable: true },
      ]}
      modal={(lead, { close, saved }) => <LeadModal lead={lead} customFields={customFields} onClose={close} onSaved={saved} />}
      extraModals={({ reload }) => (
        <>
          {open === 'import' && (
            <ImportModal
              customFields={customFields}
              onClose={closeExtra}
              onImported={() => {
                closeExtra();
                reload();
              }}
              onTemplate={() => setOpen('template')}
            />
          )}
          {open === 'template' && <TemplateDownloadModal customFields={customFields} onClose={() => setOpen('import')} />}
          {open === 'custom' && (
            <CustomFieldsModal
              fields={customFields}
              onClose={closeExtra}
              onSaved={() => {
                closeExtra();
                void custom.refetch();
              }}
            />
          )}
        </>
      )}
    />
  );
}
