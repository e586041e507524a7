import { Text } from '@mantine/core';
import { formatCredits } from '../../app/format.ts';
import { useCredits } from './plans.api.ts';

/**
 * The credit line of the user menu: 'Total de créditos: N' on a prepaid plan, the credits used in
 * the reference month on a postpaid one. Fetched each time the menu opens, and refreshed after changes.
 */
export function PlanCreditsLabel() {
  const credits = useCredits();
  if (!credits.data) return null;
  const { tipoPlano, total, ativo } = credits.data;
  return (
    <Text size="sm" px="sm" pb={4} data-testid="nav-credits">
      {tipoPlano === '1' ? `Total de créditos: ${formatCredits(total)}` : `Créditos utilizados: ${formatCredits(total)}`}
      {ativo ? '' : ' (plano inativo)'}
    </Text>
  );
}
