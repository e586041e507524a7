import {
  NOTIFICATION_MSG,
  type NotificationListResponse,
  type NotificationSector,
  type TotalAlertas,
  WEBHOOK_DISABLED_KIND,
} from '@ar/core';
import { ActionIcon, Button, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconBrandWhatsapp, IconFileCertificate, IconMail, IconMessage } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../app/format.ts';
import { clearNotificationCall, clearNotificationsCall, notificationsCall } from './notifications.api.ts';
import { setTotalAlertas } from './realtime-store.ts';

type Item = NotificationListResponse['notificacoes'][number];

const SECTORS: Record<NotificationSector, { label: string; icon: typeof IconMail; color: string }> = {
  1: { label: 'Comprovantes', icon: IconFileCertificate, color: 'blue' },
  2: { label: 'AR-Email', icon: IconMail, color: 'indigo' },
  3: { label: 'AR-SMS', icon: IconMessage, color: 'teal' },
  4: { label: 'AR-WhatsApp', icon: IconBrandWhatsapp, color: 'green' },
};

/** Where a notification leads: a proof to the proofs screen, a message's status to its sent detail. */
function targetOf(n: Item): string | null {
  if (n.not_setor === 1) return '/reports/proofs';
  // An endpoint disabled after 5 days of failures (docs/integrations.md): its reference is the endpoint, not a message.
  if (n.not_tipo === WEBHOOK_DISABLED_KIND) return '/integracoes';
  return n.not_referencia && /^\d+$/.test(n.not_referencia) ? `/emails/enviados/info/${n.not_referencia}` : null;
}

export const unreadCount = (t: TotalAlertas) => t.comprovante + t.email + t.sms + t.whatsapp;

/**
 * The header's bell (docs/realtime.md): the user's unread notifications of every sector (proofs
 * ready; a message read, confirmed, answered or failed, per channel), newest first. Opening one
 * clears it and goes to what it is about; 'Limpar todas' clears them all. The count comes live from
 * the socket's totalAlertas.
 */
export function NotificationsBell({ totals }: { totals: TotalAlertas }) {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const count = unreadCount(totals);
  const list = useQuery({ queryKey: ['notificacoes'], queryFn: () => notificationsCall(), enabled: opened });
  const done = (r: { totalAlertas: TotalAlertas }) => {
    setTotalAlertas(r.totalAlertas);
    void client.invalidateQueries({ queryKey: ['notificacoes'] });
  };
  const clearOne = useMutation({ mutationFn: clearNotificationCall, onSuccess: done });
  const clearAll = useMutation({ mutationFn: () => clearNotificationsCall(), onSuccess: done });
  const open = (n: Item) => {
    clearOne.mutate(n.not_codigo);
    const to = targetOf(n);
    setOpened(false);
    if (to) navigate(to);
  };
  const label = count === 0 ? 'Notificações: nenhuma nova' : `Notificações: ${count} nova${count === 1 ? '' : 's'}`;
  return (
    // The indicator wraps the popover so that the popover's target, which gets aria-expanded, is the button.
    <Indicator label={count > 99 ? '99+' : count} size={18} color="red" disabled={count === 0} offset={4}>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={380} shadow="md" withinPortal>
        <Popover.Target>
          <ActionIcon variant="subtle" color="white" size="lg" aria-label={label} onClick={() => setOpened((o) => !o)}>
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-label="Notificações">
          <Group justify="space-between" px="sm" py={8} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Text fw={600} size="sm">
              Notificações
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={count === 0}
              loading={clearAll.isPending}
              onClick={() => clearAll.mutate()}
            >
              Limpar todas
            </Button>
          </Group>
          {list.isLoading ? (
            <Group justify="center" p="md">
              <Loader size="sm" />
            </Group>
          ) : list.isError ? (
            <Text size="sm" c="red" p="sm">
              {NOTIFICATION_MSG.listError}
            </Text>
          ) : !list.data?.notificacoes.length ? (
            <Text size="sm" c="dimmed" p="sm">
              Nenhuma notificação nova.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={420}>
              <Stack gap={0}>
                {list.data.notificacoes.map((n) => {
                  const s = SECTORS[n.not_setor as NotificationSector] ?? SECTORS[2];
                  const Icon = s.icon;
                  return (
                    <UnstyledButton
                      key={n.not_codigo}
                      onClick={() => open(n)}
                      px="sm"
                      py={8}
                      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                      data-testid="notification"
                    >
                      <Group gap="sm" wrap="nowrap" align="flex-start">
                        <Icon
                          size={18}
                          color={`var(--mantine-color-${s.color}-6)`}
                          aria-label={s.label}
                          style={{ flexShrink: 0, marginTop: 2 }}
                        />
                        <div>
                          <Text size="sm">{n.not_texto}</Text>
                          <Text size="xs" c="dimmed">
                            {formatDateTime(n.not_data)}
                          </Text>
                        </div>
                      </Group>
                    </UnstyledButton>
                  );
                })}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
