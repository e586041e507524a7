import { Group, Text } from '@mantine/core';

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <Text fw={800} size="lg" c={inverted ? 'white' : 'blue.9'} style={{ letterSpacing: -0.3 }}>
        AR Online
      </Text>
    </Group>
  );
}
