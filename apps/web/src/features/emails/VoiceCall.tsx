import type { SentDetail } from '@ar/core';
import { Anchor, Code, Paper, Stack, Text, Title } from '@mantine/core';

/**
 * The sent detail's AR-Voz panel (spec 001 §2.7, docs/voice.md): the number called, the tries
 * placed and, once the call was recorded, the download link of the recording (detalhesVoz.linkAtendimento)
 * with its SHA-256.
 */
export function VoiceCall({ d }: { d: SentDetail }) {
  const v = d.detalhesVoz;
  if (!d.hasVoice || !v) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="voice-call">
      <Stack gap={4}>
        <Title order={5}>AR-Voz: chamada</Title>
        <Text size="sm">
          Número: {v.numero} · Tentativas: {v.tentativas}
        </Text>
        {v.linkAtendimento ? (
          <>
            <Anchor href={v.linkAtendimento} target="_blank" rel="noopener" data-testid="voice-link">
              Ouvir ou baixar a gravação da chamada
            </Anchor>
            {v.gravacaoSha256 && (
              <Text size="xs" c="dimmed">
                SHA-256 da gravação: <Code>{v.gravacaoSha256}</Code>
              </Text>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            A gravação aparece aqui quando a chamada for concluída.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
