import { Box, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';

const BLURBS = [
  {
    title: 'Comunicações com validade jurídica',
    text: 'Envie AR-Email, AR-SMS, AR-WhatsApp, AR-Voz e AR-Carta com protocolo único, carimbo do tempo e comprovante de envio, entrega e leitura.',
  },
  {
    title: 'Prova que se sustenta',
    text: 'Cada evento é registrado com data, hora, IP e localização, encadeado por hash e carimbado por uma autoridade de carimbo do tempo.',
  },
  {
    title: 'Laudo pericial em um clique',
    text: 'Gere o comprovante com QR Code e o laudo pericial da mensagem para apresentar em juízo, quando precisar.',
  },
];

export const CAROUSEL_INTERVAL_MS = 3000;

/** Three product blurbs; autoplays every 3 s and wraps around (spec 000 §2). */
export function LoginCarousel() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % BLURBS.length), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  const blurb = BLURBS[index];
  return (
    <Stack gap="lg" maw={440} aria-roledescription="carrossel" aria-live="polite">
      <Box mih={150}>
        <Title order={2} c="white" data-testid="carousel-title">
          {blurb.title}
        </Title>
        <Text c="blue.1" mt="sm" size="lg">
          {blurb.text}
        </Text>
      </Box>
      <Group gap={8}>
        {BLURBS.map((b, i) => (
          <UnstyledButton
            key={b.title}
            aria-label={`Destaque ${i + 1}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            style={{
              width: i === index ? 28 : 10,
              height: 10,
              borderRadius: 5,
              background: i === index ? '#fff' : 'rgba(255,255,255,.45)',
              transition: 'width .2s',
            }}
          />
        ))}
      </Group>
    </Stack>
  );
}
