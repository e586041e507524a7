import {
  BULK_PROOF_MSG,
  BULK_PROOF_NAME_MAX,
  type BulkProof,
  type BulkProofPayload,
  bulkProofBody,
  dayLabel,
  defaultProofName,
  describeProofFilter,
} from '@ar/core';
import { ActionIcon, Badge, Button, Group, Indicator, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileCertificate, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError, isNetworkError } from '../../api/client.ts';
import { showAlert, showWarning } from '../../app/alerts.ts';
import { formatDateTime } from '../../app/format.ts';
import { type Period, PeriodPicker } from '../../components/PeriodPicker.tsx';
import { PaginationFooter } from '../../components/paged-table/PaginationFooter.tsx';
import { TableGrid } from '../../components/paged-table/TableGrid.tsx';
import { usePagedList } from '../../components/paged-table/table-state.ts';
import type { PagedColumn } from '../../components/paged-table/types.ts';
import { useBusy } from '../../components/use-busy.ts';
import { useDebouncedRefresh, useProofReady, useTotalAlertas } from '../notifications/realtime-store.ts';
import { createProofCall, downloadProof } from './proofs.api.ts';
import { type ProofFilterValue, StatusFilter } from './StatusFilter.tsx';

const EMPTY_FILTER: ProofFilterValue = { channels: [], status: [] };

/** /reports/proofs: the proofs generator and the table of generated proofs (spec 002 §2, §4, §5, §8). */
export default function ProofsPage() {
  const [period, setPeriod] = useState<Period>([null, null]);
  const [name, setName] = useState('');
  const [filter, setFilter] = useState<ProofFilterValue>(EMPTY_FILTER);
  const [busy, setBusy] = useState(false);
  const { query, tableProps, showCreated } = usePagedList<BulkProof>(
    'comprovantes',
    '/reports/proofs',
    'comprovantes',
    { limit: 10, column: 'comp_codigo', order: 'DESC' },
    // 'Em processamento… N de M' moves on its own while a proof is being made.
    { refreshWhile: (rows) => rows.some((r) => r.status === 'processando'), refreshMs: 2000 },
  );
  useEffect(() => {
    if (query.isError && !isNetworkError(query.error)) showWarning(BULK_PROOF_MSG.listError);
  }, [query.isError, query.error]);
  // A change of the proofs' unread count reloads the table: each row's badge is its notification.
  // A proof ready raises the count; cleared from the bell, in another tab or by a download lowers it.
  // The first totals of a connection (none before) are not a change: the list was read at the same
  // time. Reloads of one burst (a download and the count it lowers) are one call. (A row in
  // processing also reloads every 2 s, above, should the socket be away.)
  const refresh = useDebouncedRefresh([['comprovantes']]);
  const totals = useTotalAlertas();
  const seen = useRef(totals);
  useEffect(() => {
    const before = seen.current;
    seen.current = totals;
    if (before.versao !== '' && before.comprovante !== totals.comprovante) refresh();
  }, [totals, refresh]);
  // The notification of a ready proof: its toast (the count above reloads the table).
  useProofReady((p) => {
    notifications.show({ color: 'green', title: 'Comprovante pronto', message: p.text, autoClose: 6000 });
  });

  async function generate(payload: BulkProofPayload | null = null) {
    const body = payload ?? {
      startDate: period[0] ?? undefined,
      finalDate: period[1] ?? period[0] ?? undefined,
      nameProof: name || undefined,
      filter,
    };
    // The same contract as the server: 'Selecione um período' (title 'Aviso!') with no period or over 31 days.
    const parsed = bulkProofBody.safeParse(body);
    if (!parsed.success) {
      showAlert(BULK_PROOF_MSG.periodTitle, parsed.error.issues[0]?.message ?? BULK_PROOF_MSG.periodRequired);
      return;
    }
    setBusy(true);
    try {
      const res = await createProofCall(parsed.data);
      notifications.show({ color: 'blue', message: res.message, autoClose: 4000 });
      // The new row shows 'Em processamento' at once; the reload follows its progress.
      showCreated(res.comprovante, (a, b) => a.comp_codigo === b.comp_codigo);
      await query.refetch();
    } catch (e) {
      if (isNetworkError(e)) return;
      const message = e instanceof ApiError && e.status < 500 ? e.message : BULK_PROOF_MSG.generateError;
      showAlert(e instanceof ApiError && e.status === 400 ? BULK_PROOF_MSG.periodTitle : 'Aviso', message);
    } finally {
      setBusy(false);
    }
  }

  const downloads = useBusy();
  async function download(p: BulkProof) {
    try {
      await downloadProof(p);
      refresh();
    } catch (e) {
      showWarning(e instanceof ApiError && e.status !== 0 && e.status < 500 ? e.message : BULK_PROOF_MSG.downloadError);
    }
  }

  const columns: PagedColumn<BulkProof>[] = [
    {
      key: 'comp_cod_referencia',
      title: 'Referência',
      width: 120,
      render: (p) => (
        <Tooltip label={p.comp_cod_referencia}>
          <Text size="xs" ff="monospace">
            {p.comp_cod_referencia.slice(0, 8)}
          </Text>
        </Tooltip>
      ),
    },
    { key: 'nome', title: 'Nome', render: (p) => p.comp_payload.payload.nameProof },
    {
      key: 'periodo',
      title: 'Período',
      width: 110,
      render: (p) => `${dayLabel(p.comp_payload.payload.startDate)} a ${dayLabel(p.comp_payload.payload.finalDate)}`,
    },
    { key: 'filtro', title: 'Filtro', render: (p) => <Text size="xs">{describeProofFilter(p.comp_payload.payload.filter)}</Text> },
    { key: 'comp_data_criacao', title: 'Criado em', width: 140, render: (p) => formatDateTime(p.comp_data_criacao) },
    {
      key: 'comp_data_expiracao',
      title: 'Expira em',
      width: 170,
      render: (p) => {
        if (p.status === 'processando')
          return (
            <Text size="sm" c="blue">
              {p.progresso.feitos > 0 ? `Em processamento… ${p.progresso.feitos} de ${p.progresso.total}` : 'Em processamento'}
            </Text>
          );
        if (p.status === 'falha')
          return (
            <Text size="sm" c="red">
              Falha na geração
            </Text>
          );
        return (
          <Text size="sm" c={p.status === 'expirado' ? 'red' : undefined} fw={p.status === 'expirado' ? 600 : undefined}>
            {formatDateTime(p.comp_data_expiracao)}
          </Text>
        );
      },
    },
    {
      key: 'acoes',
      title: 'Ações',
      width: 150,
      render: (p) =>
        p.status === 'pronto' ? (
          <Indicator
            inline
            disabled={!p.alerta}
            color="red"
            size={10}
            processing
            offset={2}
            aria-label={p.alerta ? 'Comprovante novo' : undefined}
          >
            <Tooltip label={`Baixar ${p.formato.toUpperCase()} (${p.progresso.total} mensagens)`}>
              <ActionIcon
                variant="light"
                aria-label={`Baixar ${p.comp_payload.payload.nameProof}`}
                loading={downloads.isBusy(p.comp_cod_referencia)}
                onClick={() => void downloads.run(p.comp_cod_referencia, () => download(p))}
              >
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
          </Indicator>
        ) : p.status === 'processando' ? (
          <Badge variant="light">{p.formato.toUpperCase()}</Badge>
        ) : (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={downloads.isBusy(`gerar-${p.comp_cod_referencia}`)}
            onClick={() => void downloads.run(`gerar-${p.comp_cod_referencia}`, () => generate(p.comp_payload.payload))}
          >
            Gerar Novamente
          </Button>
        ),
    },
  ];

  const placeholder = period[0] ? defaultProofName(period[0], period[1] ?? period[0]) : 'Comprovantes de {início} até {fim}';
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3}>Gerar Comprovantes</Title>
        <Text c="dimmed" size="sm">
          Gere os comprovantes de envio das mensagens de um período de até 31 dias: um PDF com capa e sumário (até 500 mensagens) ou um
          arquivo ZIP com os PDFs e um manifesto. Você será avisado quando estiver pronto.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group align="flex-end" gap="lg">
            <PeriodPicker value={period} onChange={setPeriod} />
            <TextInput
              label="Nome do comprovante"
              placeholder={placeholder}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={BULK_PROOF_NAME_MAX}
              w={360}
            />
          </Group>
          <StatusFilter value={filter} onChange={setFilter} />
          <Group>
            <Button leftSection={<IconFileCertificate size={18} />} onClick={() => void generate()} loading={busy}>
              Gerar
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={5}>Comprovantes gerados</Title>
          <TableGrid columns={columns} {...tableProps} rowKey={(p) => p.comp_codigo} />
          <PaginationFooter {...tableProps} rowsOnPage={tableProps.rows.length} />
        </Stack>
      </Paper>
    </Stack>
  );
}
