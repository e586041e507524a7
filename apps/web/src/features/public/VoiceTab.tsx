import type { PublicMessage } from '@ar/core';
import { Anchor, Badge, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../app/format.ts';
import { Field } from '../../components/Field.tsx';
import { CertificateCard } from './Certificates.tsx';

/** The call's certificates and their names in 'Erro ao validar carimbo do …' (spec 002 §8, as the SMS's). */
const BLOCKS = {
  envioEntrega: { title: 'Certificado da chamada', stampOf: 'AR-Voz' },
  resposta: { title: 'Certificado da confirmação pela tecla', stampOf: 'confirmação AR-Voz' },
} as const;

/**
 * The public page's AR-Voz tab (spec 002 §3 Voice details): the number, the status, the failure, the
 * recording's page and the call's certificates with 'Validar carimbo'.
 */
export function VoiceTab({ m }: { m: PublicMessage }) {
  const statuses = m.statusFull.voz ?? [];
  const blocks = (Object.keys(BLOCKS) as (keyof typeof BLOCKS)[])
    .map((kind) => [kind, m.dataProviderVoz?.[kind] ?? null] as const)
    .filter((b): b is [keyof typeof BLOCKS, NonNullable<(typeof b)[1]>] => b[1] !== null);
  return (
    <Stack data-testid="voice-tab">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label="Número chamado" value={m.numberVoz ?? '—'} />
        <div>
          <Text size="xs" c="dimmed">
            Situação
          </Text>
          <Badge color={m.statusVoz?.color ?? 'gray'} mt={4} data-testid="situacao-voz">
            {m.statusVoz?.label ?? 'Processado'}
          </Badge>
        </div>
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
      {blocks.length > 0 && (
        <Stack gap="sm">
          <Group gap="xs">
            <IconCertificate size={18} />
            <Text fw={600}>Certificados do AR-Voz</Text>
          </Group>
          {blocks.map(([kind, block]) => (
            <CertificateCard
              key={kind}
              title={BLOCKS[kind].title}
              stampOf={BLOCKS[kind].stampOf}
              block={block}
              testId={`certificado-voz-${kind}`}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
