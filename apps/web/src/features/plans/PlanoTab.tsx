import type { PlanSummary } from '@ar/core';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconMail } from '@tabler/icons-react';
import { formatCredits, formatDate, formatMonth } from '../../app/format.ts';
import { usePublicConfig } from '../../app/public-config.ts';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** Planos: the plan's figures, the last acquisition, Comprar Créditos and how to change plan type. */
export function PlanoTab({ summary }: { summary: PlanSummary }) {
  const config = usePublicConfig();
  const { plano, creditos, ultimaAquisicao } = summary;
  const prepaid = creditos.tipoPlano === '1';
  const support = config.data?.supportEmail ?? 'suporte@aronline.com.br';
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={3}>{creditos.titlePlano}</Title>
        <Badge color={creditos.ativo ? 'green' : 'gray'} variant="light">
          {creditos.ativo ? 'Ativo' : 'Inativo'}
        </Badge>
        <Text size="sm" c="dimmed">
          {plano.pla_nivel === 2 ? `Plano da entidade ${plano.usuario.nome}` : `Plano de ${plano.usuario.nome}`}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {prepaid ? (
          <Figure label="Total de créditos" value={formatCredits(creditos.total)} testId="plan-total" />
        ) : (
          <Figure
            label={`Créditos utilizados em ${formatMonth(plano.pla_periodo_inicio)} (desde ${formatDate(plano.pla_periodo_inicio)})`}
            value={formatCredits(creditos.total)}
            testId="plan-used"
          />
        )}
        <Figure
          label="Última aquisição de créditos"
          value={ultimaAquisicao ? formatDate(ultimaAquisicao) : 'Nenhuma'}
          testId="plan-last-acquisition"
        />
        {!prepaid && <Figure label="Dia de referência do mês" value={String(plano.pla_dia_referencia)} testId="plan-reference-day" />}
      </SimpleGrid>
      {prepaid && (
        <Group>
          <Button
            component="a"
            href={config.data?.storeUrl ?? '#'}
            target="_blank"
            rel="noopener"
            rightSection={<IconExternalLink size={16} />}
          >
            Comprar Créditos
          </Button>
          <Text size="sm" c="dimmed">
            Os créditos comprados na loja entram no seu plano assim que o pagamento é confirmado.
          </Text>
        </Group>
      )}
      <Card withBorder padding="md" bg="gray.0">
        <Text fw={600} mb={4}>
          Deseja alterar o tipo do seu plano?
        </Text>
        <Text size="sm">
          Para mudar de pré-pago para pós-pago (ou o contrário), fale com o nosso atendimento:{' '}
          <Anchor href={`mailto:${support}?subject=Altera%C3%A7%C3%A3o%20de%20plano`}>
            <IconMail size={14} style={{ verticalAlign: 'middle' }} /> {support}
          </Anchor>
          .
        </Text>
      </Card>
    </Stack>
  );
}
