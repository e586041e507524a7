import { type CreditState, EMAIL_MSG, PLAN_MSG } from '@ar/core';
import { Anchor, Box, Button, Group, List, Text, Tooltip } from '@mantine/core';
import { IconEraser, IconExternalLink, IconEye, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCredits } from '../../../app/format.ts';
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
      <Box>
        <Text size="sm" data-testid="credit-counter">
          {prepaid ? `AR utilizados: ${state.units} de ${formatCredits(credits?.total ?? 0)} créditos` : `AR utilizados: ${state.units}`}
        </Text>
        {state.breakdown.length > 0 && (
          // What was counted: one recipient on five channels is 4, e-mail and SMS sharing one (#43).
          <Text size="xs" c="dimmed" data-testid="credit-breakdown">
            {state.breakdown.map((l) => `${l.label}: ${l.units}`).join(' · ')}
          </Text>
        )}
      </Box>
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
            <SendButton state={state} sending={sending} oficio={oficio} onSend={onSend} onExplain={onExplain} />
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

/**
 * 'Enviar' (or the ofício's 'Pré-visualizar e enviar'). Disabled, it stays focusable (aria-disabled,
 * not the disabled attribute, which takes hover and focus away) and says why: every unmet rule in
 * a tooltip on hover and focus, and as its accessible description; a click shows each one next to
 * its field (issue 15, "a disabled button always says why"; issue 43: an empty form said nothing).
 */
function SendButton({ state, sending, oficio, onSend, onExplain }: Pick<Props, 'state' | 'sending' | 'oficio' | 'onSend' | 'onExplain'>) {
  const blocked = !state.enabled && !sending;
  // Open on hover and focus. A click or Enter shows the same rules next to their fields: from then
  // on they are there, and the tooltip stays closed until the rules change (a field fixed or emptied).
  const [pointed, setPointed] = useState(false);
  const [focused, setFocused] = useState(false);
  const reasonsKey = state.reasons.join('\n');
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const dismissed = dismissedFor === reasonsKey;
  const shown = (pointed || focused) && !dismissed && blocked && state.reasons.length > 0;
  const reasons = (
    <>
      <Text size="sm" fw={600}>
        {EMAIL_MSG.sendBlocked}
      </Text>
      <List size="sm" spacing={2}>
        {state.reasons.map((r) => (
          <List.Item key={r}>{r}</List.Item>
        ))}
      </List>
    </>
  );
  return (
    <Box component="span" display="inline-block" data-testid="send-button-box" data-disabled={blocked || undefined}>
      {/* No text while closed: a closed tooltip may stay in the page, hidden, and its rules would be
          found twice beside the fields' own messages. */}
      <Tooltip
        label={shown ? reasons : ''}
        opened={shown}
        transitionProps={{ transition: 'fade', duration: 150, exitDuration: 0 }}
        multiline
        w={340}
        withArrow
        position="top-end"
      >
        <Button
          leftSection={oficio ? <IconEye size={16} /> : <IconSend size={16} />}
          onClick={() => {
            setDismissedFor(reasonsKey);
            (blocked ? onExplain : onSend)();
          }}
          onMouseEnter={() => setPointed(true)}
          onMouseLeave={() => setPointed(false)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          data-disabled={blocked || undefined}
          aria-disabled={blocked || undefined}
          // The reasons as its accessible description: an attribute, not hidden text that every search of the page would find twice.
          aria-description={blocked && state.reasons.length ? [EMAIL_MSG.sendBlocked, ...state.reasons].join(' ') : undefined}
          loading={sending}
          style={blocked ? { cursor: 'not-allowed' } : undefined}
        >
          {oficio ? 'Pré-visualizar e enviar' : 'Enviar'}
        </Button>
      </Tooltip>
    </Box>
  );
}
