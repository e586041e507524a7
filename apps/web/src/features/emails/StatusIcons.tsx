import { CHANNEL_NAMES, type Channel, type StatusEntry } from '@ar/core';

import { Group, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconMailOpened, IconMessage, IconPhone } from '@tabler/icons-react';

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
          : IconPhone;
  return <Icon size={16} />;
}

/** One icon per channel, coloured and labelled by that channel's last status (spec 001 §2.6). */
export function StatusIcons({ lastStatus }: { lastStatus: Partial<Record<Channel, StatusEntry | null>> }) {
  const entries = (Object.entries(lastStatus) as [Channel, StatusEntry | null][]).filter((e): e is [Channel, StatusEntry] => !!e[1]);
  return (
    <Group gap={4} wrap="nowrap">
      {entries.map(([channel, status]) => (
        <Tooltip key={channel} label={`${CHANNEL_NAMES[channel]}: ${status.label}`} withArrow>
          <ThemeIcon variant="light" color={status.color} size="md" radius="xl" aria-label={`${CHANNEL_NAMES[channel]}: ${status.label}`}>
            <ChannelIcon channel={channel} status={status} />
          </ThemeIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
