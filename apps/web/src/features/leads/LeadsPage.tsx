import { LEAD_MSG, type Lead } from '@ar/core';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconPlus, IconUpload, IconVariable } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type PagedColumn, PagedTable } from '../../components/paged-table/PagedTable.tsx';
import { usePagedList } from '../../components/paged-table/table-state.ts';
import { manageColumn, notifySuccess, showFailure } from '../../components/registry-ui.tsx';
import { CustomFieldsModal } from './CustomFieldsModal.tsx';
import { ImportModal } from './ImportModal.tsx';
import { LeadModal } from './LeadModal.tsx';
import { deleteLeadCall, getCustomFieldsCall, getLeadCall } from './leads.api.ts';
import { TemplateDownloadModal } from './TemplateDownloadModal.tsx';

type Open = { kind: 'lead'; lead: Lead | null } | { kind: 'import' } | { kind: 'custom' } | { kind: 'template' } | null;

/** /cadastros/destinatarios: recipients, their CSV import and the custom variables (spec 001 §2.2). */
export default function LeadsPage() {
  const { query, tableProps } = usePagedList<Lead>('leads', '/leads', 'leads', { limit: 10, column: 'lea_codigo', order: 'DESC' });
  const custom = useQuery({ queryKey: ['lead-custom-fields'], queryFn: getCustomFieldsCall });
  const customFields = custom.data?.customField.data ?? [];
  const [open, setOpen] = useState<Open>(null);
  useEffect(() => {
    if (query.isError) showFailure(LEAD_MSG.listError, query.error);
  }, [query.isError, query.error]);

  const remove = useMutation({
    mutationFn: deleteLeadCall,
    onSuccess: () => {
      notifySuccess(LEAD_MSG.removed);
      void query.refetch();
    },
    onError: (e) => showFailure(LEAD_MSG.removeError, e),
  });
  const openEdit = async (id: number) => {
    try {
      setOpen({ kind: 'lead', lead: await getLeadCall(id) });
    } catch (e) {
      showFailure(LEAD_MSG.getError, e);
    }
  };
  const reload = () => {
    setOpen(null);
    void query.refetch();
  };

  const columns: PagedColumn<Lead>[] = [
    { key: 'lea_codigo', title: 'ID', sortable: true, width: 90 },
    { key: 'lea_nome', title: 'Nome', sortable: true },
    { key: 'lea_email', title: 'E-mail', sortable: true },
    manageColumn(
      (r) => r.lea_nome,
      (r) => r.lea_codigo,
      (id) => void openEdit(id),
      (id) => remove.mutate(id),
    ),
  ];

  return (
    <Paper p="lg" withBorder radius="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>Destinatários</Title>
          <Group gap="xs">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen({ kind: 'lead', lead: null })}>
              Novo Destinatário
            </Button>
            <Button variant="light" leftSection={<IconUpload size={16} />} onClick={() => setOpen({ kind: 'import' })}>
              Importar Destinatários
            </Button>
            <Button variant="light" leftSection={<IconVariable size={16} />} onClick={() => setOpen({ kind: 'custom' })}>
              Campo Customizado
            </Button>
          </Group>
        </Group>
        <PagedTable columns={columns} {...tableProps} rowKey={(l) => l.lea_codigo} searchPlaceholder="Pesquisar por ID, Nome ou E-mail" />
      </Stack>
      {open?.kind === 'lead' && <LeadModal lead={open.lead} customFields={customFields} onClose={() => setOpen(null)} onSaved={reload} />}
      {open?.kind === 'import' && (
        <ImportModal
          customFields={customFields}
          onClose={() => setOpen(null)}
          onImported={reload}
          onTemplate={() => setOpen({ kind: 'template' })}
        />
      )}
      {open?.kind === 'template' && <TemplateDownloadModal customFields={customFields} onClose={() => setOpen({ kind: 'import' })} />}
      {open?.kind === 'custom' && (
        <CustomFieldsModal
          fields={customFields}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            void custom.refetch();
          }}
        />
      )}
    </Paper>
  );
}
