import { CHANNEL_NAMES, CHANNELS, type Channel, type StatusEntry } from '@ar/core';

import { Group, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconMailbox, IconMailOpened, IconMessage, IconPhone } from '@tabler/icons-react';

function ChannelIcon({ channel, status }: { channel: Channel; status: StatusEntry }) {
  const opened = status.type === 'read' || status.type === 'track';
  const Icon =
    channel === 'email'
      ? opened
        ? IconMailOpened
        : IconMail
      : channel === 'sms'
        ? IconMessage
        : channel === 'whatsapp'
          ? IconBrandWhatsapp
          : channel === 'carta'
            ? IconMailbox
            : IconPhone;
  return <Icon size={16} />;
}

/** One icon per channel, coloured and labelled by that channel's last status (spec 001 §2.6). */
export function StatusIcons({ lastStatus }: { lastStatus: Partial<Record<Channel, StatusEntry | null>> }) {
  // Always in the same order (e-mail, SMS, WhatsApp, voice, letter), whatever order the row lists them in.
  const entries = CHANNELS.map((c) => [c, lastStatus[c] ?? null] as const).filter((e): e is [Channel, StatusEntry] => !!e[1]);
  return (
    <Group gap={4} wrap="nowrap" data-testid="status-icons">
      {entries.map(([channel, status]) => (
        <Tooltip key={channel} label={`${CHANNEL_NAMES[channel]}: ${status.label}`} withArrow>
          <ThemeIcon
            variant="light"
            color={status.color}
            size="md"
            radius="xl"
            role="img"
            aria-label={`${CHANNEL_NAMES[channel]}: ${status.label}`}
            data-testid={`status-icon-${channel}`}
          >
            <ChannelIcon channel={channel} status={status} />
          </ThemeIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
