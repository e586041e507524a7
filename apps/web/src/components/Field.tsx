import { Text } from '@mantine/core';

/** A read-only value under its small label, as documents and summaries show them. */
export function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
    </div>
  );
}
