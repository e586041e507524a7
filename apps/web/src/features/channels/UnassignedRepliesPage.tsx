import { UNASSIGNED_REPLIES_MSG, type UnassignedReply } from '@ar/core';
import { Anchor, Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { isNetworkError } from '../../api/client.ts';
import { showWarning } from '../../app/alerts.ts';
import { formatDateTime } from '../../app/format.ts';
import type { PagedColumn } from '../../components/paged-table/PagedTable.tsx';
import { PaginationFooter } from '../../components/paged-table/PaginationFooter.tsx';
import { TableGrid } from '../../components/paged-table/TableGrid.tsx';
import { usePagedList } from '../../components/paged-table/table-state.ts';
import { useSession } from '../../session/session.ts';
import { LEVEL1_LANDING } from '../users/UsersPage.tsx';

const CANAL = { sms: 'SMS', whatsapp: 'WhatsApp' } as const;
const AVISO = { pendente: 'Aviso pendente', enviado: 'Avisado', falhou: 'Aviso não enviado' } as const;

/**
 * /canais/respostas-nao-identificadas (administrators): SMS and WhatsApp replies that named no
 * message and came from a number other administrations also wrote to (docs/channels.md,
 * "Respostas sem referência"). The reply's text is not shown — it may be another tenant's — only
 * who wrote, when, and which of this administration's messages it may answer.
 */
export default function UnassignedRepliesPage() {
  const session = useSession();
  if (session?.user.usu_nivel !== 3) return <Navigate to={LEVEL1_LANDING} replace />;
  return <UnassignedRepliesTable />;
}

function UnassignedRepliesTable() {
  const { query, tableProps } = usePagedList<UnassignedReply>(
    'respostas-nao-identificadas',
    '/canais/respostas-nao-identificadas',
    'respostas',
    {
      limit: 25,
      column: 'codigo',
      order: 'DESC',
    },
  );
  useEffect(() => {
    if (query.isError && !isNetworkError(query.error)) showWarning(UNASSIGNED_REPLIES_MSG.listError);
  }, [query.isError, query.error]);

  const columns: PagedColumn<UnassignedReply>[] = [
    { key: 'recebidaEm', title: 'Recebida em', width: 160, render: (r) => formatDateTime(r.recebidaEm) },
    { key: 'canal', title: 'Canal', width: 100, render: (r) => CANAL[r.canal] },
    { key: 'numero', title: 'Número', width: 160 },
    {
      key: 'mensagens',
      title: 'Pode responder a',
      render: (r) => (
        <Stack gap={2}>
          {r.mensagens.map((m) => (
            <Text size="sm" key={m.ema_uni_codigo}>
              <Anchor component={Link} to={`/emails/enviados/info/${m.ema_uni_codigo}`} size="sm">
                {m.ema_uni_codigo}
              </Anchor>{' '}
              {m.ema_uni_subject} — {m.remetente.usu_nome}, {formatDateTime(m.enviadaEm)}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: 'aviso',
      title: 'Destinatário',
      width: 150,
      render: (r) =>
        r.avisoDestinatario ? (
          <Badge variant="light" color={r.avisoDestinatario === 'enviado' ? 'green' : r.avisoDestinatario === 'falhou' ? 'red' : 'gray'}>
            {AVISO[r.avisoDestinatario]}
          </Badge>
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3}>{UNASSIGNED_REPLIES_MSG.title}</Title>
        <Text c="dimmed" size="sm">
          {UNASSIGNED_REPLIES_MSG.explanation}
        </Text>
      </Stack>
      <Paper p="lg" withBorder radius="md">
        <Stack gap="sm">
          <TableGrid columns={columns} {...tableProps} rowKey={(r) => r.codigo} />
          <PaginationFooter {...tableProps} rowsOnPage={tableProps.rows.length} />
        </Stack>
      </Paper>
    </Stack>
  );
}
