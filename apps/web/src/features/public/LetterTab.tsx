import type { PublicMessage } from '@ar/core';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../app/format.ts';

/** The public page's AR-Carta tab (spec 002 §2, §3 Letter details): the current status, the statuses, and the way to its PDF and digital AR. */
export function LetterTab({ m }: { m: PublicMessage }) {
  const statuses = m.statusFull.carta ?? [];
  return (
    <Stack gap="xs" data-testid="public-letter-tab">
      <div>
        <Text size="xs" c="dimmed">
          Situação
        </Text>
        <Badge color={m.statusCarta?.color ?? 'gray'} mt={4} data-testid="situacao-carta">
          {m.statusCarta?.label ?? 'Processado'}
        </Badge>
      </div>
      {statuses.map((s) => (
        <Group key={`${s.type}-${s.dateTime}`} gap="xs">
          <Badge color={s.color}>{s.label}</Badge>
          <Text size="sm">{formatDateTime(s.dateTime)}</Text>
        </Group>
      ))}
      <Anchor component={Link} to={`/emails/info/public/carta/${m.codeEmail}`}>
        Ver a carta registrada (PDF) e o AR digital
      </Anchor>
    </Stack>
  );
}
