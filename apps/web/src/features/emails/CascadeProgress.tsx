import { CHANNEL_NAMES, type SentDetail } from '@ar/core';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../app/format.ts';

const STATE = {
  aguardando: { label: 'Aguardando', color: 'yellow' },
  enviada: { label: 'Enviada', color: 'teal' },
  pulada: { label: 'Não enviada', color: 'gray' },
} as const;
const OVERALL = { em_andamento: 'em andamento', concluida: 'concluída', encerrada: 'encerrada' } as const;

/**
 * The sent detail's channel cascade (docs/cascade.md): the plan and where each step stands —
 * waiting until its deadline, sent (and why), or not sent (and why).
 */
export function CascadeProgress({ d }: { d: SentDetail }) {
  const c = d.cascata;
  if (!c) return null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="cascade-panel">
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          Régua de notificação: {c.nome}
        </Text>
        <Text size="sm" c="dimmed" data-testid="cascade-state">
          {OVERALL[c.situacao]}
        </Text>
      </Group>
      {c.regra && (
        <Text size="xs" c="dimmed" mb={6}>
          {c.regra}
        </Text>
      )}
      <Stack gap={6}>
        {c.etapas.map((e) => (
          <div key={e.ordem} data-testid={`cascade-step-${e.ordem}`}>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {e.ordem}. {CHANNEL_NAMES[e.canal]}
              </Text>
              <Text size="sm" c="dimmed">
                ({e.condicao})
              </Text>
              <Badge size="sm" variant="light" color={STATE[e.situacao].color}>
                {STATE[e.situacao].label}
                {e.situacao === 'aguardando' && e.prazo ? ` até ${formatDateTime(e.prazo)}` : ''}
              </Badge>
            </Group>
            {e.motivo && (
              <Text size="sm" ml="md">
                {e.motivo}
              </Text>
            )}
            {e.prazoTexto && (
              <Text size="xs" c="dimmed" ml="md">
                Prazo: {e.prazoTexto}
              </Text>
            )}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
