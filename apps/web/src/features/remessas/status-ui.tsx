import { REMESSA_STATUS, type RemessaStatusInfo, remessaStatusInfo } from '@ar/core';
import { Badge, Group, Modal, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconFileAlert,
  IconFlask,
  IconHourglass,
  IconListCheck,
  IconLoader,
  IconServerOff,
  IconSettingsX,
} from '@tabler/icons-react';

const ICONS: Record<RemessaStatusInfo['icon'], typeof IconFlask> = {
  flask: IconFlask,
  hourglass: IconHourglass,
  checklist: IconListCheck,
  loader: IconLoader,
  'circle-check': IconCircleCheck,
  'file-alert': IconFileAlert,
  'settings-x': IconSettingsX,
  'alert-triangle': IconAlertTriangle,
  'server-off': IconServerOff,
};

/** A remessa's status: its colour, icon and label ('Desconhecido' for a code the product does not know). */
export function RemessaStatusBadge({ code }: { code: string }) {
  const info = remessaStatusInfo(code);
  const Icon = ICONS[info.icon];
  return (
    <Badge
      color={info.color}
      variant="light"
      leftSection={<Icon size={12} />}
      title={info.description}
      styles={{ root: { maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {info.label}
    </Badge>
  );
}

/** 'Legenda de status': the non-error statuses on the successes tab, the ERRO/FALHA ones on the failures tab. */
export function StatusLegend(props: { falhas: boolean; onClose: () => void }) {
  const statuses = (Object.entries(REMESSA_STATUS) as [string, RemessaStatusInfo][]).filter(([, s]) => s.falha === props.falhas);
  return (
    <Modal opened onClose={props.onClose} title={<strong>Legenda de status</strong>} centered size="xl">
      <Table verticalSpacing="sm" data-testid="status-legend">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Status</Table.Th>
            <Table.Th>Código</Table.Th>
            <Table.Th>Descrição</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statuses.map(([code, s]) => {
            const Icon = ICONS[s.icon];
            return (
              <Table.Tr key={code}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ThemeIcon color={s.color} variant="light" size="md" radius="xl">
                      <Icon size={16} />
                    </ThemeIcon>
                    <Text size="sm" fw={600}>
                      {s.label}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {code}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{s.description}</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Stack gap={0} mt="xs">
        <Text size="xs" c="dimmed">
          Um status que o sistema não reconhece aparece como “Desconhecido”.
        </Text>
      </Stack>
    </Modal>
  );
}
