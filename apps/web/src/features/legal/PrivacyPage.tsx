import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../layout/Logo.tsx';

/** /privacidade: what the service records and why (LGPD), and the terms of use in short. */
export default function PrivacyPage() {
  return (
    <Container size="md" py="xl">
      <Paper p="xl" withBorder radius="md">
        <Stack>
          <Logo />
          <Title order={2}>Política de privacidade e termos de uso</Title>
          <Title order={4}>O que registramos</Title>
          <Text>
            Para comprovar o envio, a entrega e a leitura das mensagens, registramos de cada evento a data e a hora, o endereço IP, o
            navegador utilizado e a localização aproximada derivada do IP. Esses registros são encadeados por hash e recebem carimbo do
            tempo, para que não possam ser alterados sem que a alteração seja detectada.
          </Text>
          <Title order={4}>Por que registramos</Title>
          <Text>
            O tratamento tem por base o exercício regular de direitos em processo judicial, administrativo ou arbitral (art. 7º, VI, da Lei
            13.709/2018 — LGPD) e a execução do contrato com o remetente.
          </Text>
          <Title order={4}>Seus direitos</Title>
          <List>
            <List.Item>Confirmar a existência de tratamento e acessar seus dados.</List.Item>
            <List.Item>Corrigir dados incompletos ou desatualizados.</List.Item>
            <List.Item>Pedir informações sobre o compartilhamento dos dados.</List.Item>
          </List>
          <Text>
            Registros que constituem prova de comunicação são mantidos pelo prazo necessário à sua finalidade probatória e não são apagados
            a pedido enquanto essa finalidade existir.
          </Text>
          <Title order={4}>Termos de uso</Title>
          <Text>
            O remetente é responsável pelo conteúdo que envia e declara ter base legal para comunicar-se com os destinatários. É vedado o
            envio de mensagens não solicitadas em massa, de conteúdo ilícito ou que viole direitos de terceiros.
          </Text>
          <Anchor component={Link} to="/">
            Voltar
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
