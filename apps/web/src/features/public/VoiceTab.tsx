import type { PublicMessage } from '@ar/core';
import { Anchor, Code, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../app/format.ts';
import { Field } from '../../components/Field.tsx';

/** The public page's AR-Voz tab (spec 002 §3 Voice details): the number, the status, the failure and the recording's page. */
export function VoiceTab({ m }: { m: PublicMessage }) {
  const statuses = m.statusFull.voz ?? [];
  return (
    <Stack data-testid="voice-tab">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label="Número chamado" value={m.numberVoz ?? '—'} />
        <Field label="Situação" value={m.statusVoz?.label ?? 'Processado'} />
      </SimpleGrid>
      {statuses.map((s) => (
        <Text key={`${s.type}-${s.dateTime}`} size="sm">
          {s.label} · {formatDateTime(s.dateTime)}
        </Text>
      ))}
      {m.voz_error && (
        <Text c="red" size="sm">
          {m.voz_error.reasonFailure}
        </Text>
      )}
      {m.linkVoz ? (
        <>
          <Anchor component={Link} to={m.linkVoz} data-testid="voice-tab-link">
            Ouvir ou baixar a gravação da chamada
          </Anchor>
          {m.gravacaoVozSha256 && (
            <Text size="xs" c="dimmed">
              SHA-256 da gravação: <Code style={{ wordBreak: 'break-all' }}>{m.gravacaoVozSha256}</Code>
            </Text>
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          A gravação aparece aqui quando a chamada for concluída.
        </Text>
      )}
    </Stack>
  );
}
