import { BACKUP_MSG } from '@ar/core';
import { Alert, Badge, Code, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { apiClient } from '../../api/typed-client.ts';
import { formatDateTime } from '../../app/format.ts';
import { useSession } from '../../session/session.ts';
import { LEVEL1_LANDING } from '../users/UsersPage.tsx';

/** Sizes as people read them (1,5 MB). */
const formatSize = (bytes: number | null) => {
  if (bytes === null) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n.toLocaleString('pt-BR', { maximumFractionDigits: i ? 1 : 0 })} ${units[i]}`;
};

const count = (n: number) => n.toLocaleString('pt-BR');

/**
 * /administracao/backups (administrators, docs/backups.md): the last scheduled backups (time,
 * size, result) and the last evidence audit's result. Without BACKUP_PASSPHRASE it says scheduled
 * backups are off and how to turn them on. The audit's breaks are counted here, not listed: they
 * name messages of every tenant (the log and `npm run verify-evidence` list them).
 */
export default function BackupsPage() {
  const session = useSession();
  if (session?.user.usu_nivel !== 3) return <Navigate to={LEVEL1_LANDING} replace />;
  return <BackupsStatusView />;
}

function BackupsStatusView() {
  const status = useQuery({ queryKey: ['backups'], queryFn: () => apiClient.GET('/v2/backups') });
  if (!status.data) return <Text>{status.isError ? 'Não foi possível obter a situação dos backups.' : 'Carregando…'}</Text>;
  const { agendamento, backups, auditoria } = status.data;
  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>Backups e auditoria de evidências</Title>
      {agendamento.ativo ? (
        <Text>
          Backups agendados ligados: expressão <Code>{agendamento.cron}</Code> (horário de Brasília), os {agendamento.manter} mais recentes
          são mantidos.
        </Text>
      ) : (
        <Alert color="yellow" title={BACKUP_MSG.off} variant="light">
          <Text c="dark.7">{BACKUP_MSG.howToEnable}</Text>
        </Alert>
      )}
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          Últimos backups
        </Title>
        {backups.length === 0 ? (
          <Text>Nenhum backup agendado foi feito ainda.</Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Início</Table.Th>
                <Table.Th>Fim</Table.Th>
                <Table.Th>Tamanho</Table.Th>
                <Table.Th>Resultado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {backups.map((b) => (
                <Table.Tr key={b.inicio}>
                  <Table.Td>{formatDateTime(b.inicio)}</Table.Td>
                  <Table.Td>{formatDateTime(b.fim)}</Table.Td>
                  <Table.Td>{formatSize(b.tamanho)}</Table.Td>
                  <Table.Td>
                    {b.sucesso ? (
                      <Badge color="green" c="dark.7" variant="light">
                        Concluído
                      </Badge>
                    ) : (
                      <Stack gap={2}>
                        <Badge color="red" c="dark.7" variant="light">
                          Falhou
                        </Badge>
                        <Text size="sm">{b.erro}</Text>
                      </Stack>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          Última auditoria de evidências
        </Title>
        {!auditoria ? (
          <Text>A auditoria roda toda noite às 03:30; ainda não rodou nesta instalação.</Text>
        ) : (
          <Stack gap="xs">
            <Text>
              {formatDateTime(auditoria.inicio)} a {formatDateTime(auditoria.fim)}
            </Text>
            {auditoria.erro ? (
              <Alert color="red" title="A auditoria não terminou" variant="light">
                <Text c="dark.7">{auditoria.erro}</Text>
              </Alert>
            ) : auditoria.quebras === 0 ? (
              <Alert color="green" title="Nenhuma quebra" variant="light">
                <Text c="dark.7">
                  {count(auditoria.mensagens)} mensagens, {count(auditoria.eventos)} eventos, {count(auditoria.carimbos)} carimbos do tempo
                  e {count(auditoria.arquivos)} arquivos verificados: todas as cadeias e carimbos conferem.
                </Text>
              </Alert>
            ) : (
              <Alert
                color="red"
                title={`${count(auditoria.quebras)} ${auditoria.quebras === 1 ? 'quebra encontrada' : 'quebras encontradas'}`}
                variant="light"
              >
                <Text c="dark.7">
                  {count(auditoria.mensagens)} mensagens, {count(auditoria.eventos)} eventos verificados. Cada quebra está no log do
                  servidor; para a lista completa rode <Code>npm run verify-evidence</Code> no servidor.
                </Text>
              </Alert>
            )}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
