import { WHITELIST_MSG, type WhitelistEntry } from '@ar/core';
import { Button, Paper, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type PagedColumn, PagedTable } from '../../components/paged-table/PagedTable.tsx';
import { usePagedList } from '../../components/paged-table/table-state.ts';
import { manageColumn, notifySuccess, showFailure } from '../../components/registry-ui.tsx';
import { WhitelistModal } from './WhitelistModal.tsx';
import { deleteEntryCall, getEntryCall } from './whitelist.api.ts';

/** /cadastros/whitelist (spec 001 §2.4). The list answers its rows in `leads` (spec 001 §7). */
export default function WhitelistPage() {
  const { query, tableProps } = usePagedList<WhitelistEntry>('whitelist', '/whitelist', 'leads', {
    limit: 10,
    column: 'whi_codigo',
    order: 'DESC',
  });
  const [editing, setEditing] = useState<WhitelistEntry | null | undefined>(undefined);
  useEffect(() => {
    if (query.isError) showFailure(WHITELIST_MSG.listError, query.error);
  }, [query.isError, query.error]);
  const remove = useMutation({
    mutationFn: deleteEntryCall,
    onSuccess: () => {
      notifySuccess(WHITELIST_MSG.removed);
      void query.refetch();
    },
    onError: (e) => showFailure(WHITELIST_MSG.removeError, e),
  });
  const openEdit = async (id: number) => {
    try {
      setEditing(await getEntryCall(id));
    } catch (e) {
      showFailure(WHITELIST_MSG.getError, e);
    }
  };
  const columns: PagedColumn<WhitelistEntry>[] = [
    { key: 'whi_codigo', title: 'ID', sortable: true, width: 90 },
    { key: 'whi_email', title: 'E-mail', sortable: true },
    manageColumn(
      (r) => r.whi_email,
      (r) => r.whi_codigo,
      (id) => void openEdit(id),
      (id) => remove.mutate(id),
    ),
  ];
  return (
    <Paper p="lg" withBorder radius="md">
      <Stack>
        <Title order={3}>Whitelist</Title>
        <PagedTable
          columns={columns}
          {...tableProps}
          rowKey={(w) => w.whi_codigo}
          searchPlaceholder="Pesquisar por ID ou E-mail"
          toolbar={
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              Novo
            </Button>
          }
        />
      </Stack>
      {editing !== undefined && (
        <WhitelistModal
          entry={editing}
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
