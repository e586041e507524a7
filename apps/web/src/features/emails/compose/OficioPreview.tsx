import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';

/** The notice as the recipient will receive it (rendered by core, as the server renders it), before it is sent. */
export function OficioPreview({ html, onClose, onSend }: { html: string | null; onClose: () => void; onSend: () => void }) {
  return (
    <Modal opened={html !== null} onClose={onClose} title={<strong>Pré-visualização do ofício</strong>} size="xl">
      <Stack>
        <Text size="sm" c="dimmed">
          É assim que o destinatário receberá o ofício. Confira os dados antes de enviar.
        </Text>
        <iframe
          title="Pré-visualização do ofício"
          sandbox=""
          srcDoc={html ?? ''}
          data-testid="oficio-preview"
          style={{ width: '100%', minHeight: 420, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6, background: '#fff' }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Voltar e editar
          </Button>
          <Button leftSection={<IconSend size={16} />} onClick={onSend}>
            Enviar ofício
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
