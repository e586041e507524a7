import { LABEL_MSG, type Label } from '@ar/core';
import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type PagedColumn, PagedTable } from '../../components/paged-table/PagedTable.tsx';
import { usePagedList } from '../../components/paged-table/table-state.ts';
import { manageColumn, notifySuccess, showFailure } from '../../components/registry-ui.tsx';
import { LabelModal } from './LabelModal.tsx';
import { deleteLabelCall, getLabelCall } from './labels.api.ts';

/** /cadastros/etiquetas: the user's labels (spec 001 §2.1). */
export default function LabelsPage() {
  const { query, tableProps } = usePagedList<Label>('etiquetas', '/etiquetas', 'etiquetas', {
    limit: 10,
    column: 'eti_codigo',
    order: 'ASC',
  });
  const [editing, setEditing] = useState<Label | null | undefined>(undefined);
  useEffect(() => {
    if (query.isError) showFailure(LABEL_MSG.listError, query.error);
  }, [query.isError, query.error]);

  const remove = useMutation({
    mutationFn: deleteLabelCall,
    onSuccess: () => {
      notifySuccess(LABEL_MSG.removed);
      void query.refetch();
    },
    onError: (e) => showFailure(LABEL_MSG.removeError, e),
  });
  const openEdit = async (id: number) => {
    try {
      setEditing(await getLabelCall(id));
    } catch (e) {
      showFailure(LABEL_MSG.getError, e);
    }
  };

  const columns: PagedColumn<Label>[] = [
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
    manageColumn(
      (r) => r.eti_nome,
      (r) => r.eti_codigo,
      (id) => void openEdit(id),
      (id) => remove.mutate(id),
    ),
  ];

  return (
    <Paper p="lg" withBorder radius="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>Etiquetas</Title>
        </Group>
        <PagedTable
          columns={columns}
          {...tableProps}
          rowKey={(l) => l.eti_codigo}
          searchPlaceholder="Pesquisar por ID ou Nome"
          toolbar={
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              Nova Etiqueta
            </Button>
          }
        />
      </Stack>
      {editing !== undefined && (
        <LabelModal
          label={editing}
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
