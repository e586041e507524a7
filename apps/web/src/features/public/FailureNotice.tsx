import type { PublicMessage } from '@ar/core';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Why the message was not delivered, and where to read more. */
export function FailureNotice({ m }: { m: PublicMessage }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title="Falha No Envio/Entrega">
      <Stack gap={4}>
        <Text size="sm">{m.email_error?.reasonFailure}</Text>
        <Anchor href="/ajuda/bloqueio" target="_blank" size="sm">
          Saiba por que uma mensagem pode não ser entregue
        </Anchor>
      </Stack>
    </Alert>
  );
}
