import { type CreditState, PLAN_MSG } from '@ar/core';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconEraser, IconExternalLink, IconEye, IconSend } from '@tabler/icons-react';
import { formatCredits } from '../../../app/format.ts';
import { ExplainDisabled } from '../../../components/ExplainDisabled.tsx';
import type { SendState } from './compose-form.ts';

interface Props {
  state: SendState;
  credits: CreditState | undefined;
  sending: boolean;
  oficio: boolean;
  storeUrl: string | undefined;
  onClear: () => void;
  onSend: () => void;
  /** A click on the disabled 'Enviar': every unmet rule shows next to its field. */
  onExplain: () => void;
}

/** The credits the send uses, 'Limpar', and 'Enviar' — or, when the credits do not cover it, the link to buy more (spec 001 §5). */
export function ComposeFooter({ state, credits, sending, oficio, storeUrl, onClear, onSend, onExplain }: Props) {
  const prepaid = credits?.tipoPlano === '1';
  return (
    <Group justify="space-between" align="center" mt="sm">
      <Text size="sm" data-testid="credit-counter">
        {prepaid ? `AR utilizados: ${state.units} de ${formatCredits(credits?.total ?? 0)} créditos` : `AR utilizados: ${state.units}`}
      </Text>
      <Group>
        <Button variant="default" leftSection={<IconEraser size={16} />} onClick={onClear} disabled={sending}>
          Limpar
        </Button>
        {state.visible ? (
          <Group gap="xs">
            {credits && !credits.ativo && (
              <Text size="sm" c="red" data-testid="send-blocked">
                {PLAN_MSG.inactive}
              </Text>
            )}
            <ExplainDisabled disabled={!state.enabled && !sending} onExplain={onExplain} testId="send-button-box">
              <Button
                leftSection={oficio ? <IconEye size={16} /> : <IconSend size={16} />}
                onClick={onSend}
                disabled={!state.enabled}
                loading={sending}
              >
                {oficio ? 'Pré-visualizar e enviar' : 'Enviar'}
              </Button>
            </ExplainDisabled>
          </Group>
        ) : (
          <Group gap="xs">
            <Text size="sm" c="red">
              {state.creditMessage}
            </Text>
            <Anchor href={storeUrl ?? '#'} target="_blank" rel="noopener" fw={600}>
              Comprar Créditos <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} />
            </Anchor>
          </Group>
        )}
      </Group>
    </Group>
  );
}
