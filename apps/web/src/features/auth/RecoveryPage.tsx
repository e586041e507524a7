import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../layout/Logo.tsx';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';

export default function RecoveryPage() {
  return (
    <Center mih="100vh" p="md">
      <Paper w="100%" maw={420} p="xl" withBorder radius="md">
        <Stack>
          <Logo />
          <Title order={3}>Recuperar senha</Title>
          <Text size="sm" c="dimmed">
            Informe o e-mail da sua conta. Enviaremos um link para você escolher uma nova senha.
          </Text>
          <ForgotPasswordForm />
          <Anchor component={Link} to="/login" size="sm">
            Voltar para o login
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
