import { GERAR_MSG, TRANSPORTE_FIXED_MAX } from '@ar/core';
import { Checkbox, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { GerarDraft } from './useGerarDraft.ts';

/**
 * The mapping area (spec 002 §2): for each remessa field, the sheet field that fills it — or a
 * fixed value for every line (ours, issue 43: most sheets have no subject or template column) —
 * and the checkbox 'Tipo do dado monetário'; the two messages stay until both sides have a selection.
 */
export function MappingCard({ draft }: { draft: GerarDraft }) {
  const options = draft.sheetFields.map((f) => ({
    value: f.name,
    label: f.members.length > 1 ? `${f.name} (${f.members.length} colunas)` : f.name,
  }));
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={4}>Mapeamento</Title>
        <Table striped withTableBorder verticalSpacing={4} data-testid="mapping-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Campo da remessa</Table.Th>
              <Table.Th>Coluna da planilha</Table.Th>
              <Table.Th>Ou valor fixo (todas as linhas)</Table.Th>
              <Table.Th w={200}>Tipo do dado monetário</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.remessaFields.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text ta="center" c="dimmed" py="md">
                    {GERAR_MSG.empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              draft.remessaFields.map((field) => (
                <Table.Tr key={field.name} data-testid="mapping-row">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {field.name}
                    </Text>
                    {field.members.length > 1 && (
                      <Text size="xs" c="dimmed">
                        {field.members.join(', ')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Coluna da planilha para ${field.name}`}
                      placeholder={draft.fixed[field.name]?.trim() ? 'Valor fixo' : draft.sheet ? 'Selecione' : 'Carregue a planilha'}
                      data={options}
                      value={draft.mapping[field.name] ?? null}
                      onChange={(v) => draft.map(field.name, v)}
                      disabled={!draft.sheet || !!draft.fixed[field.name]?.trim()}
                      searchable
                      clearable
                      nothingFoundMessage={GERAR_MSG.empty}
                      comboboxProps={{ withinPortal: true }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Valor fixo de ${field.name} para todas as linhas`}
                      placeholder="Ex.: o mesmo assunto ou modelo"
                      value={draft.fixed[field.name] ?? ''}
                      onChange={(e) => draft.setFixedOf(field.name, e.currentTarget.value)}
                      maxLength={TRANSPORTE_FIXED_MAX}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Tipo do dado monetário de ${field.name}`}
                      label="Monetário"
                      checked={draft.monetary.includes(field.name)}
                      onChange={(e) => draft.setMonetaryOf(field.name, e.currentTarget.checked)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
        {!draft.hasPlanilhaSelection && (
          <Text size="sm" c="red" data-testid="need-planilha">
            {GERAR_MSG.selectPlanilha}
          </Text>
        )}
        {!draft.hasRemessaSelection && (
          <Text size="sm" c="red" data-testid="need-remessa">
            {GERAR_MSG.selectRemessa}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
