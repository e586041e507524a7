import { type CreditLog, invoiceLinkOf, PLAN_MSG, purchaseStatusLabel } from '@ar/core';
import { Anchor, Badge } from '@mantine/core';
import { formatCredits, formatDateTime, formatMoney } from '../../app/format.ts';
import { type PagedColumn, PagedTable } from '../../components/paged-table/PagedTable.tsx';
import { usePagedList } from '../../components/paged-table/table-state.ts';
import { PLAN_KEYS } from './plans.api.ts';
import { useWarnOnError } from './useWarnOnError.ts';

const STATUS_COLORS: Record<string, string> = {
  completed: 'green',
  processing: 'blue',
  'on-hold': 'yellow',
  pending: 'yellow',
  'pending-payment': 'yellow',
  refunded: 'gray',
};

const columns: PagedColumn<CreditLog>[] = [
  { key: 'log_codigo', title: 'Pedido', sortable: true, render: (r) => r.log_creditos.number },
  { key: 'date_created', title: 'Data', render: (r) => formatDateTime(r.log_creditos.date_created ?? r.log_data) },
  {
    key: 'line_items',
    title: 'Produtos',
    render: (r) => r.log_creditos.line_items.map((i) => `${i.quantity} × ${i.name}`).join(', '),
  },
  { key: 'log_quantidade', title: 'Créditos', render: (r) => formatCredits(r.log_quantidade) },
  { key: 'total', title: 'Valor', render: (r) => formatMoney(r.log_creditos.total) },
  { key: 'payment', title: 'Pagamento', render: (r) => r.log_creditos.payment_method_title },
  {
    key: 'status',
    title: 'Status',
    render: (r) => (
      <Badge variant="light" color={STATUS_COLORS[r.log_creditos.status] ?? 'red'}>
        {purchaseStatusLabel(r.log_creditos.status)}
      </Badge>
    ),
  },
  {
    key: 'invoice',
    title: 'Fatura',
    render: (r) => {
      const link = invoiceLinkOf(r.log_creditos);
      return link ? (
        <Anchor href={link} target="_blank" rel="noopener" size="sm">
          Boleto
        </Anchor>
      ) : (
        ''
      );
    },
  },
];

/** Extrato: the purchase history of a prepaid plan, 10 a page, newest first. */
export function ExtratoTab({ pla_codigo }: { pla_codigo: number }) {
  const { query, tableProps } = usePagedList<CreditLog>(PLAN_KEYS.history, `/historico-plano/${pla_codigo}`, 'historico', {
    limit: 10,
    column: 'log_codigo',
    order: 'DESC',
  });
  useWarnOnError(query.error, PLAN_MSG.loadHistory);
  return (
    <PagedTable
      columns={columns}
      {...tableProps}
      rowKey={(r) => r.log_codigo}
      searchPlaceholder="Procurar pelos campos: Pedido, Produto..."
    />
  );
}
