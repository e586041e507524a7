import { PUBLIC_LETTER_MSG, PUBLIC_MSG, type PublicLetter } from '@ar/core';
import { Anchor, Code, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PublicFrame } from './PublicFrame.tsx';
import { verifyPagePath } from './public.api.ts';

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
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'ready'; letter: PublicLetter } | { kind: 'error'; message: string }>({
    kind: 'loading',
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      // The answer cookie of the message goes along by itself, here and with the PDF links (docs/security.md).
      const res = await fetch(`/v2/email/public/carta/${uuid}`).catch(() => null);
      if (!res) return setState({ kind: 'error', message: PUBLIC_MSG.downloadError });
      const body = (await res.json().catch(() => ({}))) as PublicLetter & { codeEmail?: string; message?: string };
      if (res.status === 403 && body.codeEmail)
        return navigate(verifyPagePath(body.codeEmail, { origin: 'carta', back: location.pathname }), { replace: true });
      if (!res.ok) return setState({ kind: 'error', message: body.message ?? PUBLIC_LETTER_MSG.notReady });
      setState({ kind: 'ready', letter: body });
    })();
  }, [uuid, navigate, location.pathname]);

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
