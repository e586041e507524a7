import { PLAN_LEVEL_LABELS, PLAN_MSG, PLAN_TITLES, type Plano } from '@ar/core';
import { ActionIcon, Badge, Menu, Modal, Stack, Title } from '@mantine/core';
import { IconCoins, IconDots, IconListDetails, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert, showWarning } from '../../app/alerts.ts';
import { formatCredits, formatDate, formatMonth } from '../../app/format.ts';
import { type PagedColumn, PagedTable } from '../../components/paged-table/PagedTable.tsx';
import { usePagedList } from '../../components/paged-table/table-state.ts';
import { CreditsWidget } from './CreditsWidget.tsx';
import { MovementsTable } from './MovementsTable.tsx';
import { PLAN_KEYS, refreshPlans, setPlanActive } from './plans.api.ts';
import { failureMessage, useWarnOnError } from './useWarnOnError.ts';

function PlanActions({ plano, onCredits, onLedger }: { plano: Plano; onCredits: (p: Plano) => void; onLedger: (p: Plano) => void }) {
  const client = useQueryClient();
  const next = plano.pla_ativo === 1 ? 0 : 1;
  async function toggle() {
    try {
      const res = await setPlanActive(plano.pla_codigo, next);
      refreshPlans(client);
      showAlert('Sucesso', res.message);
    } catch (error) {
      showWarning(failureMessage(error, PLAN_MSG.toggleFailed));
    }
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Ações do plano ${plano.pla_codigo}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {plano.gerenciavel && (
          <Menu.Item leftSection={next === 1 ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />} onClick={toggle}>
            {next === 1 ? 'Ativar' : 'Desativar'}
          </Menu.Item>
        )}
        {plano.gerenciavel && plano.pla_tipo_plano === '1' && (
          <Menu.Item leftSection={<IconCoins size={16} />} onClick={() => onCredits(plano)}>
            Adicionar ou remover créditos
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconListDetails size={16} />} onClick={() => onLedger(plano)}>
          Movimentações
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** /realiza: the plans per user or entity, 25 a page, with the action menu. */
export default function RealizaPage() {
  const { query, tableProps } = usePagedList<Plano>(PLAN_KEYS.list, '/planos', 'planos', {
    limit: 25,
    column: 'pla_codigo',
    order: 'ASC',
  });
  const [editing, setEditing] = useState<Plano | null>(null);
  const [ledger, setLedger] = useState<Plano | null>(null);
  useWarnOnError(query.error, PLAN_MSG.loadPlans);

  const columns: PagedColumn<Plano>[] = [
    { key: 'pla_codigo', title: 'Número', sortable: true },
    { key: 'nome', title: 'Nome', sortable: true, render: (p) => p.usuario.nome },
    { key: 'pla_nivel', title: 'Tipo', sortable: true, render: (p) => PLAN_LEVEL_LABELS[p.pla_nivel] },
    {
      key: 'pla_data_criacao',
      title: 'Criação / Mês de referência',
      sortable: true,
      render: (p) => (p.pla_tipo_plano === '1' ? formatDate(p.pla_data_criacao) : formatMonth(p.pla_periodo_inicio)),
    },
    {
      key: 'pla_total_credito',
      title: 'Créditos / Gasto',
      sortable: true,
      render: (p) => formatCredits(p.pla_tipo_plano === '1' ? p.pla_total_credito : p.pla_creditos_utilizados),
    },
    { key: 'pla_tipo_plano', title: 'Plano', sortable: true, render: (p) => PLAN_TITLES[p.pla_tipo_plano] },
    {
      key: 'pla_ativo',
      title: 'Ativo',
      sortable: true,
      render: (p) => (
        <Badge variant="light" color={p.pla_ativo === 1 ? 'green' : 'gray'}>
          {p.pla_ativo === 1 ? 'Sim' : 'Não'}
        </Badge>
      ),
    },
    { key: 'editar', title: 'Editar', render: (p) => <PlanActions plano={p} onCredits={setEditing} onLedger={setLedger} /> },
  ];

  return (
    <Stack gap="md">
      <Title order={2}>Planos</Title>
      <PagedTable
        columns={columns}
        {...tableProps}
        rowKey={(p) => p.pla_codigo}
        searchPlaceholder="Procurar pelos campos: Número, Nome..."
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={<strong>Créditos de {editing?.usuario.nome}</strong>}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
      >
        {editing && <CreditsWidget plano={editing} onDone={() => setEditing(null)} />}
      </Modal>
      <Modal
        opened={ledger !== null}
        onClose={() => setLedger(null)}
        title={<strong>Movimentações de {ledger?.usuario.nome}</strong>}
        closeOnClickOutside={false}
        closeOnEscape={false}
        size="xl"
        centered
      >
        {ledger && <MovementsTable pla_codigo={ledger.pla_codigo} />}
      </Modal>
    </Stack>
  );
}
