import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** Where 'Saiba Mais' leads: our own article on blocked addresses. */
export const BLACKLIST_HELP_PATH = '/ajuda/bloqueio';

/** A recipient refused by the blacklist check: the server's reason, Fechar, Saiba Mais and Suporte (spec 001 §8). */
export function showBlacklistDialog(message: string, supportEmail: string) {
  const id = modals.open({
    title: <strong>Aviso</strong>,
    centered: true,
    children: (
      <Stack>
        <Text data-testid="blacklist-message">{message}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => modals.close(id)}>
            Fechar
          </Button>
          <Button component="a" variant="light" href={BLACKLIST_HELP_PATH} target="_blank" rel="noopener">
            Saiba Mais
          </Button>
          <Button
            component="a"
            href={`mailto:${supportEmail}?subject=${encodeURIComponent('Destinatário bloqueado')}&body=${encodeURIComponent(message)}`}
          >
            Suporte
          </Button>
        </Group>
      </Stack>
    ),
  });
}
