import { MOVEMENT_TYPE_LABELS, type PlanMovement } from '@ar/core';
import { Text } from '@mantine/core';
import { formatCredits, formatDateTime } from '../../app/format.ts';
import { type PagedColumn, PagedTable } from '../../components/paged-table/PagedTable.tsx';
import { usePagedList } from '../../components/paged-table/table-state.ts';
import { PLAN_KEYS } from './plans.api.ts';
import { useWarnOnError } from './useWarnOnError.ts';

const signed = (n: number) => `${n > 0 ? '+' : '−'}${formatCredits(Math.abs(n))}`;

const columns: PagedColumn<PlanMovement>[] = [
  { key: 'mov_codigo', title: 'Data', sortable: true, render: (m) => formatDateTime(m.mov_data) },
  { key: 'mov_tipo', title: 'Tipo', render: (m) => MOVEMENT_TYPE_LABELS[m.mov_tipo] },
  {
    key: 'mov_creditos',
    title: 'Créditos',
    render: (m) => (
      <Text size="sm" c={m.mov_creditos > 0 ? 'green.8' : 'red.8'}>
        {signed(m.mov_creditos)}
      </Text>
    ),
  },
  { key: 'mov_saldo_apos', title: 'Total após', render: (m) => formatCredits(m.mov_saldo_apos) },
  { key: 'autor', title: 'Por', render: (m) => m.autor?.nome ?? 'Loja' },
  { key: 'mov_motivo', title: 'Motivo', render: (m) => m.mov_motivo },
];

/** The ledger of one plan: every change with when, what, who and why, 10 a page, newest first. */
export function MovementsTable({ pla_codigo }: { pla_codigo: number }) {
  const { query, tableProps } = usePagedList<PlanMovement>(`${PLAN_KEYS.history}-mov`, `/planos/${pla_codigo}/movimentos`, 'movimentos', {
    limit: 10,
    column: 'mov_codigo',
    order: 'DESC',
  });
  useWarnOnError(query.error, 'Houve um erro ao obter as movimentações do plano');
  return (
    <PagedTable
      columns={columns}
      {...tableProps}
      rowKey={(m) => m.mov_codigo}
      searchPlaceholder="Procurar pelos campos: Motivo, Referência..."
    />
  );
}
