import { GERAR_MSG, TRANSPORTE_MSG, type Transporte } from '@ar/core';
import { Alert, Button, Group, Loader, ScrollArea, Table, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { showAlert } from '../../app/alerts.ts';
import { confirmDelete, StaticModal, showFailure } from '../../components/registry-ui.tsx';
import { deleteTransporteCall, listTransportesCall } from './gerar-remessas.api.ts';

export const TRANSPORTES_KEY = ['transporte-dados'] as const;

/** 'Carregar modelo': the saved data transports (ID, Nome, Gerenciar with Carregar and Remover). */
export function TransportesModal(props: { onClose: () => void; onLoad: (t: Transporte) => void; onRemoved: (id: number) => void }) {
  const list = useQuery({ queryKey: TRANSPORTES_KEY, queryFn: listTransportesCall });
  const remove = useMutation({
    mutationFn: (id: number) => deleteTransporteCall(id).then(() => id),
    onSuccess: (id) => {
      showAlert(TRANSPORTE_MSG.removedTitle, TRANSPORTE_MSG.removed);
      props.onRemoved(id);
      void list.refetch();
    },
    onError: (e) => showFailure(TRANSPORTE_MSG.removeError, e),
  });
  const rows = list.data?.transportes ?? [];

  return (
    <StaticModal opened onClose={props.onClose} title={<strong>Transportes dos Dados</strong>} size="lg">
      {list.isError && (
        <Alert color="red" mb="sm">
          {TRANSPORTE_MSG.listError}
        </Alert>
      )}
      <ScrollArea.Autosize mah={420}>
        <Table striped withTableBorder data-testid="transportes-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>ID</Table.Th>
              <Table.Th>Nome</Table.Th>
              <Table.Th w={220}>Gerenciar</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={3} ta="center">
                  <Loader size="sm" />
                </Table.Td>
              </Table.Tr>
            ) : rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text ta="center" c="dimmed" py="md">
                    {GERAR_MSG.empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((t) => (
                <Table.Tr key={t.rem_trans_codigo} data-testid="transporte-row">
                  <Table.Td>{t.rem_trans_codigo}</Table.Td>
                  <Table.Td>{t.rem_trans_nome}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button size="xs" leftSection={<IconDownload size={14} />} onClick={() => props.onLoad(t)}>
                        Carregar
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        leftSection={<IconTrash size={14} />}
                        loading={remove.isPending && remove.variables === t.rem_trans_codigo}
                        onClick={() => confirmDelete(() => remove.mutate(t.rem_trans_codigo))}
                      >
                        Remover
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={props.onClose}>
          Fechar
        </Button>
      </Group>
    </StaticModal>
  );
}
