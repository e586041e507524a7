import { MSG } from '@ar/core';
import { Anchor, Center, Paper, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../layout/Logo.tsx';

/** 'Esse link não é mais válido' with the way back to /login (reset and invitation links). */
export function LinkInvalid() {
  return (
    <Center mih="100vh" p="md">
      <Paper w="100%" maw={420} p="xl" withBorder radius="md">
        <Stack>
          <Logo />
          <Title order={3}>{MSG.linkInvalid}</Title>
          <Anchor component={Link} to="/login">
            Ir para o login
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
