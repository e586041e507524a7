import { MSG, recoveryEmail } from '@ar/core';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../app/alerts.ts';
import { ExplainDisabled } from '../../components/ExplainDisabled.tsx';
import { recoveryCall } from './auth.api.ts';

/** E-mail for the recovery link: spaces stripped, valid, at most 150 characters (spec 000 §5). */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const parsed = recoveryEmail.safeParse(email);
  const mutation = useMutation({
    mutationFn: () => recoveryCall(parsed.success ? parsed.data : email),
    onError: (e: Error) => showAlert('Aviso', e.message || MSG.recoveryProblem),
  });
  if (mutation.isSuccess) {
    return (
      <Alert color="green" title="Verifique seu e-mail" data-testid="recovery-sent">
        {mutation.data.message}
      </Alert>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.success) mutation.mutate();
      }}
    >
      <Stack gap="xs">
        <TextInput
          label="E-mail cadastrado"
          type="email"
          maxLength={160}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value.replace(/\s+/g, ''))}
          error={(email || tried) && !parsed.success ? parsed.error.issues[0]?.message : undefined}
        />
        <ExplainDisabled disabled={!parsed.success} onExplain={() => setTried(true)}>
          <Button type="submit" variant="light" fullWidth disabled={!parsed.success} loading={mutation.isPending}>
            Enviar instruções
          </Button>
        </ExplainDisabled>
      </Stack>
    </form>
  );
}
