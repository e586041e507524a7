import {
  CHANNEL_NAMES,
  type Channel,
  DELIVERY_STATE_LABELS,
  STATUS_LABELS,
  type StatusType,
  type Webhook,
  type WebhookDelivery,
} from '@ar/core';
import { Badge, Button, Code, Group, Loader, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../app/format.ts';
import { notifySuccess, showFailure } from '../../components/registry-ui.tsx';
import { deliveriesCall, resendDeliveryCall } from './integrations.api.ts';

const STATE_COLORS = { pendente: 'yellow', entregue: 'green', falhou: 'red' } as const;
const PAGE = 10;

/** What a delivery is about, read from the body it posts: the message, its channel and status. */
function summary(d: WebhookDelivery): string {
  try {
    const { data } = JSON.parse(d.corpo) as { data?: { codigo?: number; canal?: Channel; status?: StatusType } };
    if (!data) return d.tipo;
    const status = data.status ? (STATUS_LABELS[data.status]?.label ?? data.status) : '';
    return `Mensagem ${data.codigo ?? ''} · ${data.canal ? CHANNEL_NAMES[data.canal] : ''} · ${status}`;
  } catch {
    return d.tipo;
  }
}

/** An endpoint's delivery log: each delivery with every attempt (time, HTTP status, duration, next try), and a resend. */
export function DeliveryLog({ hook, onClose }: { hook: Webhook; onClose: () => void }) {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: ['integracoes-entregas', hook.id, page],
    queryFn: () => deliveriesCall(hook.id, (page - 1) * PAGE),
    refetchInterval: 5000,
  });
  const resend = useMutation({
    mutationFn: (deliveryId: number) => resendDeliveryCall(hook.id, deliveryId),
    onSuccess: (res) => {
      notifySuccess(res.message);
      void client.invalidateQueries({ queryKey: ['integracoes-entregas', hook.id] });
    },
    onError: (e) => showFailure('Houve um erro ao reenviar a entrega', e),
  });
  const rows = log.data?.entregas ?? [];
  return (
    <Modal opened onClose={onClose} title={<strong>Entregas de {hook.url}</strong>} size="xl" centered>
      {log.isLoading ? (
        <Loader />
      ) : rows.length === 0 ? (
        <Text size="sm">Nenhuma entrega ainda: elas aparecem aqui quando o status de uma mensagem muda.</Text>
      ) : (
        <Stack>
          {rows.map((d) => (
            <Stack key={d.id} gap={4} data-testid="webhook-delivery">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs">
                  <Badge color={STATE_COLORS[d.situacao]}>{DELIVERY_STATE_LABELS[d.situacao]}</Badge>
                  <Text size="sm" fw={600}>
                    {summary(d)}
                  </Text>
                </Group>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => resend.mutate(d.id)}
                  loading={resend.isPending && resend.variables === d.id}
                >
                  Reenviar
                </Button>
              </Group>
              <Text size="xs" c="gray.7">
                webhook-id <Code>{d.webhookId}</Code> · criada em {formatDateTime(d.criadaEm)}
                {d.proximaTentativa ? ` · próxima tentativa ${formatDateTime(d.proximaTentativa)}` : ''}
              </Text>
              <Table withTableBorder fz="xs" aria-label={`Tentativas da entrega ${d.id}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Hora</Table.Th>
                    <Table.Th>Status HTTP</Table.Th>
                    <Table.Th>Duração</Table.Th>
                    <Table.Th>Próxima tentativa</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.tentativas.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={4}>Aguardando a primeira tentativa</Table.Td>
                    </Table.Tr>
                  ) : (
                    d.tentativas.map((a) => (
                      <Table.Tr key={a.em}>
                        <Table.Td>{formatDateTime(a.em)}</Table.Td>
                        <Table.Td>{a.status ?? `sem resposta${a.erro ? ` (${a.erro})` : ''}`}</Table.Td>
                        <Table.Td>{a.duracaoMs} ms</Table.Td>
                        <Table.Td>{a.proximaTentativa ? formatDateTime(a.proximaTentativa) : '—'}</Table.Td>
                      </Table.Tr>
                    ))
                  )}
                </Table.Tbody>
              </Table>
            </Stack>
          ))}
          {(log.data?.pagination.pageCount ?? 1) > 1 && (
            <Pagination value={page} onChange={setPage} total={log.data?.pagination.pageCount ?? 1} size="sm" />
          )}
        </Stack>
      )}
    </Modal>
  );
}
