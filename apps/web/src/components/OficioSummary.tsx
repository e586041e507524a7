import type { OficioEvidence } from '@ar/core';
import { Alert, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconGavel } from '@tabler/icons-react';
import { Field } from './Field.tsx';

/**
 * The fields of a legal notice (ofício) sent with a message, as the sent detail, the sending proof
 * page and the public page show them; warns when the stored fields no longer match the hash chained
 * when the notice was sent.
 */
export function OficioSummary({ oficio }: { oficio: OficioEvidence }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="oficio-summary">
      <Stack gap="sm">
        <Group gap="xs">
          <IconGavel size={18} />
          <Text fw={600}>Ofício</Text>
          {oficio.confere && (
            // Text, not a Badge: a badge cuts this label with an ellipsis on a phone.
            <Group gap={4} wrap="nowrap">
              <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" />
              <Text size="sm" c="teal.7" fw={500}>
                Campos conferidos com a cadeia de evidências
              </Text>
            </Group>
          )}
        </Group>
        {!oficio.confere && (
          <Alert color="red" title="Campos não conferem">
            Os campos gravados deste ofício diferem dos registrados no envio. Consulte o laudo pericial.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {oficio.campos.map((c) => (
            <div key={c.label} style={{ whiteSpace: 'pre-line' }}>
              <Field label={c.label} value={c.value} />
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
