import { loginBody, MSG } from '@ar/core';
import { Anchor, Box, Button, Collapse, Divider, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { showAlert, showWarning } from '../../app/alerts.ts';
import { usePublicConfig } from '../../app/public-config.ts';
import { Logo } from '../../layout/Logo.tsx';
import { saveSession, takeRememberedRoute } from '../../session/session.ts';
import { loginCall } from './auth.api.ts';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { LoginCarousel } from './LoginCarousel.tsx';

export const DEFAULT_LANDING = '/emails/enviados';

export default function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [forgotOpen, setForgotOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const config = usePublicConfig();

  const mutation = useMutation({
    mutationFn: () => loginCall(username.trim(), password),
    onSuccess: (res) => {
      saveSession(res.token, res.user, !res.secure);
      if (!res.secure) {
        showAlert('Aviso', 'Por segurança, defina uma nova senha para continuar.');
        navigate('/change/password', { replace: true });
        return;
      }
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from ?? takeRememberedRoute() ?? DEFAULT_LANDING, { replace: true });
    },
    onError: (e: Error) => showWarning(e.message),
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!loginBody.safeParse({ username, password }).success) {
      showWarning(MSG.loginRequired);
      return;
    }
    mutation.mutate();
  }

  return (
    <Box mih="100vh" style={{ display: 'flex', flexWrap: 'wrap' }}>
      <Box
        visibleFrom="md"
        style={{
          flex: '1 1 50%',
          background: 'linear-gradient(135deg,#143a61,#1c4e80 55%,#2a6cb0)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: 48,
        }}
      >
        <LoginCarousel />
      </Box>
      <Box style={{ flex: '1 1 420px', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
        <Paper w="100%" maw={400} p="xl" radius="md" withBorder shadow="sm">
          <Stack gap="md">
            <Logo />
            <Title order={3}>Acesse sua conta</Title>
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <TextInput
                  label="E-mail"
                  type="email"
                  autoComplete="username"
                  value={username}
                  onChange={(e) => setUsername(e.currentTarget.value)}
                />
                <PasswordInput
                  label="Senha"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                />
                <Button type="submit" fullWidth loading={mutation.isPending}>
                  Entrar
                </Button>
              </Stack>
            </form>
            <Anchor component="button" type="button" size="sm" onClick={() => setForgotOpen((o) => !o)} aria-expanded={forgotOpen}>
              Esqueceu sua senha?
            </Anchor>
            <Collapse in={forgotOpen}>
              <ForgotPasswordForm />
            </Collapse>
            <Divider />
            <Group gap={4} justify="center">
              <Text size="sm" c="dimmed">
                Ainda não é cliente?
              </Text>
              <Anchor size="sm" href={config.data?.storeUrl ?? '#'} target="_blank" rel="noopener">
                Compre ou cadastre-se na loja
              </Anchor>
            </Group>
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}
