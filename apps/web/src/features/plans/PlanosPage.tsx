import { PLAN_MSG } from '@ar/core';
import { Alert, Loader, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { ExtratoTab } from './ExtratoTab.tsx';
import { MovementsTable } from './MovementsTable.tsx';
import { PlanoTab } from './PlanoTab.tsx';
import { usePlanSummary } from './plans.api.ts';
import { useWarnOnError } from './useWarnOnError.ts';

/**
 * /planos: credit management, tabs Extrato and Movimentações (prepaid only) and Planos. Extrato is
 * the store orders; Movimentações every change of the user's own balance (purchases, a manager's
 * adjustments with who and why, its sends), read-only: the server answers only the rows of the
 * actor's plan (docs/plans.md).
 */
export default function PlanosPage() {
  const summary = usePlanSummary();
  const [tab, setTab] = useState<string | null>('planos');
  useWarnOnError(summary.error, PLAN_MSG.loadPlan);
  const data = summary.data;
  const prepaid = data?.creditos.tipoPlano === '1';
  return (
    <Stack gap="md">
      <Title order={2}>Gerenciar Plano</Title>
      {!data ? (
        summary.isError ? (
          <Alert color="red" variant="light">
            {PLAN_MSG.loadPlan}
          </Alert>
        ) : (
          <Loader size="sm" />
        )
      ) : (
        <Tabs value={prepaid ? tab : 'planos'} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            {prepaid && <Tabs.Tab value="extrato">Extrato</Tabs.Tab>}
            {prepaid && <Tabs.Tab value="movimentacoes">Movimentações</Tabs.Tab>}
            <Tabs.Tab value="planos">Planos</Tabs.Tab>
          </Tabs.List>
          {prepaid && (
            <Tabs.Panel value="extrato" pt="md">
              <ExtratoTab pla_codigo={data.plano.pla_codigo} />
            </Tabs.Panel>
          )}
          {prepaid && (
            <Tabs.Panel value="movimentacoes" pt="md">
              <MovementsTable pla_codigo={data.plano.pla_codigo} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="planos" pt="md">
            <PlanoTab summary={data} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
