import type { ChannelError, PhoneReply, SentDetail } from '@ar/core';
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconMessage } from '@tabler/icons-react';
import { formatDateTime } from '../../app/format.ts';

/** A channel's failure with the provider's reason (spec 001 §3 email_error / sms_error). */
export function ChannelFailure({ title, error, testId }: { title: string; error: ChannelError | null; testId: string }) {
  if (!error) return null;
  return (
    <Alert color="red" title={title} data-testid={testId}>
      {error.reasonFailure}
      {error.dateSend && (
        <Text size="xs" c="dimmed" mt={4}>
          {formatDateTime(error.dateSend)}
        </Text>
      )}
    </Alert>
  );
}

/** What went to the phone and what came back: the text sent, then each reply in order (a conversation). */
function Conversation({
  channel,
  number,
  sent,
  replies,
  sentAt,
}: {
  channel: 'sms' | 'whatsapp';
  number: string;
  sent: string;
  replies: PhoneReply[];
  sentAt: string | undefined;
}) {
  const Icon = channel === 'sms' ? IconMessage : IconBrandWhatsapp;
  return (
    <Paper withBorder p="md" radius="md" data-testid={`phone-${channel}`}>
      <Group gap="xs" mb="sm">
        <Icon size={18} />
        <Text fw={600}>{channel === 'sms' ? 'Mensagem SMS' : 'Mensagem WhatsApp'}</Text>
        <Text size="sm" c="dimmed">
          para {number}
        </Text>
      </Group>
      <Stack gap="xs">
        <Bubble side="out" text={sent} date={sentAt} />
        {replies.map((r) => (
          <Bubble
            key={`${r.dateTime}-${r.short_message}`}
            side="in"
            text={r.short_message}
            date={r.dateTime}
            badge={r.type === 'acknowledged' ? 'Botão de confirmação' : 'Resposta'}
          />
        ))}
        {replies.length === 0 && (
          <Text size="xs" c="dimmed">
            Nenhuma resposta do destinatário.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Bubble({ side, text, date, badge }: { side: 'out' | 'in'; text: string; date?: string; badge?: string }) {
  return (
    <Paper
      p="xs"
      radius="md"
      maw="85%"
      bg={side === 'out' ? 'blue.0' : 'gray.1'}
      style={{ alignSelf: side === 'out' ? 'flex-end' : 'flex-start' }}
      data-testid={side === 'in' ? 'phone-reply' : 'phone-sent'}
    >
      {badge && (
        <Badge size="xs" variant="light" color={badge === 'Resposta' ? 'indigo' : 'grape'} mb={4}>
          {badge}
        </Badge>
      )}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      {date && (
        <Text size="xs" c="dimmed" ta="right">
          {formatDateTime(date)}
        </Text>
      )}
    </Paper>
  );
}

/** The SMS and WhatsApp messages of a sent message and the recipient's replies (spec 001 §2.7), side by side when both went. */
export function PhoneMessages({ d }: { d: SentDetail }) {
  const sentAt = (channel: 'sms' | 'whatsapp') => d.status[channel].find((s) => s.type === 'send')?.dateTime;
  const sms = d.ema_uni_sms && d.smsStatus;
  const whats = d.ema_uni_whatsapp && d.whatsappStatus;
  if (!sms && !whats) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: sms && whats ? 2 : 1 }}>
      {d.ema_uni_sms && d.smsStatus && (
        <Conversation
          channel="sms"
          number={d.smsStatus.number}
          sent={d.ema_uni_sms.messageContent}
          replies={d.smsStatus.answers}
          sentAt={sentAt('sms')}
        />
      )}
      {d.ema_uni_whatsapp && d.whatsappStatus && (
        <Conversation
          channel="whatsapp"
          number={d.whatsappStatus.numberReceived}
          sent={d.ema_uni_whatsapp.content}
          replies={d.whatsappStatus.answers}
          sentAt={sentAt('whatsapp')}
        />
      )}
    </SimpleGrid>
  );
}
