import type { SentRow } from '@ar/core';
import { CHANNEL_NAMES, PROOF_MSG, STATUS_FILTER, STATUS_LABELS } from '@ar/core';
import { ActionIcon, Badge, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconEye, IconFileCertificate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isNetworkError } from '../../api/client.ts';
import { showWarning } from '../../app/alerts.ts';
import { formatDateTime } from '../../app/format.ts';
import { type FilterOption, type PagedColumn, PagedTable } from '../../components/paged-table/PagedTable.tsx';
import { usePagedList } from '../../components/paged-table/table-state.ts';
import { useBusy } from '../../components/use-busy.ts';
import { useRefreshOnEmailStatus } from '../notifications/realtime-store.ts';
import { EmailsLayout } from './EmailsLayout.tsx';
import { downloadSendingProof, tagOptionsCall } from './emails.api.ts';
import { StatusIcons } from './StatusIcons.tsx';

const STATUS_OPTIONS: FilterOption[] = (
  Object.entries(STATUS_FILTER) as [keyof typeof STATUS_FILTER, (keyof typeof STATUS_LABELS)[]][]
).flatMap(([channel, types]) =>
  types.map((t) => ({ value: t, label: STATUS_LABELS[t].label, group: channel, groupLabel: CHANNEL_NAMES[channel].replace('AR-', '') })),
);

/** /emails/enviados: the sent messages (spec 001 §2.6). */
export default function SentListPage() {
  const navigate = useNavigate();
  const { query, tableProps } = usePagedList<SentRow>(
    'emails-enviados',
    '/emails/send',
    'emails',
    { limit: 25, column: 'ema_uni_codigo', order: 'DESC' },
    // Messages still in a queue (e-mail, SMS or WhatsApp) turn to Enviado (or Erro) within seconds: follow them without a reload.
    { refreshWhile: (rows) => rows.some((r) => Object.values(r.lastStatus).some((s) => s?.type === 'processed')) },
  );
  // Delivered, read, answered, failed: pushed by the server (docs/realtime.md), the rows follow without a reload.
  useRefreshOnEmailStatus(['emails-enviados']);
  const tags = useQuery({ queryKey: ['etiquetas-filtro'], queryFn: tagOptionsCall });
  const proofs = useBusy();
  useEffect(() => {
    if (query.isError && !isNetworkError(query.error)) showWarning('Houve um erro ao obter os emails');
  }, [query.isError, query.error]);

  const columns: PagedColumn<SentRow>[] = [
    {
      key: 'ema_uni_to',
      title: 'Para',
      sortable: true,
      render: (r) => (
        <div>
          <Text size="sm" fw={500}>
            {r.ema_uni_name_to}
          </Text>
          <Text size="xs" c="dimmed">
            {r.ema_uni_to ?? r.ema_uni_sms?.number ?? r.ema_uni_whatsapp?.numberReceived}
          </Text>
        </div>
      ),
    },
    { key: 'ema_uni_subject', title: 'Assunto', sortable: true },
    {
      key: 'etiquetas',
      title: 'Etiquetas',
      render: (r) =>
        r.emailEtiquetas.length === 0 ? null : (
          <Group gap={4}>
            {r.emailEtiquetas.map((t) => (
              <Badge key={t.eti_codigo} color={t.eti_cor} autoContrast size="sm" radius="sm">
                {t.eti_nome}
              </Badge>
            ))}
          </Group>
        ),
    },
    { key: 'ema_uni_identificacao', title: 'Identificação', sortable: true },
    { key: 'status', title: 'Status', render: (r) => <StatusIcons lastStatus={r.lastStatus} /> },
    { key: 'ema_uni_data_criacao', title: 'Criado', sortable: true, width: 150, render: (r) => formatDateTime(r.ema_uni_data_criacao) },
    {
      key: 'gerenciar',
      title: 'Gerenciar',
      width: 100,
      render: (r) => (
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Baixar comprovante de envio">
            <ActionIcon
              variant="subtle"
              aria-label={`Baixar comprovante de ${r.ema_uni_name_to}`}
              loading={proofs.isBusy(String(r.ema_uni_codigo))}
              onClick={(e) => {
                e.stopPropagation();
                void proofs.run(String(r.ema_uni_codigo), () =>
                  downloadSendingProof(r.ema_uni_codigo).catch(() => showWarning(PROOF_MSG.generateError)),
                );
              }}
            >
              <IconFileCertificate size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Ver detalhes">
            <ActionIcon
              variant="subtle"
              aria-label={`Ver detalhes de ${r.ema_uni_name_to}`}
              onClick={(e) => {
                e.stopPropagation();
                navigate(`/emails/enviados/info/${r.ema_uni_codigo}`);
              }}
            >
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <EmailsLayout
      title="AR-Email Enviados"
      help="Acompanhe o envio, a entrega e a leitura de cada mensagem. Clique em uma linha para ver os detalhes."
    >
      <Paper p="lg" withBorder radius="md">
        <PagedTable
          columns={columns}
          {...tableProps}
          rowKey={(r) => r.ema_uni_codigo}
          searchPlaceholder="Procurar pelos campos: Para, Assunto, Identificação..."
          tagOptions={(tags.data?.etiquetas ?? []).map((t) => ({ value: String(t.eti_codigo), label: t.eti_nome }))}
          statusOptions={STATUS_OPTIONS}
          onRowClick={(r) => navigate(`/emails/enviados/info/${r.ema_uni_codigo}`)}
        />
      </Paper>
    </EmailsLayout>
  );
}
