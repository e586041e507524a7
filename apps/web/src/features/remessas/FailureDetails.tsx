import { type Remessa, remessaFailureLabel } from '@ar/core';
import { Code, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../app/format.ts';
import { RemessaStatusBadge } from './status-ui.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

/** Detalhes of a failed remessa, or of a file sent with refused lines ('Concluído com falhas'): file, code, date, failure type, status, attempted records and the full reason. */
export function FailureDetails({ remessa, onClose }: { remessa: Remessa; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={<strong>Detalhes da Remessa</strong>} centered size="xl">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label="Arquivo">{remessa.rem_nome}</Field>
          <Field label="Código">{remessa.rem_codigo}</Field>
          <Field label="Data">{formatDateTime(remessa.rem_data_processamento)}</Field>
          <Field label="Tipo da falha">{remessaFailureLabel(remessa.tipo_falha) || '—'}</Field>
          <Field label="Status">
            <RemessaStatusBadge code={remessa.rem_status_processamento} />
          </Field>
          <Field label="Registros tentados">{remessa.rem_quantidade_registros}</Field>
        </SimpleGrid>
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            {remessa.rem_status_processamento === 'PROCESSADO_COM_FALHAS' ? 'Linhas recusadas' : 'Motivo da falha'}
          </Text>
          <Code block data-testid="failure-reason" style={{ whiteSpace: 'pre-wrap', maxHeight: 360, overflow: 'auto' }}>
            {remessa.motivo_falha ?? '—'}
          </Code>
        </div>
      </Stack>
    </Modal>
  );
}
