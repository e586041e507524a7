import { PUBLIC_LETTER_MSG, type PublicLetter } from '@ar/core';
import { Anchor, Code, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PublicFrame } from './PublicFrame.tsx';
import { publicLetterCall, questionOf } from './public.api.ts';
import { useAskQuestion } from './use-ask-question.ts';

const STATUS_TEXT: Record<string, string> = {
  processed: 'Em preparação',
  send: 'Postada',
  delivered: 'Entregue',
  erro: 'Devolvida ou não enviada',
};

/**
 * /emails/info/public/carta/{uuid} (spec 002 §2, docs/letters.md): the registered letter as it was
 * printed (its PDF and SHA-256), its tracking code, and once delivered the digital AR — behind the
 * message's security question, like the page and the attachments.
 */
export default function LetterPage() {
  const { uuid = '' } = useParams();
  const askQuestion = useAskQuestion('carta');
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'ready'; letter: PublicLetter } | { kind: 'error'; message: string }>({
    kind: 'loading',
  });

  // The answer cookie of the message goes along by itself, here and with the PDF links (docs/security-answer.md);
  // without it (not answered, or expired) the question first, then back here.
  useEffect(() => {
    publicLetterCall(uuid).then(
      (letter) => setState({ kind: 'ready', letter }),
      (e: Error) => {
        const codeEmail = questionOf(e);
        if (codeEmail) return askQuestion(codeEmail);
        setState({ kind: 'error', message: e.message || PUBLIC_LETTER_MSG.notReady });
      },
    );
  }, [uuid, askQuestion]);

  return (
    <PublicFrame>
      <Title order={3}>AR-Carta: carta registrada</Title>
      {state.kind === 'loading' && <Loader />}
      {state.kind === 'error' && (
        <Text c="red" data-testid="letter-error">
          {state.message}
        </Text>
      )}
      {state.kind === 'ready' && (
        <Stack gap="xs" data-testid="letter-ready">
          <Text>
            Situação: <b>{STATUS_TEXT[state.letter.status ?? ''] ?? 'Em preparação'}</b>
          </Text>
          <Text>
            Código de rastreamento: <b data-testid="letter-tracking">{state.letter.rastreio ?? 'aguardando postagem'}</b>
          </Text>
          <Anchor href={state.letter.link} target="_blank" rel="noopener" data-testid="letter-pdf">
            Carta como impressa (PDF, {state.letter.paginas} página(s))
          </Anchor>
          <Text size="xs" c="dimmed">
            SHA-256 da carta: <Code style={{ wordBreak: 'break-all' }}>{state.letter.sha256}</Code>
          </Text>
          {state.letter.linkAr ? (
            <>
              <Anchor href={state.letter.linkAr} target="_blank" rel="noopener" data-testid="letter-ar">
                AR digital (aviso de recebimento assinado)
              </Anchor>
              <Text size="xs" c="dimmed">
                SHA-256 do AR: <Code style={{ wordBreak: 'break-all' }}>{state.letter.arSha256}</Code>
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {PUBLIC_LETTER_MSG.noReceipt}
            </Text>
          )}
        </Stack>
      )}
    </PublicFrame>
  );
}
