import {
  canRequestReportType,
  REPORT_FORMATS,
  REPORT_MSG,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  type ReportFormat,
  type ReportType,
  reportQuery,
} from '@ar/core';
import { Button, Group, Paper, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, isNetworkError } from '../../api/client.ts';
import { showAlert, showWarning } from '../../app/alerts.ts';
import { type Period, PeriodPicker } from '../../components/PeriodPicker.tsx';
import { useSession } from '../../session/session.ts';
import { downloadReport } from './reports.api.ts';

/** /reports: the sent-notification reports (spec 002 §2, §5, §8). */
export default function ReportsPage() {
  const level = useSession()?.user.usu_nivel ?? 1;
  const [period, setPeriod] = useState<Period>([null, null]);
  const [tipo, setTipo] = useState<ReportType | null>(null);
  const [format, setFormat] = useState<ReportFormat>('xlsx');
  const [busy, setBusy] = useState(false);
  const types = REPORT_TYPES.filter((t) => canRequestReportType(t, level));

  async function generate() {
    // The same contract the server applies: 'Selecione um período', then 'Selecione um tipo de Relatório'.
    const parsed = reportQuery.safeParse({ dataInicial: period[0], dataFinal: period[1] ?? period[0], tipo, format });
    if (!parsed.success) {
      showAlert('Aviso!', parsed.error.issues[0]?.message ?? REPORT_MSG.periodRequired);
      return;
    }
    const { dataInicial, dataFinal, tipo: chosen, format: chosenFormat } = parsed.data;
    setBusy(true);
    try {
      await downloadReport({ tipo: chosen, format: chosenFormat, dataInicial, dataFinal });
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) showWarning(REPORT_MSG.noData);
      else if (e instanceof ApiError && e.status === 400) showAlert('Aviso!', e.message);
      else showWarning(isNetworkError(e) ? (e as ApiError).message : REPORT_MSG.generateError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" maw={760}>
      <Stack gap={4}>
        <Title order={3}>Relatórios</Title>
        <Text c="dimmed" size="sm">
          Gere a planilha das notificações enviadas no período: uma linha por mensagem e canal, com cada status e o horário de Brasília.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <PeriodPicker value={period} onChange={setPeriod} />
          <Select
            label="Tipo de Relatório"
            placeholder="Selecione o tipo"
            withAsterisk
            w={300}
            data={types.map((t) => ({ value: t, label: REPORT_TYPE_LABELS[t] }))}
            value={tipo}
            onChange={(v) => setTipo(v as ReportType | null)}
            allowDeselect={false}
          />
          <Radio.Group label="Formato" value={format} onChange={(v) => setFormat(v as ReportFormat)}>
            <Group mt={6}>
              {REPORT_FORMATS.map((f) => (
                <Radio key={f} value={f} label={f === 'xlsx' ? 'Excel (xlsx)' : 'CSV (;)'} />
              ))}
            </Group>
          </Radio.Group>
          <Group>
            <Button leftSection={<IconFileSpreadsheet size={18} />} onClick={() => void generate()} loading={busy}>
              Gerar
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
