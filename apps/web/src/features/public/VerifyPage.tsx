import { NOT_VERIFY, PUBLIC_MSG } from '@ar/core';
import { Alert, Button, Loader, Text, TextInput, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { PublicFrame } from './PublicFrame.tsx';
import { answerStore, OPENING_FLAGS, publicMessageCall } from './public.api.ts';

/**
 * /emails/info/public/verify/{uuid}: the security question (spec 002 §2, §5). The question is the
 * text after the colon of the server's 'not verify' answer. Send only with an answer; Enter does
 * not submit. The answer goes back to the page the visitor came from.
 */
export default function VerifyPage() {
  const { uuid = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [answer, setAnswer] = useState('');
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

  function send() {
    const value = answer.trim();
    if (!value) return;
    answerStore.set(uuid, value);
    const back = search.get('back');
    if (search.get('origin') === 'attachments' && back?.startsWith('/emails/info/public/attachments/'))
      return navigate(back, { replace: true });
    if (search.get('origin') === 'carta' && back?.startsWith('/emails/info/public/carta/')) return navigate(back, { replace: true });
    const params = new URLSearchParams();
    for (const flag of OPENING_FLAGS) if (search.get(flag)) params.set(flag, search.get(flag) as string);
    navigate(`/emails/info/public/${uuid}${params.size ? `?${params}` : ''}`, { replace: true });
  }

  if (question.isPending)
    return (
      <PublicFrame>
        <Loader />
      </PublicFrame>
    );
  if (question.data === null) {
    navigate(`/emails/info/public/${uuid}`, { replace: true });
    return null;
  }
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
          {search.get('erro') && (
            <Alert color="red" data-testid="verify-error">
              {PUBLIC_MSG.invalidAnswer}
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
          <Button onClick={send} disabled={!answer.trim()}>
            Enviar
          </Button>
        </>
      )}
    </PublicFrame>
  );
}
