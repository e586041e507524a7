import { DASHBOARD_MSG } from '@ar/core';
import { Alert, Center, Loader, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One chart of the dashboard: its title, and its chart, its failure ('Houve um erro ao consultar
 * dados: …', for this chart only) or 'Nenhum dado disponível.' when every figure is zero.
 */
export function ChartCard(props: {
  title: string;
  testId: string;
  loading: boolean;
  error: string | null;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={props.testId}>
      <Title order={4} mb="sm">
        {props.title}
      </Title>
      {props.error ? (
        <Center h={260}>
          <Alert color="red" variant="light">
            {props.error}
          </Alert>
        </Center>
      ) : props.loading ? (
        <Center h={260}>
          <Loader size="sm" />
        </Center>
      ) : props.empty ? (
        <Center h={260}>
          <Text c="dimmed">{DASHBOARD_MSG.noData}</Text>
        </Center>
      ) : (
        props.children
      )}
    </Paper>
  );
}
