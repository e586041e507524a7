import type { Webhook, WebhookCreatedResponse } from '@ar/core';
import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../app/format.ts';
import { confirmDelete, notifySuccess, showFailure } from '../../components/registry-ui.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { createWebhookCall, removeWebhookCall, webhooksCall } from './integrations.api.ts';
import { SecretOnce } from './SecretOnce.tsx';

function StateBadge({ hook }: { hook: Webhook }) {
  if (!hook.ativo) return <Badge color="red">Desativado</Badge>;
  if (hook.falhandoDesde) return <Badge color="orange">Falhando desde {formatDateTime(hook.falhandoDesde)}</Badge>;
  return <Badge color="green">Ativo</Badge>;
}

/** The user's webhook endpoints: add one (its secret shown once), remove, and each one's delivery log. */
export function WebhooksPanel() {
  const client = useQueryClient();
  const hooks = useQuery({ queryKey: ['integracoes-webhooks'], queryFn: webhooksCall });
  const [url, setUrl] = useState('');
  const [created, setCreated] = useState<WebhookCreatedResponse | null>(null);
  const [open, setOpen] = useState<Webhook | null>(null);
  const reload = () => client.invalidateQueries({ queryKey: ['integracoes-webhooks'] });
  const create = useMutation({
    mutationFn: () => createWebhookCall({ url }),
    onSuccess: (res) => {
      setCreated(res);
      setUrl('');
      void reload();
    },
    onError: (e) => showFailure('Houve um erro ao cadastrar o endpoint', e),
  });
  const remove = useMutation({
    mutationFn: removeWebhookCall,
    onSuccess: (res) => {
      notifySuccess(res.message);
      void reload();
    },
    onError: (e) => showFailure('Houve um erro ao remover o endpoint', e),
  });
  const rows = hooks.data?.webhooks ?? [];
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3}>Webhooks</Title>
        <Text size="sm">
          Cada mudança de status das suas mensagens, em todos os canais, é enviada por POST ao endpoint, assinada como manda a especificação
          Standard Webhooks (cabeçalhos webhook-id, webhook-timestamp e webhook-signature).
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <Group align="flex-end">
            <TextInput
              label="URL do endpoint"
              placeholder="https://seu-sistema.com.br/webhooks/ar-online"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              w={{ base: '100%', sm: 460 }}
            />
            <Button type="submit" loading={create.isPending}>
              Adicionar endpoint
            </Button>
          </Group>
        </form>
        {created && (
          <SecretOnce
            title="Segredo de assinatura do endpoint"
            value={created.segredo}
            onClose={() => setCreated(null)}
            testId="webhook-secret"
          />
        )}
        {rows.length === 0 ? (
          <Text c="gray.7" size="sm">
            Nenhum endpoint cadastrado.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label="Endpoints de webhook">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>URL</Table.Th>
                  <Table.Th>Eventos</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th>Criado em</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((h) => (
                  <Table.Tr key={h.id}>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{h.url}</Table.Td>
                    <Table.Td>{h.eventos.join(', ')}</Table.Td>
                    <Table.Td>
                      <StateBadge hook={h} />
                    </Table.Td>
                    <Table.Td>{formatDateTime(h.criadoEm)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setOpen(h)}>
                          Entregas
                        </Button>
                        <Button size="xs" color="red" variant="light" onClick={() => confirmDelete(() => remove.mutate(h.id))}>
                          Remover
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {open && <DeliveryLog hook={open} onClose={() => setOpen(null)} />}
    </Paper>
  );
}
