import { TRANSPORTE_NAME_MAX } from '@ar/core';
import { Autocomplete, Button, Checkbox, Group, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFileExport, IconSend } from '@tabler/icons-react';
import type { GerarDraft } from './useGerarDraft.ts';

export interface Busy {
  phase: 'reading' | 'generating';
  label: string;
  /** Rows done and total when known; without them the bar runs without a figure. */
  done?: number;
  total?: number;
}

export interface GeneratedFile {
  fileName: string;
  csv: string;
  lines: number;
}

/** The progress while the sheet is read or the file generated (the worker does both; the page stays usable). */
export function BusyBar({ busy }: { busy: Busy }) {
  const percent = busy.total ? Math.round(((busy.done ?? 0) / busy.total) * 100) : null;
  return (
    <Stack gap={4} data-testid="progress">
      <Text size="sm">
        {busy.label}
        {percent !== null && ` ${percent}% (${busy.done} de ${busy.total} linhas)`}
      </Text>
      <Progress value={percent ?? 100} animated={percent === null || percent < 100} striped={percent === null} />
    </Stack>
  );
}

/**
 * The output panel (spec 002 §2): the grouping column (a sheet column, or a name typed in), saving
 * or updating the transport, 'Gerar Arquivo', the progress, and the file once made: download it
 * again or send it straight to the batch upload.
 */
export function OutputCard(props: {
  draft: GerarDraft;
  busy: Busy | null;
  generated: GeneratedFile | null;
  nameError: string | null;
  sending: boolean;
  onNameChange: (name: string) => void;
  onGenerate: () => void;
  onDownload: () => void;
  onSend: () => void;
}) {
  const { draft, busy, generated } = props;
  const ready = draft.hasPlanilhaSelection && draft.hasRemessaSelection && draft.sheet !== null;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={4}>Saída</Title>
        <Autocomplete
          label="Coluna de agrupamento"
          description="Linhas da planilha com o mesmo valor nesta coluna viram uma só linha da remessa; os campos agrupados recebem os valores em sequência. Escolha uma coluna ou digite o nome; deixe em branco para uma linha por linha da planilha."
          placeholder="Sem agrupamento"
          data={draft.planilhaOrigin}
          value={draft.groupBy}
          onChange={draft.setGroupBy}
          maw={420}
          comboboxProps={{ withinPortal: true }}
        />
        <Group align="flex-end" gap="md">
          <Checkbox
            label={draft.transport ? `Atualizar o transporte dos dados "${draft.transport.nome}"` : 'Salvar transporte dos dados'}
            checked={draft.save}
            onChange={(e) => draft.setSave(e.currentTarget.checked)}
            mb={8}
          />
          {draft.save && (
            <TextInput
              label="Nome do transporte"
              withAsterisk
              maxLength={TRANSPORTE_NAME_MAX}
              value={draft.saveName}
              onChange={(e) => props.onNameChange(e.currentTarget.value)}
              error={props.nameError}
              w={320}
            />
          )}
        </Group>
        <Group>
          <Button leftSection={<IconFileExport size={16} />} onClick={props.onGenerate} disabled={!ready || busy !== null}>
            Gerar Arquivo
          </Button>
          {generated && (
            <>
              <Button variant="default" leftSection={<IconDownload size={16} />} onClick={props.onDownload} disabled={busy !== null}>
                Baixar novamente
              </Button>
              <Button
                variant="light"
                leftSection={<IconSend size={16} />}
                onClick={props.onSend}
                loading={props.sending}
                disabled={busy !== null}
              >
                Enviar para Processamento de Arquivos
              </Button>
            </>
          )}
        </Group>
        {busy?.phase === 'generating' && <BusyBar busy={busy} />}
        {generated && !busy && (
          <Text size="sm" c="green.8" data-testid="generated-summary">
            Arquivo {generated.fileName} gerado com {generated.lines} linha(s).
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
