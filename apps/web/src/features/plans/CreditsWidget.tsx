import { PLAN_MSG, type Plano } from '@ar/core';
import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert, showWarning } from '../../app/alerts.ts';
import { formatCredits } from '../../app/format.ts';
import { changeCredits, refreshPlans } from './plans.api.ts';
import { failureMessage } from './useWarnOnError.ts';

/**
 * The manager's credits widget (prepaid plans only): add or remove credits with an optional
 * reason. Exported for the user modal as well. The server refuses going below zero.
 */
export function CreditsWidget({ plano, onDone }: { plano: Plano; onDone?: () => void }) {
  const client = useQueryClient();
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<'add' | 'remove' | null>(null);
  const [balance, setBalance] = useState(plano.pla_total_credito);
  const units = typeof amount === 'number' ? amount : Number.NaN;
  const valid = Number.isInteger(units) && units > 0;

  if (plano.pla_tipo_plano !== '1') {
    return <Text size="sm">{PLAN_MSG.postpaidAdjust}</Text>;
  }

  async function submit(kind: 'add' | 'remove') {
    if (!valid) return;
    setBusy(kind);
    try {
      const res = await changeCredits({
        pla_codigo: plano.pla_codigo,
        pla_total_credito: kind === 'add' ? units : -units,
        motivo: reason.trim() || undefined,
      });
      setBalance(res.creditos.total);
      setAmount('');
      setReason('');
      refreshPlans(client);
      showAlert('Sucesso', res.message);
      onDone?.();
    } catch (error) {
      showWarning(failureMessage(error, PLAN_MSG.addCredits));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="sm">
      <Text>
        Saldo atual: <strong data-testid="widget-balance">{formatCredits(balance)}</strong> créditos
      </Text>
      <NumberInput
        label="Quantidade de créditos"
        min={1}
        max={1_000_000}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator="."
        decimalSeparator=","
        value={amount}
        onChange={setAmount}
        data-autofocus
      />
      <TextInput label="Motivo (opcional)" maxLength={200} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
      <Group justify="flex-end">
        <Button
          variant="default"
          color="red"
          leftSection={<IconMinus size={16} />}
          disabled={!valid || busy !== null}
          loading={busy === 'remove'}
          onClick={() => submit('remove')}
        >
          Remover créditos
        </Button>
        <Button
          leftSection={<IconPlus size={16} />}
          disabled={!valid || busy !== null}
          loading={busy === 'add'}
          onClick={() => submit('add')}
        >
          Adicionar créditos
        </Button>
      </Group>
    </Stack>
  );
}
