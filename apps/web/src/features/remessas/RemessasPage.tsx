import { REMESSA_MSG, REMESSA_REASON_CUT, type Remessa, type RemessaTab, remessaFailureLabel, remessaPreviewName } from '@ar/core';
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Popover, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFileSearch, IconHelpCircle, IconPrinter, IconReportAnalytics, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isNetworkError } from '../../api/client.ts';
import { showAlert } from '../../app/alerts.ts';
import { formatDateTime } from '../../app/format.ts';
import { type PagedColumn, PagedTable } from '../../components/paged-table/PagedTable.tsx';
import { usePagedList } from '../../components/paged-table/table-state.ts';
import { useBusy } from '../../components/use-busy.ts';
import { useDebouncedRefresh, useEmailStatusPush, useRealtimeConnected, useRemessaStatusPush } from '../notifications/realtime-store.ts';
import { FailureDetails } from './FailureDetails.tsx';
import { ReportModal } from './ReportModal.tsx';
import { downloadCsv, remessaStatsCall } from './remessas.api.ts';
import { PROGRESS_HELP, RemessaStatusBadge, StatusLegend } from './status-ui.tsx';
import { UploadModal } from './UploadModal.tsx';

const WORKING = new Set(['AGUARDANDO_VALIDACAO', 'PROCESSADO', 'EM_PROCESSAMENTO']);
const FINISHED = new Set(['PROCESSADO_COM_SUCESSO', 'PROCESSADO_COM_FALHAS']);
/** A row still moving: the file in the worker, or its messages on their way to the relay. */
const moving = (r: Remessa) =>
  WORKING.has(r.rem_status_processamento) || (FINISHED.has(r.rem_status_processamento) && r.progresso.na_fila + r.progresso.aguardando > 0);

/** Polling while the socket is away (docs/remessas.md, "Progress through the socket"). */
const POLL_MS = 2000;

const SEARCH_LABEL: Record<RemessaTab, string> = {
  sucesso: 'Pesquisar pelo nome do arquivo processado',
  falha: 'Pesquisar pelo nome do arquivo com falha',
};

async function downloadPreview(r: Remessa) {
  try {
    const saved = await downloadCsv(`/remessas/retorno/${r.rem_codigo}`, {}, remessaPreviewName(r.rem_nome));
    if (!saved) showAlert(REMESSA_MSG.warningTitle, REMESSA_MSG.previewNotReady);
  } catch {
    // Spec 002 §8: a failed preview call only stops the loading indicator.
  }
}

/** One tab's table (remounted on a tab change: the search is cleared and the list reloaded). */
function RemessasTable({
  tab,
  onDetails,
  onRows,
}: {
  tab: RemessaTab;
  onDetails: (r: Remessa) => void;
  onRows: (moving: boolean) => void;
}) {
  // Progress comes through the socket (docs/remessas.md): the file's own steps as remessaStatus
  // (RemessasPage), its messages' as emailStatus (below). Polling only while the socket is away.
  const live = useRealtimeConnected();
  const { query, tableProps } = usePagedList<Remessa>(
    `remessas-${tab}`,
    '/remessas',
    'data',
    { limit: 25, column: 'rem_codigo', order: 'DESC' },
    { extraQuery: { tipo: tab }, refreshWhile: (rows) => !live && rows.some(moving), refreshMs: POLL_MS },
  );
  useEffect(() => {
    if (query.isError && !isNetworkError(query.error)) console.warn(REMESSA_MSG.listError, query.error);
  }, [query.isError, query.error]);
  const rows = query.data?.rows ?? [];
  const following = rows.some(moving);
  useEffect(() => onRows(following), [following, onRows]);
  // A message of the user sent or failed: the progress of a file still moving on screen, or a
  // failure (a bounce after the send) of a processed one. A reconnection reloads through remessaStatus.
  const refresh = useDebouncedRefresh([[`remessas-${tab}`]]);
  const previews = useBusy();
  const showsSent = tab === 'sucesso' && rows.some((r) => FINISHED.has(r.rem_status_processamento));
  useEmailStatusPush((push) => {
    if (push && (following || (showsSent && push.emails.some((e) => e.status === 'erro')))) refresh();
  });

  const common: PagedColumn<Remessa>[] = [
    { key: 'rem_codigo', title: 'Código', sortable: true, width: 90 },
    { key: 'rem_nome', title: 'Arquivo' },
    { key: 'rem_data_processamento', title: 'Última atualização', width: 150, render: (r) => formatDateTime(r.rem_data_processamento) },
    {
      key: 'rem_status_processamento',
      title: 'Status',
      width: 200,
      render: (r) => <RemessaStatusBadge code={r.rem_status_processamento} />,
    },
    { key: 'rem_quantidade_registros', title: 'Nº Registros', width: 110 },
  ];
  const successColumns: PagedColumn<Remessa>[] = [
    ...common,
    {
      key: 'progresso',
      title: 'Progresso',
      render: (r) => (
        <Group gap={4} wrap="nowrap" data-testid={`progresso-${r.rem_codigo}`}>
          {r.progresso.aguardando > 0 && (
            <Tooltip label={PROGRESS_HELP.aguardando}>
              <Badge variant="light" color="gray">
                {r.progresso.aguardando} aguardando
              </Badge>
            </Tooltip>
          )}
          <Tooltip label={PROGRESS_HELP.na_fila}>
            <Badge variant="light" color="blue">
              {r.progresso.na_fila} na fila
            </Badge>
          </Tooltip>
          <Tooltip label={PROGRESS_HELP.enviadas}>
            <Badge variant="light" color="green">
              {r.progresso.enviadas} {r.progresso.enviadas === 1 ? 'enviada' : 'enviadas'}
            </Badge>
          </Tooltip>
          <Tooltip label={PROGRESS_HELP.falhas}>
            <Badge variant="light" color={r.progresso.falhas ? 'red' : 'gray'}>
              {r.progresso.falhas} {r.progresso.falhas === 1 ? 'falha' : 'falhas'}
            </Badge>
          </Tooltip>
        </Group>
      ),
    },
    {
      key: 'previa',
      title: 'Prévia do Retorno',
      width: 120,
      render: (r) => (
        <Tooltip label="Baixar a prévia do retorno (CSV: cada linha com o protocolo e o status por canal)">
          <ActionIcon
            variant="subtle"
            aria-label={`Baixar a prévia do retorno de ${r.rem_nome}`}
            loading={previews.isBusy(String(r.rem_codigo))}
            onClick={() => void previews.run(String(r.rem_codigo), () => downloadPreview(r))}
          >
            <IconPrinter size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    },
    {
      key: 'detalhes',
      title: 'Linhas recusadas',
      width: 110,
      render: (r) =>
        r.motivo_falha ? (
          <Tooltip label="Ver as linhas recusadas">
            <ActionIcon variant="subtle" aria-label={`Linhas recusadas de ${r.rem_codigo}`} onClick={() => onDetails(r)}>
              <IconFileSearch size={18} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed" aria-label="Nenhuma linha recusada">
            —
          </Text>
        ),
    },
  ];
  const failureColumns: PagedColumn<Remessa>[] = [
    ...common,
    {
      key: 'motivo_falha',
      title: 'Motivo da falha',
      render: (r) => {
        const text = (r.motivo_falha ?? '').replace(/\s+/g, ' ');
        return (
          <Text size="sm" title={r.motivo_falha ?? ''}>
            {text.length > REMESSA_REASON_CUT ? `${text.slice(0, REMESSA_REASON_CUT)}...` : text}
          </Text>
        );
      },
    },
    { key: 'tipo_falha', title: 'Tipo', render: (r) => remessaFailureLabel(r.tipo_falha) },
    {
      key: 'detalhes',
      title: 'Detalhes',
      width: 90,
      render: (r) => (
        <Tooltip label="Detalhes">
          <ActionIcon variant="subtle" aria-label={`Detalhes de ${r.rem_codigo}`} onClick={() => onDetails(r)}>
            <IconFileSearch size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  return (
    <PagedTable
      columns={tab === 'sucesso' ? successColumns : failureColumns}
      {...tableProps}
      rowKey={(r) => r.rem_codigo}
      searchLabel={SEARCH_LABEL[tab]}
      searchPlaceholder="Nome do arquivo"
    />
  );
}

/** /remessas (spec 002 §2): processed and failed batch files, the upload, the legend and the period report. */
export default function RemessasPage() {
  const [tab, setTab] = useState<RemessaTab>('sucesso');
  const [upload, setUpload] = useState(false);
  const [report, setReport] = useState(false);
  const [legend, setLegend] = useState(false);
  const [details, setDetails] = useState<Remessa | null>(null);
  const [following, setFollowing] = useState(false);
  const live = useRealtimeConnected();
  const stats = useQuery({
    queryKey: ['remessas-stats'],
    queryFn: remessaStatsCall,
    refetchInterval: following && !live ? POLL_MS : false,
  });
  // A file of the user received or moved on (any tab, any browser tab), or the socket back after a
  // loss: the tab's list and the counts reload, once a burst.
  const refreshAll = useDebouncedRefresh([['remessas-sucesso'], ['remessas-falha'], ['remessas-stats']]);
  useRemessaStatusPush(() => refreshAll());
  // Spec 002 §8: a failed stats call is only logged, and the counts go back to zero.
  const counts = stats.isError ? { total_sucessos: 0, total_falhas: 0 } : (stats.data ?? { total_sucessos: 0, total_falhas: 0 });
  const queryClient = useQueryClient();

  const uploaded = () => {
    setUpload(false);
    const id = modals.open({
      title: <strong>{REMESSA_MSG.uploadedTitle}</strong>,
      centered: true,
      children: <p data-testid="alert-message">{REMESSA_MSG.uploaded}</p>,
    });
    setTimeout(() => modals.close(id), 3000);
    setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: [`remessas-${tab}`] });
      void stats.refetch();
    }, 1000);
  };

  const badge = (n: number, color: string) =>
    n > 0 ? (
      <Badge size="sm" circle={n < 10} color={color} data-testid="tab-count">
        {n}
      </Badge>
    ) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group gap="xs" align="center">
          <Title order={3}>Remessas</Title>
          <Popover width={360} position="bottom-start" withArrow shadow="md">
            <Popover.Target>
              <ActionIcon variant="subtle" aria-label="Ajuda das remessas">
                <IconHelpCircle size={20} />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <Text size="sm">
                Acompanhe aqui as remessas processadas e as que falharam. Em cada remessa processada, o botão de impressão baixa a prévia do
                retorno (cada linha com o protocolo, o status e o endereço da mensagem). Use Gerar Relatório para imprimir as remessas de um
                período, e Nova Remessa para enviar um arquivo.
              </Text>
            </Popover.Dropdown>
          </Popover>
        </Group>
        <Group gap="sm">
          <Anchor component="button" type="button" size="sm" onClick={() => setLegend(true)}>
            Legenda de status
          </Anchor>
          <Button variant="default" leftSection={<IconReportAnalytics size={16} />} onClick={() => setReport(true)}>
            Gerar Relatório
          </Button>
          <Button leftSection={<IconUpload size={16} />} onClick={() => setUpload(true)}>
            Nova Remessa
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Tabs value={tab} onChange={(v) => v && setTab(v as RemessaTab)} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="sucesso" rightSection={badge(counts.total_sucessos, 'blue')}>
              Remessas Processadas
            </Tabs.Tab>
            <Tabs.Tab value="falha" rightSection={badge(counts.total_falhas, 'red')}>
              Remessas com Falha
            </Tabs.Tab>
          </Tabs.List>
          {tab === 'falha' && (
            <Text size="sm" c="dimmed" mb="sm">
              {REMESSA_MSG.failuresKept}
            </Text>
          )}
          <RemessasTable key={tab} tab={tab} onDetails={setDetails} onRows={setFollowing} />
        </Tabs>
      </Paper>
      {upload && <UploadModal onClose={() => setUpload(false)} onUploaded={uploaded} />}
      {report && <ReportModal onClose={() => setReport(false)} />}
      {legend && <StatusLegend falhas={tab === 'falha'} onClose={() => setLegend(false)} />}
      {details && <FailureDetails remessa={details} onClose={() => setDetails(null)} />}
    </Stack>
  );
}
