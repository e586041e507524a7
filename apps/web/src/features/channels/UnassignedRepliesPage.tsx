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
const AVISO = {
  pendente: { label: 'Aviso pendente', color: 'gray' },
  enviado: { label: 'Avisado', color: 'green' },
  falhou: { label: 'Aviso não enviado', color: 'red' },
} as const;

/**
 * Small text at WCAG AA contrast (axe): the theme's link blue (blue.6) and a light badge's own text
 * colour fall short of 4.5:1, so links are a shade darker and the badges' text dark (their tint says the state).
 */
const LINK_BLUE = 'blue.8';
const DARK_TEXT = 'dark.7';

/**
 * /canais/respostas-nao-identificadas (administrators): SMS and WhatsApp replies that named no
 * message and came from a number other administrations also wrote to (docs/unassigned-replies.md).
 * The reply's text is not shown — it may be another tenant's — only
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
              <Anchor component={Link} to={`/emails/enviados/info/${m.ema_uni_codigo}`} size="sm" c={LINK_BLUE}>
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
          <Badge variant="light" color={AVISO[r.avisoDestinatario].color} c={DARK_TEXT}>
            {AVISO[r.avisoDestinatario].label}
          </Badge>
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3}>{UNASSIGNED_REPLIES_MSG.title}</Title>
        <Text size="sm">{UNASSIGNED_REPLIES_MSG.explanation}</Text>
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
