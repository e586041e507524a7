import type { ApiKeyCreatedResponse } from '@ar/core';
import { Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../app/format.ts';
import { confirmDelete, notifySuccess, showFailure } from '../../components/registry-ui.tsx';
import { apiKeysCall, createApiKeyCall, revokeApiKeyCall } from './integrations.api.ts';
import { SecretOnce } from './SecretOnce.tsx';

const EXPIRY = [
  { value: '', label: 'Sem expiração' },
  { value: '30', label: '30 dias' },
  { value: '90', label: '90 dias' },
  { value: '365', label: '1 ano' },
];

/** The user's API keys: create one (its token shown once), list and revoke (docs/integrations.md). */
export function ApiKeysPanel({ onCreated }: { onCreated: (token: string) => void }) {
  const client = useQueryClient();
  const keys = useQuery({ queryKey: ['integracoes-chaves'], queryFn: apiKeysCall });
  const [nome, setNome] = useState('');
  const [days, setDays] = useState<string>('');
  const [created, setCreated] = useState<ApiKeyCreatedResponse | null>(null);
  const create = useMutation({
    mutationFn: () => createApiKeyCall({ nome, expiraEm: days ? new Date(Date.now() + Number(days) * 86_400_000).toISOString() : null }),
    onSuccess: (res) => {
      setCreated(res);
      setNome('');
      onCreated(res.token);
      void client.invalidateQueries({ queryKey: ['integracoes-chaves'] });
    },
    onError: (e) => showFailure('Houve um erro ao criar a chave de API', e),
  });
  const revoke = useMutation({
    mutationFn: revokeApiKeyCall,
    onSuccess: (res) => {
      notifySuccess(res.message);
      void client.invalidateQueries({ queryKey: ['integracoes-chaves'] });
    },
    onError: (e) => showFailure('Houve um erro ao revogar a chave de API', e),
  });
  const rows = keys.data?.chaves ?? [];
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3}>Chaves de API</Title>
        <Text size="sm">
          Uma chave age exatamente como você (mesmo nível, mesmos créditos): envie-a no cabeçalho <code>Authorization: Bearer</code>.
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <Group align="flex-end">
            <TextInput
              label="Nome da chave"
              placeholder="Ex.: ERP financeiro"
              value={nome}
              onChange={(e) => setNome(e.currentTarget.value)}
              w={260}
            />
            <Select label="Expira em" data={EXPIRY} value={days} onChange={(v) => setDays(v ?? '')} allowDeselect={false} w={160} />
            <Button type="submit" loading={create.isPending}>
              Criar chave
            </Button>
          </Group>
        </form>
        {created && (
          <SecretOnce
            title={`Chave "${created.nome}" criada`}
            value={created.token}
            onClose={() => setCreated(null)}
            testId="api-key-token"
          />
        )}
        {rows.length === 0 ? (
          <Text c="gray.7" size="sm">
            Nenhuma chave ativa.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label="Chaves de API">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Prefixo</Table.Th>
                  <Table.Th>Criada em</Table.Th>
                  <Table.Th>Último uso</Table.Th>
                  <Table.Th>Expira em</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((k) => (
                  <Table.Tr key={k.id}>
                    <Table.Td>{k.nome}</Table.Td>
                    <Table.Td>
                      <code>{k.prefixo}…</code>
                    </Table.Td>
                    <Table.Td>{formatDateTime(k.criadaEm)}</Table.Td>
                    <Table.Td>{k.ultimoUsoEm ? formatDateTime(k.ultimoUsoEm) : 'Nunca'}</Table.Td>
                    <Table.Td>{k.expiraEm ? formatDateTime(k.expiraEm) : 'Não expira'}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        onClick={() => confirmDelete(() => revoke.mutate(k.id))}
                        aria-label={`Revogar a chave ${k.nome}`}
                      >
                        Revogar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
