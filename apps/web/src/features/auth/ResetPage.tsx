import { MSG } from '@ar/core';
import { Button, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showAlert } from '../../app/alerts.ts';
import { Logo } from '../../layout/Logo.tsx';
import { checkResetTokenCall, resetCall } from './auth.api.ts';
import { LinkInvalid } from './LinkInvalid.tsx';
import { PasswordFields, passwordFormValid } from './PasswordFields.tsx';

export default function ResetPage() {
  const { passwordToken = '' } = useParams();
  const navigate = useNavigate();
  const [value, setValue] = useState({ newPassword: '', confirmPassword: '' });
  const check = useQuery({ queryKey: ['reset-token', passwordToken], queryFn: () => checkResetTokenCall(passwordToken), retry: false });
  const mutation = useMutation({
    mutationFn: () => resetCall(passwordToken, value.newPassword),
    // Done: to the login at once, the message over it (spec 000: 'a message is shown and the user goes to login').
    onSuccess: () => {
      navigate('/login', { replace: true });
      showAlert('Sucesso', MSG.passwordChanged);
    },
    onError: (e: Error) => showAlert('Aviso', e.message || MSG.passwordUpdateProblem),
  });
  if (check.isPending) {
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  }
  if (check.isError || (mutation.isError && mutation.error.message === MSG.linkInvalid)) return <LinkInvalid />;
  return (
    <Center mih="100vh" p="md">
      <Paper w="100%" maw={440} p="xl" withBorder radius="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (passwordFormValid(value)) mutation.mutate();
          }}
        >
          <Stack>
            <Logo />
            <Title order={3}>Defina sua nova senha</Title>
            <PasswordFields value={value} onChange={setValue} />
            <Button type="submit" disabled={!passwordFormValid(value) || mutation.isSuccess} loading={mutation.isPending}>
              Salvar nova senha
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
