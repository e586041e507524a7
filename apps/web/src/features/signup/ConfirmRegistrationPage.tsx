import { MSG, SIGNUP_MSG, USERS_MSG, userNameField } from '@ar/core';
import { Button, Center, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { showAlert } from '../../app/alerts.ts';
import { showFailure } from '../../components/registry-ui.tsx';
import { Logo } from '../../layout/Logo.tsx';
import { LinkInvalid } from '../auth/LinkInvalid.tsx';
import { PasswordFields, passwordFormValid } from '../auth/PasswordFields.tsx';
import { confirmRegistrationCall, lookupInviteCall } from './signup.api.ts';

/** A used, expired or unknown invitation: the server's 'Esse link não é mais válido'. */
const isLinkGone = (e: unknown) => e instanceof ApiError && e.status === 404 && e.message === MSG.linkInvalid;

/** /confirm-registration/:inviteToken: name and password; then the user signs in (spec 000 §2). */
export default function ConfirmRegistrationPage() {
  const { inviteToken = '' } = useParams();
  const navigate = useNavigate();
  const invite = useQuery({ queryKey: ['invite', inviteToken], queryFn: () => lookupInviteCall(inviteToken), retry: false });
  const [name, setName] = useState('');
  const [password, setPassword] = useState({ newPassword: '', confirmPassword: '' });
  useEffect(() => {
    if (invite.data) setName(invite.data.usu_nome);
  }, [invite.data]);
  const nameCheck = userNameField.safeParse(name);
  const valid = nameCheck.success && passwordFormValid(password);
  const mutation = useMutation({
    mutationFn: () => confirmRegistrationCall(inviteToken, { usu_codigo: invite.data?.usu_codigo ?? 0, usu_nome: name, ...password }),
    // Done: to the login at once, the message over it (spec 000: 'a message is shown and the user goes to login').
    onSuccess: (res) => {
      navigate('/login', { replace: true });
      showAlert('Sucesso', res.message);
    },
    onError: (e) => {
      if (!isLinkGone(e)) showFailure(SIGNUP_MSG.confirmError, e);
    },
  });

  if (invite.isPending) {
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  }
  if (invite.isError || isLinkGone(mutation.error)) return <LinkInvalid />;
  return (
    <Center mih="100vh" p="md">
      <Paper w="100%" maw={460} p="xl" withBorder radius="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) mutation.mutate();
          }}
        >
          <Stack>
            <Logo />
            <Title order={3}>Confirme o seu cadastro</Title>
            <Text size="sm" c="dimmed">
              Informe o seu nome e escolha a senha de acesso.
            </Text>
            <TextInput
              label="Nome"
              required
              maxLength={80}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={
                name.length > 0 && !nameCheck.success
                  ? nameCheck.error.issues[0]?.message
                  : name.length === 0
                    ? USERS_MSG.nameRequired
                    : undefined
              }
            />
            <PasswordFields value={password} onChange={setPassword} />
            <Button type="submit" disabled={!valid || mutation.isSuccess} loading={mutation.isPending}>
              Confirmar cadastro
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
