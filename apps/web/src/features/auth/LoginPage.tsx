import { loginFieldsValid, MSG } from '@ar/core';
import { Anchor, Box, Button, Collapse, Divider, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ComponentType, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { showAlert, showOffline, showWarning } from '../../app/alerts.ts';
import { usePublicConfig } from '../../app/public-config.ts';
import { Logo } from '../../layout/Logo.tsx';
import { saveSession, takeRememberedRoute, useSession } from '../../session/session.ts';
import { loginCall, meCall, ssoErrorCall } from './auth.api.ts';
import { LoginCarousel } from './LoginCarousel.tsx';

export const DEFAULT_LANDING = '/emails/enviados';

export default function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [forgotOpen, setForgotOpen] = useState(false);
  // The forgot-password form is loaded when 'Esqueceu sua senha?' is first clicked: its e-mail check
  // is a zod contract, which the login screen itself does without (docs/performance.md, web budget).
  // The panel opens once the form is there, so the collapse measures it whole.
  const [ForgotForm, setForgotForm] = useState<ComponentType | null>(null);
  function toggleForgot() {
    if (ForgotForm) {
      setForgotOpen((o) => !o);
      return;
    }
    import('./ForgotPasswordForm.tsx').then(
      (m) => {
        setForgotForm(() => m.ForgotPasswordForm);
        setForgotOpen(true);
      },
      () => showOffline(),
    );
  }
  const navigate = useNavigate();
  const location = useLocation();
  const config = usePublicConfig();

  // A plain call rather than react-query: the login screen loads no query library (docs/performance.md).
  const [pending, setPending] = useState(false);
  const [params, setParams] = useSearchParams();
  const sso = params.get('sso');
  const session = useSession();

  const goIn = () => {
    const from = (location.state as { from?: string } | null)?.from;
    navigate(from ?? takeRememberedRoute() ?? DEFAULT_LANDING, { replace: true });
  };

  // Back from the identity provider (docs/access.md): ?sso=ok, the server has opened the session
  // (its cookies), so the user is read; ?sso=erro, the server says why it refused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per return from the provider.
  useEffect(() => {
    if (sso === 'ok') {
      meCall().then(
        (user) => {
          saveSession(user, false);
          goIn();
        },
        (e: Error) => showWarning(e.message),
      );
    } else if (sso === 'erro') {
      ssoErrorCall().then(
        (r) => r.message && showWarning(r.message),
        () => {},
      );
      setParams({}, { replace: true });
    }
  }, [sso]);

  // Another tab signed in while this one shows the form (the session is the browser's): this one
  // follows. A session already there when the form opened stays until a sign-in replaces it.
  const [sessionAtOpen] = useState(session);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a session appearing matters.
  useEffect(() => {
    if (session && session !== sessionAtOpen && !sso && !pending) goIn();
  }, [session]);

  async function signIn() {
    setPending(true);
    try {
      const res = await loginCall(username.trim(), password);
      saveSession(res.user, !res.secure);
      if (!res.secure) {
        showAlert('Aviso', 'Por segurança, defina uma nova senha para continuar.');
        navigate('/change/password', { replace: true });
        return;
      }
      goIn();
    } catch (e) {
      showWarning((e as Error).message);
      setPending(false);
    }
  }
  const signInWith = config.data?.signIn;
  const passwordForm = signInWith?.password ?? true;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (pending) return;
    if (!loginFieldsValid(username, password)) {
      showWarning(MSG.loginRequired);
      return;
    }
    void signIn();
  }

  return (
    <Box mih="100vh" style={{ display: 'flex', flexWrap: 'wrap' }}>
      <Box
        component="aside"
        aria-label="Sobre o AR Online"
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
      <Box component="main" style={{ flex: '1 1 420px', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
        <Paper w="100%" maw={400} p="xl" radius="md" withBorder shadow="sm">
          <Stack gap="md">
            <Logo />
            <Title order={1} size="h3">
              Acesse sua conta
            </Title>
            {signInWith?.sso && (
              <>
                <Button component="a" href="/v2/auth/oidc/login" variant={passwordForm ? 'default' : 'filled'} fullWidth>
                  {signInWith.sso.label}
                </Button>
                {passwordForm && (
                  <Divider
                    label={
                      <Text size="xs" c="gray.7">
                        ou com e-mail e senha
                      </Text>
                    }
                    labelPosition="center"
                  />
                )}
              </>
            )}
            {passwordForm && (
              <>
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
                    <Button type="submit" fullWidth loading={pending}>
                      Entrar
                    </Button>
                  </Stack>
                </form>
                <Anchor component="button" type="button" size="sm" onClick={toggleForgot} aria-expanded={forgotOpen}>
                  Esqueceu sua senha?
                </Anchor>
                <Collapse in={forgotOpen}>{ForgotForm && <ForgotForm />}</Collapse>
              </>
            )}
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
