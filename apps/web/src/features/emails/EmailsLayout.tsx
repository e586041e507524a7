import { Box, Group, NavLink as MantineNavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { IconGavel, IconInbox, IconPencilPlus, IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

const LINKS = [
  { to: '/emails/novo', label: 'Novo AR', icon: IconPencilPlus },
  { to: '/emails/oficio', label: 'Novo Ofício', icon: IconGavel },
  { to: '/emails/recebidos', label: 'Recebidos', icon: IconInbox },
  { to: '/emails/enviados', label: 'Enviados', icon: IconSend },
];

/** The e-mail area: a sidebar to compose, received and sent, and the page's title and help. */
export function EmailsLayout({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <Paper withBorder radius="md" p="xs" w={200} visibleFrom="sm" component="nav" aria-label="AR-Email">
        <Stack gap={2}>
          {LINKS.map((l) => (
            <MantineNavLink key={l.to} component={NavLink} to={l.to} label={l.label} leftSection={<l.icon size={18} />} end />
          ))}
        </Stack>
      </Paper>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Stack gap={4} mb="md">
          <Title order={3}>{title}</Title>
          <Text c="dimmed" size="sm">
            {help}
          </Text>
        </Stack>
        {children}
      </Box>
    </Group>
  );
}
