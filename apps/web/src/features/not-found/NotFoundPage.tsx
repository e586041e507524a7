import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Center py={80}>
      <Stack align="center" gap="xs">
        <Title order={1} c="blue.9">
          404
        </Title>
        <Title order={3}>Página não encontrada</Title>
        <Text c="dimmed">O endereço acessado não existe ou ainda não está disponível.</Text>
        <Anchor component={Link} to="/">
          Voltar ao início
        </Anchor>
      </Stack>
    </Center>
  );
}
