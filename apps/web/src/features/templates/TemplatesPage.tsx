import { TEMPLATE_MSG, type Template, type TemplateSummary, templateStatusLabel } from '@ar/core';
import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../app/format.ts';
import { type PagedColumn, PagedTable } from '../../components/paged-table/PagedTable.tsx';
import { usePagedList } from '../../components/paged-table/table-state.ts';
import { manageColumn, notifySuccess, StaticModal, showFailure } from '../../components/registry-ui.tsx';
import { TemplateForm } from './TemplateForm.tsx';
import { deleteTemplateCall, getTemplateCall } from './templates.api.ts';

/** /cadastros/modelos: message templates (spec 001 §2.3); create and edit in a modal. */
export default function TemplatesPage() {
  const { query, tableProps } = usePagedList<TemplateSummary>('modelos', '/modelos', 'modelos', {
    limit: 10,
    column: 'mod_codigo',
    order: 'DESC',
  });
  const [editing, setEditing] = useState<Template | null | undefined>(undefined);
  useEffect(() => {
    if (query.isError) showFailure(TEMPLATE_MSG.listError, query.error);
  }, [query.isError, query.error]);
  const remove = useMutation({
    mutationFn: deleteTemplateCall,
    onSuccess: () => {
      notifySuccess(TEMPLATE_MSG.removed);
      void query.refetch();
    },
    // The server answers the spec's own text when a sending used the template.
    onError: (e) => showFailure(e instanceof Error && e.message === TEMPLATE_MSG.inUse ? TEMPLATE_MSG.inUse : TEMPLATE_MSG.removeError, e),
  });
  const openEdit = async (id: number) => {
    try {
      setEditing(await getTemplateCall(id));
    } catch (e) {
      showFailure(TEMPLATE_MSG.getError, e);
    }
  };
  const columns: PagedColumn<TemplateSummary>[] = [
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
    manageColumn(
      (r) => r.mod_name,
      (r) => r.mod_codigo,
      (id) => void openEdit(id),
      (id) => remove.mutate(id),
    ),
  ];
  return (
    <Paper p="lg" withBorder radius="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>Modelos</Title>
          <Group gap="xs">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              Novo Modelo
            </Button>
            <Button variant="light" component={Link} to="/cadastros/modelos/add" leftSection={<IconExternalLink size={16} />}>
              Novo Modelo (página)
            </Button>
          </Group>
        </Group>
        <PagedTable
          columns={columns}
          {...tableProps}
          rowKey={(m) => m.mod_codigo}
          searchPlaceholder="Pesquisar por ID ou Nome, Status ou Data"
        />
      </Stack>
      {editing !== undefined && (
        <StaticModal opened onClose={() => setEditing(undefined)} title={editing ? 'Editar Modelo' : 'Novo Modelo'} size="xl">
          <TemplateForm
            template={editing}
            variant="modal"
            onCancel={() => setEditing(undefined)}
            onSaved={() => {
              setEditing(undefined);
              void query.refetch();
            }}
          />
        </StaticModal>
      )}
    </Paper>
  );
}
