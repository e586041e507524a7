import { formatCnj, formatCpfOrCnpj, maskDate, OFICIO_PARTY_LABELS, OFICIO_PARTY_ROLES, type OficioPartyRole } from '@ar/core';
import { ActionIcon, Button, Fieldset, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { emptyParty, type OficioDraft, type PartyDraft } from './oficio-draft.ts';

interface Props {
  value: OficioDraft;
  onChange: (next: OficioDraft) => void;
  /** Unmet rules by field path, and whether a field's rule is shown yet (after it was left, or after a send was tried). */
  problems: Record<string, string>;
  shown: (path: string) => boolean;
  onTouch: (path: string) => void;
}

const ROLE_SINGULAR: Record<OficioPartyRole, string> = {
  requerentes: 'requerente',
  requeridos: 'requerido',
  exequentes: 'exequente',
  executados: 'executado',
};

const money = {
  prefix: 'R$ ',
  decimalSeparator: ',',
  thousandSeparator: '.',
  decimalScale: 2,
  fixedDecimalScale: true,
  hideControls: true,
  allowNegative: false,
  min: 0,
} as const;

/** NumberInput answers a string while the value is not a plain number yet ('15250.40', '1.'): read it as one when it is. */
function asNumber(v: number | string): number | '' {
  if (typeof v === 'number') return v;
  const n = Number(v);
  return v.trim() !== '' && Number.isFinite(n) ? n : '';
}

/** The legal-notice form of spec 001 §2.12, in place of the free body of the compose screen. */
export function OficioFields({ value, onChange, problems, shown, onTouch }: Props) {
  const set = (patch: Partial<OficioDraft>) => onChange({ ...value, ...patch });
  const error = (path: string) => (shown(path) ? problems[path] : undefined);
  const text = (field: 'numeroProcesso' | 'comarca' | 'vara' | 'numeroOficio' | 'procedimento', label: string, required = false) => (
    <TextInput
      label={label}
      withAsterisk={required}
      value={value[field]}
      maxLength={field === 'procedimento' ? 200 : field === 'comarca' || field === 'vara' ? 120 : 60}
      onChange={(e) => set({ [field]: e.currentTarget.value })}
      onBlur={() => onTouch(field)}
      error={error(field)}
    />
  );
  const setParties = (role: OficioPartyRole, list: PartyDraft[]) => set({ [role]: list });

  return (
    <Stack gap="md" data-testid="oficio-form">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('numeroOficio', 'Número do ofício', true)}
        {text('numeroProcesso', 'Número do processo', true)}
        <TextInput
          label="Número CNJ"
          description="NNNNNNN-DD.AAAA.J.TR.OOOO"
          placeholder="0000000-00.0000.0.00.0000"
          value={value.numeroCnj}
          onChange={(e) => set({ numeroCnj: formatCnj(e.currentTarget.value) })}
          onBlur={() => onTouch('numeroCnj')}
          error={error('numeroCnj')}
          inputMode="numeric"
        />
        {text('procedimento', 'Procedimento')}
        {text('comarca', 'Comarca', true)}
        {text('vara', 'Vara', true)}
      </SimpleGrid>

      {OFICIO_PARTY_ROLES.map((role) => (
        <Fieldset key={role} legend={OFICIO_PARTY_LABELS[role]} data-testid={`oficio-${role}`}>
          <Stack gap="xs">
            {value[role].length === 0 && (
              <Text size="sm" c="dimmed">
                Nenhum {ROLE_SINGULAR[role]} informado.
              </Text>
            )}
            {value[role].map((p, i) => {
              const path = `${role}.${i}`;
              const patch = (q: Partial<PartyDraft>) =>
                setParties(
                  role,
                  value[role].map((x) => (x.key === p.key ? { ...x, ...q } : x)),
                );
              return (
                <Group key={p.key} align="flex-start" wrap="nowrap">
                  <TextInput
                    label={`Nome do ${ROLE_SINGULAR[role]} ${i + 1}`}
                    withAsterisk
                    value={p.nome}
                    maxLength={150}
                    onChange={(e) => patch({ nome: e.currentTarget.value })}
                    onBlur={() => onTouch(`${path}.nome`)}
                    error={error(`${path}.nome`)}
                    style={{ flex: 2 }}
                  />
                  <TextInput
                    label={`CPF/CNPJ do ${ROLE_SINGULAR[role]} ${i + 1}`}
                    value={p.documento}
                    maxLength={18}
                    onChange={(e) => patch({ documento: formatCpfOrCnpj(e.currentTarget.value) })}
                    onBlur={() => onTouch(`${path}.documento`)}
                    error={error(`${path}.documento`)}
                    style={{ flex: 1 }}
                  />
                  <Tooltip label="Remover">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={26}
                      aria-label={`Remover ${ROLE_SINGULAR[role]} ${i + 1}`}
                      onClick={() =>
                        setParties(
                          role,
                          value[role].filter((x) => x.key !== p.key),
                        )
                      }
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
                onClick={() => setParties(role, [...value[role], emptyParty()])}
                disabled={value[role].length >= 20}
              >
                Adicionar {ROLE_SINGULAR[role]}
              </Button>
              {value[role].length >= 20 && (
                <Text size="xs" c="dimmed">
                  No máximo 20 por polo.
                </Text>
              )}
            </Group>
          </Stack>
        </Fieldset>
      ))}

      <Textarea
        label="Finalidade"
        withAsterisk
        autosize
        minRows={3}
        maxLength={4000}
        value={value.finalidade}
        onChange={(e) => set({ finalidade: e.currentTarget.value })}
        onBlur={() => onTouch('finalidade')}
        error={error('finalidade')}
      />

      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <NumberInput
          label="Valor do débito"
          {...money}
          value={value.valorDebito}
          onChange={(v) => set({ valorDebito: asNumber(v) })}
          onBlur={() => onTouch('valorDebito')}
          error={error('valorDebito')}
        />
        <NumberInput
          label="Multa"
          {...money}
          value={value.multa}
          onChange={(v) => set({ multa: asNumber(v) })}
          onBlur={() => onTouch('multa')}
          error={error('multa')}
        />
        <TextInput
          label="Data de inclusão"
          placeholder="dd/mm/aaaa"
          value={value.dataInclusao}
          onChange={(e) => set({ dataInclusao: maskDate(e.currentTarget.value) })}
          onBlur={() => onTouch('dataInclusao')}
          error={error('dataInclusao')}
          inputMode="numeric"
        />
        <NumberInput
          label="Prazo (dias)"
          allowNegative={false}
          allowDecimal={false}
          min={0}
          max={3650}
          value={value.prazo}
          onChange={(v) => set({ prazo: asNumber(v) })}
          onBlur={() => onTouch('prazo')}
          error={error('prazo')}
        />
      </SimpleGrid>
    </Stack>
  );
}
