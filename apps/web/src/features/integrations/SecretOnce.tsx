import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A secret shown once (an API key's token, an endpoint's signing secret), with its copy button. */
export function SecretOnce({ title, value, onClose, testId }: { title: string; value: string; onClose: () => void; testId: string }) {
  return (
    <Alert color="blue" title={title} withCloseButton onClose={onClose} closeButtonLabel="Fechar aviso">
      <Stack gap="xs">
        <Text size="sm">Copie agora: por segurança, este valor não será mostrado de novo.</Text>
        <Group gap="xs" align="center">
          <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>
            {value}
          </Code>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="light"
                color={copied ? 'teal' : 'blue'}
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              >
                {copied ? 'Copiado' : 'Copiar'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
