import {
  CASCADE_CHANNELS,
  CASCADE_MAX_WAIT,
  type CascadeChannel,
  type CascadeConditionType,
  type CascadeUnit,
  CHANNEL_NAMES,
  CPC246_RULE,
} from '@ar/core';
import { ActionIcon, Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type CascadeDraft, type CascadeStepDraft, emptyCascade } from './cascade-draft.ts';

const CONDITIONS: { value: CascadeConditionType; label: string }[] = [
  { value: 'nao_lido', label: 'Se não houver leitura' },
  { value: 'nao_entregue', label: 'Se não houver entrega' },
  { value: 'nao_confirmado', label: 'Se o recebimento não for confirmado' },
  { value: 'falhou', label: 'Se o envio falhar' },
  { value: 'junto', label: 'Junto com a etapa anterior' },
];
const UNITS: { value: CascadeUnit; label: string }[] = [
  { value: 'minutos', label: 'minutos' },
  { value: 'horas', label: 'horas' },
  { value: 'dias_uteis', label: 'dias úteis' },
];

interface Props {
  value: CascadeDraft | undefined;
  onChange: (c: CascadeDraft) => void;
  /** Which channels this account may send (WhatsApp and AR-Voz by the account's flags). */
  allowed: Record<CascadeChannel, boolean>;
  error: string | null | undefined;
  /** The panel's heading: compose's 'Régua de notificação', Minha Conta's default. */
  title?: string;
  /** A line under the heading (where the default comes from, what it does). */
  hint?: ReactNode;
  /** Actions below the panel (Minha Conta's save button). */
  children?: ReactNode;
  /** A section of its own page (Minha Conta): headed and spaced like the page's other sections. */
  section?: boolean;
}

/**
 * The channel cascade of a send (docs/cascade.md): none (every channel at once), the CPC art. 246
 * preset, or a ladder of steps, each a channel and the condition to move on to it. The rows'
 * numbers and addresses are the targets; a step whose channel a row lacks is named below.
 */
export function CascadePanel({ value, onChange, allowed, error, title = 'Régua de notificação', hint, children, section }: Props) {
  const c = value ?? emptyCascade();
  const channels = CASCADE_CHANNELS.filter((ch) => allowed[ch]);
  const setStep = (i: number, p: Partial<CascadeStepDraft>) =>
    onChange({ ...c, etapas: c.etapas.map((e, j) => (j === i ? { ...e, ...p } : e)) });
  const unused = channels.find((ch) => !c.etapas.some((e) => e.canal === ch));
  return (
    <Paper withBorder p={section ? 'lg' : 'sm'} radius="md">
      <Stack gap="xs">
        {section ? (
          <Title order={4}>{title}</Title>
        ) : (
          <Text size="sm" fw={500}>
            {title}
          </Text>
        )}
        {hint}
        <SegmentedControl
          aria-label={title}
          value={c.modo}
          onChange={(modo) => onChange({ ...c, modo: modo as CascadeDraft['modo'] })}
          data={[
            { value: 'nenhuma', label: 'Nenhuma (todos os canais de uma vez)' },
            { value: 'cpc246', label: 'Citação eletrônica (CPC art. 246)' },
            { value: 'personalizada', label: 'Personalizada' },
          ]}
        />
        {c.modo === 'cpc246' && (
          <Text size="sm" c="dimmed">
            {CPC246_RULE} O e-mail sai no envio (e o WhatsApp junto, quando informado); cada destinatário precisa do endereço da carta.
          </Text>
        )}
        {c.modo === 'personalizada' && (
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              Cada etapa só sai se a condição se cumprir no prazo, pelas evidências registradas; a régua para quando não for preciso seguir.
              Os créditos de cada etapa são debitados quando ela sai.
            </Text>
            {c.etapas.map((e, i) => {
              const n = i + 1;
              return (
                <Group key={`${n}-${e.canal}`} gap="xs" align="flex-end" wrap="nowrap">
                  <Text size="sm" w={70} pb={8}>
                    Etapa {n}
                  </Text>
                  <Select
                    label={`Canal da etapa ${n}`}
                    data={channels.map((ch) => ({ value: ch, label: CHANNEL_NAMES[ch] }))}
                    value={e.canal}
                    onChange={(v) => v && setStep(i, { canal: v as CascadeChannel })}
                    allowDeselect={false}
                    w={160}
                  />
                  {i === 0 ? (
                    <Text size="sm" c="dimmed" pb={8}>
                      sai no envio
                    </Text>
                  ) : (
                    <>
                      <Select
                        label={`Condição da etapa ${n}`}
                        data={CONDITIONS}
                        value={e.tipo}
                        onChange={(v) => v && setStep(i, { tipo: v as CascadeConditionType })}
                        allowDeselect={false}
                        w={260}
                      />
                      {e.tipo !== 'junto' && (
                        <>
                          <TextInput
                            label={`Espera da etapa ${n}`}
                            value={e.prazo}
                            inputMode="numeric"
                            onChange={(ev) => setStep(i, { prazo: ev.currentTarget.value.replace(/\D/g, '').slice(0, 5) })}
                            w={140}
                            description={`até ${CASCADE_MAX_WAIT[e.unidade]}`}
                          />
                          <Select
                            label={`Unidade da etapa ${n}`}
                            data={UNITS}
                            value={e.unidade}
                            onChange={(v) => v && setStep(i, { unidade: v as CascadeUnit })}
                            allowDeselect={false}
                            w={130}
                          />
                        </>
                      )}
                    </>
                  )}
                  <Tooltip label="Remover etapa">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mb={4}
                      disabled={c.etapas.length <= 2}
                      aria-label={`Remover etapa ${n}`}
                      onClick={() => onChange({ ...c, etapas: c.etapas.filter((_, j) => j !== i) })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              );
            })}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={!unused}
                onClick={() =>
                  unused && onChange({ ...c, etapas: [...c.etapas, { canal: unused, tipo: 'nao_lido', prazo: '24', unidade: 'horas' }] })
                }
              >
                Adicionar etapa
              </Button>
            </Group>
          </Stack>
        )}
        {c.modo !== 'nenhuma' && error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
