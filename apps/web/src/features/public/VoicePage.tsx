import { PUBLIC_MSG, type PublicVoice } from '@ar/core';
import { Anchor, Button, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '../../app/format.ts';
import { PublicFrame } from './PublicFrame.tsx';
import { publicFileCall, publicVoiceCall, questionOf } from './public.api.ts';
import { useAskQuestion } from './use-ask-question.ts';

const STATUS_PT: Record<string, string> = {
  processed: 'Processado',
  send: 'Atendida',
  delivered: 'Concluída',
  acknowledged: 'Confirmada (tecla 1)',
  answered: 'Respondida',
  erro: 'Falha',
};

/**
 * /emails/info/public/voz/{uuid} (spec 002 §2): the AR-Voz call's recording — the number, the
 * status, the SHA-256 — played or saved from one download, which the product records as a download
 * of the voice channel (docs/voice.md). Nothing is fetched until the visitor asks.
 */
export default function VoicePage() {
  const { uuid = '' } = useParams();
  const askQuestion = useAskQuestion('voz');
  const [info, setInfo] = useState<{ kind: 'loading' } | { kind: 'ok'; voice: PublicVoice } | { kind: 'error'; message: string }>({
    kind: 'loading',
  });
  const [audio, setAudio] = useState<{ kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'error' }>({
    kind: 'idle',
  });

  // The answer cookie of the message goes along by itself, here and with the recording (docs/security-answer.md);
  // without it (not answered, or expired) the question first, then back here.
  useEffect(() => {
    publicVoiceCall(uuid)
      .then((voice) => setInfo({ kind: 'ok', voice }))
      .catch((e: Error) => {
        const codeEmail = questionOf(e);
        if (codeEmail) return askQuestion(codeEmail);
        setInfo({ kind: 'error', message: e.message || PUBLIC_MSG.notFound });
      });
  }, [uuid, askQuestion]);

  const load = (link: string) => {
    setAudio({ kind: 'loading' });
    publicFileCall(new URL(link).pathname).then(
      (blob) => setAudio({ kind: 'ready', url: URL.createObjectURL(blob) }),
      (e) => {
        // The cookie expired while the page was open: the question again, then back here.
        const codeEmail = questionOf(e);
        if (codeEmail) return askQuestion(codeEmail);
        setAudio({ kind: 'error' });
      },
    );
  };

  return (
    <PublicFrame>
      <Title order={3}>AR-Voz: gravação da chamada</Title>
      {info.kind === 'loading' && <Loader />}
      {info.kind === 'error' && (
        <Text c="red" data-testid="voice-error">
          {info.message}
        </Text>
      )}
      {info.kind === 'ok' && (
        <Stack gap="xs" data-testid="voice-info">
          <Text>
            <b>Número:</b> {info.voice.numero}
          </Text>
          <Text>
            <b>Status:</b> {STATUS_PT[info.voice.status ?? ''] ?? info.voice.status ?? '—'}
          </Text>
          <Text>
            <b>Gravada em:</b> {formatDateTime(info.voice.gravadaEm)}
            {info.voice.duracaoSegundos !== null && ` (${info.voice.duracaoSegundos} s)`}
          </Text>
          <Text>
            <b>SHA-256:</b> <Code style={{ wordBreak: 'break-all' }}>{info.voice.sha256}</Code>
          </Text>
          {audio.kind === 'idle' && (
            <Group>
              <Button onClick={() => load(info.voice.link)} data-testid="voice-load">
                Ouvir e baixar a gravação
              </Button>
            </Group>
          )}
          {audio.kind === 'loading' && <Loader />}
          {audio.kind === 'error' && <Text c="red">{PUBLIC_MSG.downloadError}</Text>}
          {audio.kind === 'ready' && (
            <Stack gap="xs">
              {/* biome-ignore lint/a11y/useMediaCaption: a phone call's recording has no caption track */}
              <audio controls src={audio.url} data-testid="voice-audio" />
              <Anchor href={audio.url} download={`ar-voz-${uuid}.wav`}>
                Salvar a gravação (WAV)
              </Anchor>
            </Stack>
          )}
        </Stack>
      )}
    </PublicFrame>
  );
}
