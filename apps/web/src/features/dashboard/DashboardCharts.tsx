import '@mantine/charts/styles.css';
import { DASHBOARD_ERRORS, type DashboardBody, type DashboardCall } from '@ar/core';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { ColorSwatch, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { ChartCard } from './ChartCard.tsx';
import type { DashboardAnswers } from './dashboard.api.ts';
import { useDashboardCall } from './useDashboard.ts';

/** yyyy-MM-dd → dd/MM, the axis of every daily chart. */
const dayLabel = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

type Series = { name: string; label: string; color: string; values: number[] };

/** Rows for a chart by day: { dia, [series]: value }. */
const byDay = (days: string[], series: Series[]) =>
  days.map((d, i) => ({ dia: dayLabel(d), ...Object.fromEntries(series.map((s) => [s.name, s.values[i] ?? 0])) }));

const isEmpty = (series: Series[]) => series.every((s) => s.values.every((v) => v === 0));

function cardState<T>(call: DashboardCall, q: { data?: T; isError: boolean; isPending: boolean }) {
  return { loading: q.isPending, error: q.isError ? DASHBOARD_ERRORS[call] : null };
}

type DailyCall = Exclude<DashboardCall, 'resume' | 'tags'>;

/** A daily chart of two or more series, as bars (stacked or side by side) or lines; every series always drawn. */
function DailyChart<C extends DailyCall>(props: {
  call: C;
  title: string;
  testId: string;
  filter: DashboardBody;
  kind: 'stacked' | 'bars' | 'lines';
  series: (data: DashboardAnswers[C]) => Series[];
}) {
  const q = useDashboardCall(props.call, props.filter);
  const series = q.data ? props.series(q.data) : [];
  const data = q.data ? byDay(q.data.dateXaxis, series) : [];
  const common = {
    h: 260,
    data,
    dataKey: 'dia',
    series: series.map((s) => ({ name: s.name, label: s.label, color: s.color })),
    withLegend: true,
    legendProps: { verticalAlign: 'bottom' as const, height: 40 },
    tickLine: 'y' as const,
    yAxisProps: { allowDecimals: false },
  };
  return (
    <ChartCard title={props.title} testId={props.testId} {...cardState(props.call, q)} empty={isEmpty(series)}>
      {props.kind === 'lines' ? (
        <LineChart {...common} curveType="monotone" withDots={data.length <= 31} />
      ) : (
        <BarChart {...common} type={props.kind === 'stacked' ? 'stacked' : 'default'} />
      )}
    </ChartCard>
  );
}

function TagsChart({ filter }: { filter: DashboardBody }) {
  const q = useDashboardCall('tags', filter);
  const data = q.data
    ? q.data.labels.map((name, i) => ({ name, value: q.data.series[i] ?? 0, color: q.data.colors[i] ?? 'gray.6', code: q.data.codes[i] }))
    : [];
  const total = data.reduce((sum, d) => sum + d.value, 0);
  return (
    <ChartCard title="Etiquetas" testId="chart-etiquetas" {...cardState('tags', q)} empty={total === 0}>
      <Group justify="center" gap="xl" wrap="wrap">
        <DonutChart
          h={260}
          w={240}
          data={data}
          size={200}
          thickness={32}
          withLabelsLine
          withLabels
          withTooltip
          tooltipDataSource="segment"
          chartLabel={`${total} envio${total === 1 ? '' : 's'}`}
        />
        <Stack gap={6} data-testid="legenda-etiquetas">
          {data.map((d) => (
            <Group key={d.code} gap="xs" wrap="nowrap">
              <ColorSwatch color={d.color} size={14} />
              <Text size="sm">{d.name}</Text>
              <Text size="sm" c="dimmed">
                {d.value}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </ChartCard>
  );
}

/** The five charts (spec 000 §2 "Dashboard"), each with its own call, failure and empty state. */
export function DashboardCharts({ filter }: { filter: DashboardBody }) {
  return (
    <Stack gap="md">
      <DailyChart
        call="channels"
        title="Total de Envios por Canais"
        testId="chart-canais"
        filter={filter}
        kind="stacked"
        series={(d) => [
          { name: 'email', label: 'E-mail', color: 'blue.6', values: d.totalEmails },
          { name: 'sms', label: 'SMS', color: 'teal.6', values: d.totalSMS },
          { name: 'whatsapp', label: 'WhatsApp', color: 'green.6', values: d.totalWhats },
          { name: 'voz', label: 'Voz', color: 'grape.6', values: d.totalVoz },
          { name: 'carta', label: 'Carta', color: 'orange.6', values: d.totalCarta },
        ]}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TagsChart filter={filter} />
        <DailyChart
          call="deliveredOpen"
          title="Entregues x Lidos"
          testId="chart-entregues-abertos"
          filter={filter}
          kind="lines"
          series={(d) => [
            { name: 'entregues', label: 'Entregues', color: 'teal.6', values: d.deliveredData },
            { name: 'lidos', label: 'Lidos', color: 'orange.6', values: d.openData },
          ]}
        />
        <DailyChart
          call="sentDelivered"
          title="Enviados x Entregues"
          testId="chart-enviados-entregues"
          filter={filter}
          kind="lines"
          series={(d) => [
            { name: 'enviados', label: 'Enviados', color: 'blue.6', values: d.sentData },
            { name: 'entregues', label: 'Entregues', color: 'teal.6', values: d.deliveredData },
          ]}
        />
        <DailyChart
          call="receivedSent"
          title="Recebidos x Enviados"
          testId="chart-recebidos-enviados"
          filter={filter}
          kind="bars"
          series={(d) => [
            { name: 'recebidos', label: 'Recebidos', color: 'indigo.6', values: d.receivedData },
            { name: 'enviados', label: 'Enviados', color: 'blue.4', values: d.sentData },
          ]}
        />
      </SimpleGrid>
    </Stack>
  );
}
