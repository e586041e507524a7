import { MSG } from '@ar/core/messages';
import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { reportClientError } from '../api/client.ts';
import { reportException } from './error-reporting.ts';

/**
 * What a screen shows when it fails while drawing: a Portuguese explanation, a way to try again
 * and a way out, never a blank page. The failure goes to the server's log.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  useEffect(() => {
    reportClientError(`tela falhou em ${window.location.pathname}: ${detail}`.slice(0, 1000));
    reportException(error);
  }, [detail, error]);
  return (
    <Center mih="60vh" p="md">
      <Paper withBorder radius="md" p="xl" maw={520}>
        <Stack align="center" ta="center">
          <IconAlertTriangle size={48} color="var(--mantine-color-orange-6)" />
          <Title order={3}>{MSG.internalError}</Title>
          <Text>Algo deu errado ao mostrar esta tela. Nenhum dado foi perdido; tente de novo.</Text>
          <Group>
            <Button onClick={() => window.location.reload()}>Tentar de novo</Button>
            <Button component={Link} to="/" variant="default" reloadDocument>
              Ir para o início
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
