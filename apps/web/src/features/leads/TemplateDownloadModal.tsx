import { BUILTIN_VARIABLE_NAMES, type CustomFieldDef, csvTemplate, REQUIRED_CSV_COLUMNS, TEMPLATE_FILE_NAME, variableName } from '@ar/core';
import { Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { StaticModal } from '../../components/registry-ui.tsx';
import { downloadText } from './csv-file.ts';

const REQUIRED: readonly string[] = REQUIRED_CSV_COLUMNS;

/** Field selection for the import template DESTINATARIOS.csv; NOME and EMAIL are always selected. */
export function TemplateDownloadModal({ customFields, onClose }: { customFields: CustomFieldDef[]; onClose: () => void }) {
  const all = [...BUILTIN_VARIABLE_NAMES, ...customFields.map((f) => variableName(f.value))];
  const [selected, setSelected] = useState<string[]>([...REQUIRED]);
  return (
    <StaticModal opened onClose={onClose} title="Baixar modelo de importação" size="lg">
      <Stack>
        <Text size="sm">Escolha as colunas do arquivo {TEMPLATE_FILE_NAME}. NOME e EMAIL são obrigatórias.</Text>
        <SimpleGrid cols={3} spacing="xs">
          {all.map((name) => (
            <Checkbox
              key={name}
              label={name}
              checked={REQUIRED.includes(name) || selected.includes(name)}
              disabled={REQUIRED.includes(name)}
              onChange={(e) => setSelected(e.currentTarget.checked ? [...selected, name] : selected.filter((s) => s !== name))}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            leftSection={<IconDownload size={16} />}
            onClick={() => {
              downloadText(TEMPLATE_FILE_NAME, csvTemplate(all.filter((n) => selected.includes(n))));
              onClose();
            }}
          >
            Baixar
          </Button>
        </Group>
      </Stack>
    </StaticModal>
  );
}
