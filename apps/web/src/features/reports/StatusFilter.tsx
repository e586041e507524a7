import { BULK_PROOF_CHANNELS, BULK_PROOF_STATUSES, type BulkProofChannel, CHANNEL_SHORT, describeProofFilter } from '@ar/core';
import { Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';

export interface ProofFilterValue {
  channels: BulkProofChannel[];
  status: number[];
}

/**
 * The proofs' filter (spec 002 §2, §4): channels and the statuses 1 to 16 of each, in a dropdown;
 * the button reads the choice with up to 4 statuses, then 'e mais N'.
 */
export function StatusFilter({ value, onChange }: { value: ProofFilterValue; onChange: (v: ProofFilterValue) => void }) {
  const toggleChannel = (c: BulkProofChannel, on: boolean) =>
    onChange({ ...value, channels: on ? [...value.channels, c] : value.channels.filter((x) => x !== c) });
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Filtro por canal e status
      </Text>
      <Popover position="bottom-start" shadow="md" withinPortal>
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconFilter size={16} />}
            justify="flex-start"
            maw={520}
            styles={{ label: { whiteSpace: 'normal' } }}
          >
            {describeProofFilter(value)}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Group align="flex-start" gap="xl">
            {BULK_PROOF_CHANNELS.map((channel) => (
              <Stack key={channel} gap={6}>
                <Checkbox
                  label={<b>{CHANNEL_SHORT[channel]}</b>}
                  checked={value.channels.includes(channel)}
                  onChange={(e) => toggleChannel(channel, e.currentTarget.checked)}
                />
                <Checkbox.Group
                  value={value.status.map(String)}
                  onChange={(picked) => onChange({ ...value, status: picked.map(Number).sort((a, b) => a - b) })}
                >
                  <Stack gap={4} pl="md">
                    {BULK_PROOF_STATUSES.filter((s) => s.channel === channel).map((s) => (
                      <Checkbox key={s.id} value={String(s.id)} label={s.label} size="xs" />
                    ))}
                  </Stack>
                </Checkbox.Group>
              </Stack>
            ))}
          </Group>
        </Popover.Dropdown>
      </Popover>
    </Stack>
  );
}
