import { RECEIVED_MSG, type ReceivedEmailSummary } from '@ar/core';
import { ActionIcon, Paper, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPaperclip } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isNetworkError } from '../../../api/client.ts';
import { showWarning } from '../../../app/alerts.ts';
import { formatDateTime } from '../../../app/format.ts';
import { type PagedColumn, PagedTable } from '../../../components/paged-table/PagedTable.tsx';
import { usePagedList } from '../../../components/paged-table/table-state.ts';
import { EmailsLayout } from '../EmailsLayout.tsx';

/** /emails/recebidos: replies to the user's AR messages (spec 001 §2.8); unread ones stand out. */
export default function ReceivedListPage() {
  const navigate = useNavigate();
  const { query, tableProps } = usePagedList<ReceivedEmailSummary>('emails-recebidos', '/emails/received', 'emailsData', {
    limit: 25,
    column: 'ema_uni_codigo',
    order: 'DESC',
  });
  useEffect(() => {
    if (query.isError && !isNetworkError(query.error)) showWarning(RECEIVED_MSG.listError);
  }, [query.isError, query.error]);
  const open = (r: ReceivedEmailSummary) => navigate(`/emails/recebidos/info/${r.ema_uni_codigo}`);

  const columns: PagedColumn<ReceivedEmailSummary>[] = [
    { key: 'ema_uni_codigo', title: 'ID', sortable: true, width: 80 },
    {
      key: 'from',
      title: 'De',
      sortable: true,
      render: (r) => (
        <div>
          <Text size="sm" fw={r.hasViewed ? 400 : 700}>
            {r.nameFrom || r.from}
          </Text>
          <Text size="xs" c="dimmed">
            {r.from}
          </Text>
        </div>
      ),
    },
    {
      key: 'ema_uni_subject',
      title: 'Assunto',
      sortable: true,
      render: (r) => (
        <Text size="sm" fw={r.hasViewed ? 400 : 700}>
          {r.ema_uni_subject}
        </Text>
      ),
    },
    {
      key: 'anexos',
      title: '',
      width: 40,
      render: (r) =>
        r.hasAttachments ? (
          <Tooltip label="Com anexos">
            <IconPaperclip size={16} aria-label="Com anexos" />
          </Tooltip>
        ) : null,
    },
    { key: 'ema_uni_data_criacao', title: 'Criado', sortable: true, width: 150, render: (r) => formatDateTime(r.ema_uni_data_criacao) },
    { key: 'data_entrega', title: 'Recebido em', sortable: true, width: 150, render: (r) => formatDateTime(r.data_entrega) },
    {
      key: 'gerenciar',
      title: 'Gerenciar',
      width: 100,
      render: (r) => (
        <Tooltip label="Ver mensagem">
          <ActionIcon
            variant="subtle"
            aria-label={`Ver mensagem de ${r.nameFrom || r.from}`}
            onClick={(e) => {
              e.stopPropagation();
              open(r);
            }}
          >
            <IconEye size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <EmailsLayout title="AR-Email Recebidos" help="Respostas dos destinatários às suas mensagens. As não lidas aparecem em destaque.">
      <Paper p="lg" withBorder radius="md">
        <PagedTable
          columns={columns}
          {...tableProps}
          rowKey={(r) => r.ema_uni_codigo}
          searchPlaceholder="Procurar por ID, remetente, assunto ou data (dd/mm/aaaa)"
          onRowClick={open}
          rowStyle={(r) => (r.hasViewed ? undefined : { background: 'var(--mantine-color-blue-0)' })}
        />
      </Paper>
    </EmailsLayout>
  );
}
