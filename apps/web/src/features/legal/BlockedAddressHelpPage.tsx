import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePublicConfig } from '../../app/public-config.ts';
import { Logo } from '../../layout/Logo.tsx';

/** /ajuda/bloqueio: why a recipient address may be refused before sending, and what to do ('Saiba Mais'). */
export default function BlockedAddressHelpPage() {
  const config = usePublicConfig();
  const support = config.data?.supportEmail ?? 'suporte@aronline.com.br';
  return (
    <Container size="md" py="xl">
      <Paper p="xl" withBorder radius="md">
        <Stack>
          <Logo />
          <Title order={2}>Por que um destinatário foi recusado?</Title>
          <Text>
            Antes de cada envio, conferimos cada endereço de e-mail. Um AR-Email só tem valor de prova se chegar a uma caixa postal que
            existe; por isso recusamos o envio, sem cobrar créditos, quando sabemos de antemão que ele não chegará.
          </Text>
          <Title order={4}>O que conferimos</Title>
          <List>
            <List.Item>Se o endereço está escrito corretamente (por exemplo, sem espaços e com um domínio completo).</List.Item>
            <List.Item>Se o domínio do endereço existe e recebe e-mails (registro MX no DNS).</List.Item>
            <List.Item>
              Se o endereço ou o domínio está na lista de bloqueio da operação: endereços que pediram para não receber mensagens, domínios
              de e-mail descartável e endereços cujo servidor já recusou definitivamente uma mensagem nossa.
            </List.Item>
          </List>
          <Title order={4}>O que fazer</Title>
          <List>
            <List.Item>Confira com o destinatário o endereço correto e corrija-o no formulário.</List.Item>
            <List.Item>Se o destinatário tiver também um celular, considere outro canal de envio.</List.Item>
            <List.Item>
              Se você tem certeza de que o endereço é válido, escreva para <Anchor href={`mailto:${support}`}>{support}</Anchor> informando
              o endereço e a mensagem exibida; verificaremos o bloqueio.
            </List.Item>
          </List>
          <Anchor component={Link} to="/emails/novo">
            Voltar ao Novo AR
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
