import { Button, Checkbox, FileInput, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv, IconFolderOpen } from '@tabler/icons-react';
import { type Busy, BusyBar } from './OutputCard.tsx';
import type { GerarDraft } from './useGerarDraft.ts';

/** The two uploads, the two checkboxes and 'Carregar modelo' (spec 002 §2 "Gerar Remessas page"). */
export function FilesCard(props: {
  draft: GerarDraft;
  modelFile: File | null;
  sheetFile: File | null;
  busy: Busy | null;
  onModel: (file: File | null) => void;
  onSheet: (file: File | null) => void;
  onOpenTransportes: () => void;
}) {
  const { draft } = props;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={4}>Arquivos</Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <FileInput
            label="Modelo de remessa (.csv)"
            description="O arquivo de remessa de exemplo: o cabeçalho dá as colunas do arquivo gerado."
            placeholder="Escolher arquivo"
            accept=".csv,text/csv,application/vnd.ms-excel"
            leftSection={<IconFileTypeCsv size={18} />}
            value={props.modelFile}
            onChange={props.onModel}
            clearable
            data-testid="model-input"
          />
          <FileInput
            label="Planilha (.xlsx, .csv)"
            description="A sua planilha com os dados dos destinatários."
            placeholder="Escolher arquivo"
            accept=".xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv"
            leftSection={<IconFileSpreadsheet size={18} />}
            value={props.sheetFile}
            onChange={props.onSheet}
            disabled={props.busy !== null}
            data-testid="sheet-input"
          />
        </SimpleGrid>
        <Group gap="xl">
          <Checkbox label="Agrupar colunas sequenciadas" checked={draft.group} onChange={(e) => draft.setGroup(e.currentTarget.checked)} />
          <Checkbox
            label="A planilha tem cabeçalho"
            checked={draft.hasHeader}
            onChange={(e) => draft.setHasHeader(e.currentTarget.checked)}
          />
          <Group gap="xs" ml="auto" wrap="nowrap">
            {!draft.sheet && (
              <Text size="xs" c="gray.7" id="carregar-modelo-motivo" data-testid="carregar-modelo-motivo">
                Escolha a planilha primeiro: um modelo salvo é comparado com as colunas dela.
              </Text>
            )}
            <Button
              variant="light"
              leftSection={<IconFolderOpen size={16} />}
              disabled={!draft.sheet}
              aria-describedby={draft.sheet ? undefined : 'carregar-modelo-motivo'}
              onClick={props.onOpenTransportes}
            >
              Carregar modelo
            </Button>
          </Group>
        </Group>
        <List size="xs" c="dimmed" spacing={2}>
          <List.Item>
            Agrupar colunas sequenciadas: colunas com o mesmo nome terminado em número (ex.: VALOR1 até VALOR10) viram um só campo, "VALOR 1
            até 10".
          </List.Item>
          <List.Item>Sem cabeçalho, as colunas da planilha são nomeadas pelas letras A, B, C…</List.Item>
          <List.Item>
            O tipo do dado monetário formata os valores numéricos como Real (R$ 1.234,56); datas da planilha saem como dd/mm/aaaa.
          </List.Item>
          <List.Item>
            Planilhas xls/xlsx devem ter uma única aba. Arquivos .xls (Excel 97-2003) devem ser salvos antes como .xlsx ou .csv.
          </List.Item>
        </List>
        {props.busy?.phase === 'reading' && <BusyBar busy={props.busy} />}
        {draft.sheet && !props.busy && (
          <Text size="sm" data-testid="sheet-summary">
            Planilha <strong>{draft.sheet.fileName}</strong>: {draft.sheet.summary.rowCount - (draft.hasHeader ? 1 : 0)} linha(s) de dados,{' '}
            {draft.planilhaOrigin.length} coluna(s).
          </Text>
        )}
        {!draft.model && draft.remessaHeader.length > 0 && draft.transport && (
          <Text size="sm" c="dimmed">
            Sem modelo de remessa carregado: as colunas vêm do transporte "{draft.transport.nome}".
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
