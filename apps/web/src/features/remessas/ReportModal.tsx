import '@mantine/dates/styles.css';
import { brasiliaToday, REMESSA_MSG, remessaReportName } from '@ar/core';
import { Button, Group, LoadingOverlay, Select, Stack, TextInput } from '@mantine/core';
import { DatePicker, type DatesRangeValue } from '@mantine/dates';
import { useState } from 'react';
import { showAlert } from '../../app/alerts.ts';
import { StaticModal } from '../../components/registry-ui.tsx';
import { downloadCsv } from './remessas.api.ts';

const br = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');

/**
 * 'Relatório Remessas' (spec 002 §2, §5): a pt-BR range picker with no future day, read-only De
 * and Até, the format (csv only), Gerar with 'Gerando...'. An empty answer means no remessa in
 * the period: 'Aviso!' / 'Não há nenhuma remessa no período escolhido!'.
 */
export function ReportModal(props: { onClose: () => void }) {
  const [range, setRange] = useState<DatesRangeValue<string>>([null, null]);
  const [busy, setBusy] = useState(false);
  const [start, end] = range;
  const generate = async () => {
    if (!start || !end) {
      showAlert(REMESSA_MSG.warningTitle, REMESSA_MSG.periodRequired);
      return;
    }
    setBusy(true);
    try {
      const saved = await downloadCsv(
        '/remessas/relatorio',
        { format: 'csv', dataInicial: start, dataFinal: end },
        remessaReportName(start, end),
      );
      if (!saved) showAlert(REMESSA_MSG.warningTitle, REMESSA_MSG.reportEmpty);
    } catch (e) {
      showAlert('Aviso', e instanceof Error && e.message ? e.message : REMESSA_MSG.reportError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <StaticModal opened onClose={props.onClose} title={<strong>Relatório Remessas</strong>} size="auto">
      <Stack pos="relative">
        <LoadingOverlay visible={busy} loaderProps={{ children: 'Gerando...' }} />
        <Group align="flex-start" wrap="nowrap">
          <DatePicker
            type="range"
            locale="pt-br"
            allowSingleDateInRange
            maxDate={brasiliaToday()}
            value={range}
            onChange={setRange}
            aria-label="Período"
          />
          <Stack gap="sm" w={200}>
            <TextInput label="De" value={br(start)} readOnly placeholder="dd/mm/aaaa" />
            <TextInput label="Até" value={br(end)} readOnly placeholder="dd/mm/aaaa" />
            <Select label="Formato do arquivo" data={[{ value: 'csv', label: 'CSV' }]} value="csv" disabled allowDeselect={false} />
          </Stack>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancelar
          </Button>
          <Button onClick={() => void generate()} disabled={busy}>
            {busy ? 'Gerando...' : 'Gerar'}
          </Button>
        </Group>
      </Stack>
    </StaticModal>
  );
}
