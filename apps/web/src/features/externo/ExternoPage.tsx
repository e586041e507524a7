import { Badge, Center, Divider, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Logo } from '../../layout/Logo.tsx';

const FIELDS = [
  ['Assunto', '{assunto}'],
  ['Remetente', '{remetente}'],
  ['Enviado em', '{dd/MM/yyyy HH:mm}'],
  ['Destinatário', '{destinatario}'],
] as const;

/** /externo: the static layout of a mail verification, with placeholders (spec 000 §2). */
export default function ExternoPage() {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper w="100%" maw={720} p="xl" withBorder radius="md">
        <Stack>
          <Logo />
          <Title order={3}>Verificação de mensagem</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed" tt="uppercase">
                  {label}
                </Text>
                <Text ff="monospace">{value}</Text>
              </div>
            ))}
            <div>
              <Text size="xs" c="dimmed" tt="uppercase">
                Status
              </Text>
              <Badge variant="light">{'{status}'}</Badge>
            </div>
          </SimpleGrid>
          <Divider label="Conteúdo" labelPosition="left" />
          <Text ff="monospace">{'{corpo da mensagem}'}</Text>
          <Divider label="Detalhes do processamento" labelPosition="left" />
          <Text ff="monospace">{'{detalhes do processamento}'}</Text>
        </Stack>
      </Paper>
    </Center>
  );
}
