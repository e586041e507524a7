import '@mantine/dates/styles.css';
import {
  brasiliaIsoDay,
  DASHBOARD_ERRORS,
  DASHBOARD_MAX_DAYS,
  DASHBOARD_MSG,
  DASHBOARD_SCOPE_LABELS,
  type DashboardBody,
  type DashboardScope,
  dashboardScopesFor,
  defaultDashboardRange,
  isDashboardRange,
} from '@ar/core';
import { Alert, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconFilter } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { showWarning } from '../../app/alerts.ts';
import { formatCredits } from '../../app/format.ts';
import { useSession } from '../../session/session.ts';
import { tagOptionsCall } from '../emails/emails.api.ts';
import { useRefreshOnEmailStatus } from '../notifications/realtime-store.ts';
import { DashboardCharts } from './DashboardCharts.tsx';
import { useDashboardCall } from './useDashboard.ts';

type Range = [string | null, string | null];

/** The four summary buttons (spec 000 §2): each opens the list it counts. */
function Summary({ filter }: { filter: DashboardBody }) {
  const q = useDashboardCall('resume', filter);
  if (q.isError)
    return (
      <Alert color="red" variant="light" data-testid="dashboard-resumo">
        {DASHBOARD_ERRORS.resume}
      </Alert>
    );
  const totals = [
    { label: 'RECEBIDOS', value: q.data?.totalReceived, to: '/emails/recebidos', color: 'indigo' },
    { label: 'ENVIADOS', value: q.data?.totalSent, to: '/emails/enviados', color: 'blue' },
    { label: 'ENTREGUES', value: q.data?.totalDelivered, to: '/emails/enviados', color: 'teal' },
    { label: 'LIDOS', value: q.data?.totalOpen, to: '/emails/enviados', color: 'orange' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" data-testid="dashboard-resumo">
      {totals.map((t) => (
        <UnstyledButton key={t.label} component={Link} to={t.to}>
          <Paper withBorder radius="md" p="md" style={{ borderTop: `4px solid var(--mantine-color-${t.color}-6)` }}>
            <Text size="xs" fw={700} c="dimmed">
              {t.label}
            </Text>
            <Text size="xl" fw={700} data-testid={`total-${t.label.toLowerCase()}`}>
              {t.value === undefined ? '…' : formatCredits(t.value)}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

/** /dashboard: the period's totals and five charts (spec 000 §2, §3, §5, §7, §8, §9; docs/dashboard.md). */
export default function DashboardPage() {
  const level = useSession()?.user.usu_nivel ?? 1;
  const scopes = dashboardScopesFor(level);
  const [range, setRange] = useState<Range>(() => defaultDashboardRange());
  const [tag, setTag] = useState<string | null>(null);
  const [escopo, setEscopo] = useState<DashboardScope>('proprio');
  const [applied, setApplied] = useState<DashboardBody>(() => ({ dateRange: defaultDashboardRange(), tag: null, escopo: 'proprio' }));
  const tags = useQuery({ queryKey: ['etiquetas-filtro'], queryFn: tagOptionsCall });
  const queryClient = useQueryClient();
  // Live like the sent list (docs/realtime.md): a send, a delivery, a read or a reply of the user's
  // messages, from any session, moves the totals and the charts without a reload, once a burst.
  useRefreshOnEmailStatus(['dashboard']);

  const filtrar = () => {
    // The spec's rule before calling (spec 000 §5); the server checks it again.
    if (!isDashboardRange(range)) return showWarning(DASHBOARD_MSG.invalidRange);
    setApplied({ dateRange: range as [string, string], tag: tag ? Number(tag) : null, escopo });
    // The same filter again asks again: new sends since the last time show.
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };

  return (
    <Stack gap="md">
      <Title order={2}>Dashboard</Title>
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <DatePickerInput
            type="range"
            label="Período"
            description={`Até ${DASHBOARD_MAX_DAYS} dias`}
            placeholder="Selecione duas datas"
            locale="pt-br"
            valueFormat="DD/MM/YYYY"
            maxDate={brasiliaIsoDay()}
            allowSingleDateInRange
            numberOfColumns={2}
            ariaLabels={{ previousMonth: 'Mês anterior', nextMonth: 'Próximo mês', previousYear: 'Ano anterior', nextYear: 'Próximo ano' }}
            value={range}
            onChange={(v) => setRange(v as Range)}
            w={260}
          />
          <Select
            label="Etiqueta"
            placeholder="Todas"
            clearable
            searchable
            data={(tags.data?.etiquetas ?? []).map((t) => ({ value: String(t.eti_codigo), label: t.eti_nome }))}
            value={tag}
            onChange={setTag}
            // Labels made since the page opened are offered too.
            onDropdownOpen={() => void tags.refetch()}
            w={220}
            nothingFoundMessage="Nenhuma etiqueta"
          />
          {scopes.length > 1 && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Dados de
              </Text>
              <SegmentedControl
                aria-label="Dados de"
                value={escopo}
                onChange={(v) => setEscopo(v as DashboardScope)}
                data={scopes.map((s) => ({ value: s, label: DASHBOARD_SCOPE_LABELS[s] }))}
              />
            </Stack>
          )}
          <Button leftSection={<IconFilter size={16} />} onClick={filtrar}>
            Filtrar
          </Button>
        </Group>
      </Paper>
      <Summary filter={applied} />
      <DashboardCharts filter={applied} />
    </Stack>
  );
}
