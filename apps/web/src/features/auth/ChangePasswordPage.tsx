import { MSG } from '@ar/core';
import { Alert, Button, Paper, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../app/alerts.ts';
import { passwordChanged, takeRememberedRoute, useSession } from '../../session/session.ts';
import { changePasswordCall } from './auth.api.ts';
import { DEFAULT_LANDING } from './LoginPage.tsx';
import { PasswordFields, passwordFormValid } from './PasswordFields.tsx';

/** /change/password: the signed-in user sets a new password; forced when login said secure: false. */
export default function ChangePasswordPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [value, setValue] = useState({ newPassword: '', confirmPassword: '' });
  const mutation = useMutation({
    mutationFn: () => changePasswordCall(session?.user.usu_codigo ?? 0, value.newPassword, value.confirmPassword),
    onSuccess: () => {
      passwordChanged();
      showAlert('Sucesso', MSG.passwordChanged);
      navigate(takeRememberedRoute() ?? DEFAULT_LANDING, { replace: true });
    },
    onError: (e: Error) => showAlert('Aviso', e.message || MSG.passwordUpdateProblem),
  });
  return (
    <Paper maw={480} mx="auto" p="xl" withBorder radius="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (passwordFormValid(value)) mutation.mutate();
        }}
      >
        <Stack>
          <Title order={3}>Alterar senha</Title>
          {session?.mustChangePassword && (
            <Alert color="yellow" title="Troca de senha obrigatória">
              Para continuar usando o sistema, defina uma nova senha.
            </Alert>
          )}
          <PasswordFields value={value} onChange={setValue} />
          <Button type="submit" disabled={!passwordFormValid(value)} loading={mutation.isPending}>
            Salvar
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
