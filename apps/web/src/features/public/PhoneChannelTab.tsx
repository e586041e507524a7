import type { PublicMessage } from '@ar/core';
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import { IconAlertTriangle, IconCertificate } from '@tabler/icons-react';
import { formatDateTime } from '../../app/format.ts';
import { Field } from '../../components/Field.tsx';
import { CertificateCard } from './Certificates.tsx';

/** What a tab shows of one phone channel, from the page's fields of that channel. */
function channelOf(m: PublicMessage, channel: 'sms' | 'whatsapp') {
  return channel === 'sms'
    ? {
        name: 'SMS',
        number: m.numberSMS,
        message: m.messageSMS,
        status: m.statusSMS,
        error: m.sms_error,
        replies: m.respostasSMS,
        certificates: m.dataProviderSMS,
        // The certificates' names in 'Erro ao validar carimbo do …' (spec 002 §8).
        stampOf: { envioEntrega: 'SMS', leitura: 'leitura SMS', resposta: 'resposta SMS' },
      }
    : {
        name: 'WhatsApp',
        number: m.numberWhatsapp,
        message: m.messageWhatsapp,
        status: m.statusWhatsapp,
        error: m.whatsapp_error,
        replies: m.respostasWhatsApp,
        certificates: m.dataProviderWhatsApp,
        stampOf: { envioEntrega: 'WhatsApp envio', leitura: 'WhatsApp leitura', resposta: 'WhatsApp resposta' },
      };
}

/** Whether the page has anything of this channel (its tab shows only then: spec 002 §2). */
export const hasPhoneChannel = (m: PublicMessage, channel: 'sms' | 'whatsapp') =>
  !!(channel === 'sms' ? m.numberSMS || m.statusFull.sms : m.numberWhatsapp || m.statusFull.whatsapp);

const TITLES = { envioEntrega: 'envio e entrega', leitura: 'leitura', resposta: 'resposta' } as const;

/** The AR-SMS or AR-WhatsApp tab (spec 002 §2, §3): number, message, dates, replies and the channel's certificates. */
export function PhoneChannelTab({ m, channel }: { m: PublicMessage; channel: 'sms' | 'whatsapp' }) {
  const c = channelOf(m, channel);
  const statuses = m.statusFull[channel] ?? [];
  const blocks = (Object.keys(TITLES) as (keyof typeof TITLES)[])
    .map((kind) => [kind, c.certificates?.[kind] ?? null] as const)
    .filter((b): b is [keyof typeof TITLES, NonNullable<(typeof b)[1]>] => b[1] !== null);
  return (
    <Stack data-testid={`aba-${channel}`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label={`Número (${c.name})`} value={c.number ?? '—'} />
        <div>
          <Text size="xs" c="dimmed">
            Situação
          </Text>
          <Badge color={c.status?.color ?? 'gray'} mt={4} data-testid={`situacao-${channel}`}>
            {c.status?.label ?? 'Processado'}
          </Badge>
        </div>
      </SimpleGrid>
      {c.message && (
        <div>
          <Text size="xs" c="dimmed">
            Mensagem enviada
          </Text>
          <Paper withBorder p="sm" radius="md" bg="gray.0">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={`mensagem-${channel}`}>
              {c.message}
            </Text>
          </Paper>
        </div>
      )}
      {c.error && (
        <Alert color="red" icon={<IconAlertTriangle />} title="Falha No Envio/Entrega">
          {c.error.reasonFailure}
        </Alert>
      )}
      {statuses.length > 0 && (
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            Datas
          </Text>
          <Timeline bulletSize={12} lineWidth={2} active={statuses.length - 1}>
            {statuses.map((s) => (
              <Timeline.Item key={`${s.type}-${s.dateTime}`} color={s.color} title={s.label}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(s.dateTime)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </div>
      )}
      {c.replies.length > 0 && (
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            Respostas do destinatário
          </Text>
          <Stack gap="xs">
            {c.replies.map((r) => (
              <Paper key={`${r.dateTime}-${r.texto}`} withBorder p="xs" radius="md" data-testid={`resposta-${channel}`}>
                <Group justify="space-between" gap="xs">
                  <Badge size="xs" variant="light" color={r.tipo === 'acknowledged' ? 'grape' : 'indigo'}>
                    {r.tipo === 'acknowledged' ? 'Botão de confirmação' : 'Resposta'}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(r.dateTime)}
                  </Text>
                </Group>
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {r.texto}
                </Text>
              </Paper>
            ))}
          </Stack>
        </div>
      )}
      {blocks.length > 0 && (
        <Stack gap="sm">
          <Group gap="xs">
            <IconCertificate size={18} />
            <Text fw={600}>Certificados do {c.name}</Text>
          </Group>
          {blocks.map(([kind, block]) => (
            <CertificateCard
              key={kind}
              title={`Certificado de ${TITLES[kind]} do ${c.name}`}
              stampOf={c.stampOf[kind]}
              block={block}
              whatsapp={channel === 'whatsapp'}
              testId={`certificado-${channel}-${kind}`}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
