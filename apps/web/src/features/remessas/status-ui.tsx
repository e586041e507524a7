import { REMESSA_STATUS, type RemessaStatusInfo, remessaStatusInfo } from '@ar/core';
import { Badge, Group, Modal, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleDashedCheck,
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
  'circle-dashed-check': IconCircleDashedCheck,
  'file-alert': IconFileAlert,
  'settings-x': IconSettingsX,
  'alert-triangle': IconAlertTriangle,
  'server-off': IconServerOff,
};

/**
 * What each progress badge of a processed file counts (its tooltip and the legend): what each of
 * the file's lines is now, so that they add up to its lines (issue 43).
 */
export const PROGRESS_HELP = {
  aguardando: 'Linhas válidas que ainda vão virar mensagens AR.',
  na_fila: 'Mensagens AR criadas e ainda nas filas de envio (nem enviadas nem com falha).',
  enviadas: 'Mensagens aceitas pelo servidor de e-mail ou pela operadora do destinatário.',
  falhas: 'Linhas recusadas na validação e mensagens que falharam em todos os canais.',
} as const;

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
      {!props.falhas && (
        <Stack gap={4} mt="md" data-testid="progress-legend">
          <Text size="sm" fw={600}>
            Progresso
          </Text>
          <Text size="sm">Cada linha do arquivo está em um destes estados agora, e a soma deles é o Nº Registros da remessa:</Text>
          {(
            [
              ['aguardando', 'gray'],
              ['na fila', 'blue'],
              ['enviadas', 'green'],
              ['falhas', 'red'],
            ] as const
          ).map(([label, color]) => (
            <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
              <Badge variant="light" color={color} style={{ flexShrink: 0 }}>
                {label}
              </Badge>
              <Text size="sm">{PROGRESS_HELP[label === 'na fila' ? 'na_fila' : label]}</Text>
            </Group>
          ))}
        </Stack>
      )}
      <Stack gap={0} mt="xs">
        <Text size="xs" c="dimmed">
          Um status que o sistema não reconhece aparece como “Desconhecido”.
        </Text>
      </Stack>
    </Modal>
  );
}
