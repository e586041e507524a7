import type { SentDetail } from '@ar/core';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { ChannelFailure } from './PhoneMessages.tsx';

/**
 * The sent detail's letter (spec 001 §2.7; docs/letters.md): the address it went to, its S10
 * tracking code once posted, its failure (a return, with the carrier's reason), and the link to
 * its proof — the public letter page with the PDF and, once delivered, the digital AR.
 */
export function LetterPanel({ d }: { d: SentDetail }) {
  if (!d.hasCartas || !d.carta) return null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="letter-panel">
      <Text size="sm" fw={500} mb={4}>
        AR-Carta
      </Text>
      <Stack gap={2}>
        {d.carta.endereco.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
        <Text size="sm" mt={4}>
          Código de rastreamento: <b data-testid="letter-tracking">{d.carta.rastreio ?? 'aguardando postagem'}</b>
        </Text>
        {d.linkArCartaComprovante && (
          <Anchor href={d.linkArCartaComprovante} target="_blank" rel="noopener" size="sm" data-testid="letter-proof-link">
            Comprovante da carta (PDF e AR digital)
          </Anchor>
        )}
      </Stack>
      <ChannelFailure title="Falha no envio da carta" error={d.carta_error} testId="letter-error" />
    </Paper>
  );
}
