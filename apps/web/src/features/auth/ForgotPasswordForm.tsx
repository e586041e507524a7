import { MSG, recoveryEmail } from '@ar/core';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { showAlert } from '../../app/alerts.ts';
import { ExplainDisabled } from '../../components/ExplainDisabled.tsx';
import { recoveryCall } from './auth.api.ts';

/** E-mail for the recovery link: spaces stripped, valid, at most 150 characters (spec 000 §5). */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  // A plain call rather than react-query: the form is also shown on the login screen, which loads no
  // query library (docs/performance.md).
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const parsed = recoveryEmail.safeParse(email);
  async function send(address: string) {
    setPending(true);
    try {
      setSent((await recoveryCall(address)).message);
    } catch (e) {
      showAlert('Aviso', (e as Error).message || MSG.recoveryProblem);
    } finally {
      setPending(false);
    }
  }
  if (sent !== null) {
    return (
      <Alert color="green" title="Verifique seu e-mail" data-testid="recovery-sent">
        {sent}
      </Alert>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.success && !pending) void send(parsed.data);
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
          <Button type="submit" variant="light" fullWidth disabled={!parsed.success} loading={pending}>
            Enviar instruções
          </Button>
        </ExplainDisabled>
      </Stack>
    </form>
  );
}
