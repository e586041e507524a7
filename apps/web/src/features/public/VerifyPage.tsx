import { NOT_VERIFY, PUBLIC_MSG, publicAnswerBody } from '@ar/core';
import { Alert, Button, Loader, Text, TextInput, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { PublicFrame } from './PublicFrame.tsx';
import { answerCall, FILE_PAGES, type FilePage, OPENING_FLAGS, publicMessageCall } from './public.api.ts';

/**
 * /emails/info/public/verify/{uuid}: the security question (spec 002 §2, §5). The question is the
 * text after the colon of the server's 'not verify' answer. Send only with an answer; Enter does
 * not submit. The answer goes to the server in the body of one call (never in an address); a right
 * one leaves the answer cookie in the browser and the visitor goes back to the page they came from,
 * a wrong one stays here with the error.
 */
export default function VerifyPage() {
  const { uuid = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(search.get('erro') ? PUBLIC_MSG.invalidAnswer : null);
  const [sending, setSending] = useState(false);
  // The contract the server checks the answer with: no blank answer, none over 200 characters.
  const valid = publicAnswerBody.safeParse({ verify: answer });
  const question = useQuery({
    queryKey: ['public-question', uuid],
    queryFn: async () => {
      try {
        await publicMessageCall(uuid);
        return null; // no question: nothing to answer
      } catch (e) {
        if (e instanceof ApiError && e.status === 403 && e.message.startsWith(NOT_VERIFY))
          return e.message.split(':').slice(1).join(':').trim();
        throw e;
      }
    },
    retry: false,
  });

  /** Where the answer leads: the file page the visitor asked for, or the message with its opening flags. */
  function destination() {
    const back = search.get('back');
    const origin = search.get('origin') ?? '';
    const prefix = Object.hasOwn(FILE_PAGES, origin) ? FILE_PAGES[origin as FilePage] : undefined;
    if (back && prefix && back.startsWith(prefix)) return back;
    const params = new URLSearchParams();
    for (const flag of OPENING_FLAGS) if (search.get(flag)) params.set(flag, search.get(flag) as string);
    return `/emails/info/public/${uuid}${params.size ? `?${params}` : ''}`;
  }

  async function send() {
    if (!valid.success || sending) return;
    setSending(true);
    try {
      await answerCall(uuid, valid.data);
      navigate(destination(), { replace: true });
    } catch (e) {
      setSending(false);
      // A wrong answer (403), too many of them (429), a network failure (already shown by the client).
      setError(e instanceof ApiError && e.status !== 403 ? e.message : PUBLIC_MSG.invalidAnswer);
    }
  }

  if (question.isPending)
    return (
      <PublicFrame>
        <Loader />
      </PublicFrame>
    );
  // No question, or answered a moment ago (the cookie holds): nothing to ask.
  if (question.data === null) return <Navigate to={destination()} replace />;
  return (
    <PublicFrame>
      <Title order={3}>
        <IconLock size={22} style={{ verticalAlign: 'middle' }} /> Confirmação do destinatário
      </Title>
      {question.isError ? (
        <Alert color="red">{question.error instanceof ApiError ? question.error.message : PUBLIC_MSG.notFound}</Alert>
      ) : (
        <>
          <Text>O remetente pediu que você responda a uma pergunta antes de ver a mensagem.</Text>
          {error && (
            <Alert color="red" data-testid="verify-error">
              {error}
            </Alert>
          )}
          <Text fw={600} data-testid="verify-question">
            {question.data}
          </Text>
          <TextInput
            label="Resposta"
            value={answer}
            onChange={(e) => setAnswer(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
            maxLength={200}
            autoFocus
          />
          <Button onClick={() => void send()} disabled={!valid.success} loading={sending}>
            Enviar
          </Button>
        </>
      )}
    </PublicFrame>
  );
}
