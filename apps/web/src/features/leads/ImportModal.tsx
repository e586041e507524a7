import { type CsvPreview, type CustomFieldDef, isCsvMimeType, LEAD_MSG, previewCsvRows } from '@ar/core';
import { Alert, Badge, Button, FileInput, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { showWarning } from '../../app/alerts.ts';
import { notifySuccess, StaticModal, showFailure } from '../../components/registry-ui.tsx';
import { readCsvText, splitCsv } from './csv-file.ts';
import { importLeadsCall } from './leads.api.ts';

const SHOWN = 200;

/** Importar Destinatários: choose a CSV, preview valid and invalid rows, import the valid ones after a confirmation. */
export function ImportModal(props: {
  customFields: CustomFieldDef[];
  onClose: () => void;
  onImported: () => void;
  onTemplate: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const mutation = useMutation({
    mutationFn: () => importLeadsCall((preview?.valid ?? []).map((v) => v.lead)),
    onSuccess: () => {
      notifySuccess(LEAD_MSG.imported);
      props.onImported();
    },
    onError: (e) => showFailure(LEAD_MSG.importSaveError, e),
  });

  const choose = async (chosen: File | null) => {
    setPreview(null);
    setFile(chosen);
    if (!chosen) return;
    if (!isCsvMimeType(chosen.type)) {
      setFile(null);
      showWarning(LEAD_MSG.fileInvalid);
      return;
    }
    try {
      const result = previewCsvRows(splitCsv(await readCsvText(chosen)), props.customFields);
      setPreview(result);
      if (result.valid.length === 0) showWarning(LEAD_MSG.noValidRow);
    } catch (e) {
      setFile(null);
      showWarning(e instanceof Error && e.message ? e.message : LEAD_MSG.importError);
    }
  };

  const confirmImport = () => {
    if (!preview) return;
    modals.openConfirmModal({
      title: <strong>Confirmação</strong>,
      centered: true,
      closeOnClickOutside: false,
      closeOnEscape: false,
      children: (
        <Text data-testid="import-confirm">
          Serão importados {preview.valid.length} destinatário(s) válido(s); {preview.invalid.length} registro(s) inválido(s) serão
          ignorados. Deseja continuar?
        </Text>
      ),
      labels: { confirm: 'Importar', cancel: 'Cancelar' },
      onConfirm: () => mutation.mutate(),
    });
  };

  return (
    <StaticModal opened onClose={props.onClose} title="Importar Destinatários" size="xl">
      <Stack>
        <Group align="flex-end">
          <FileInput
            label="Arquivo CSV (separado por ;)"
            placeholder="Escolher arquivo"
            accept=".csv,text/csv,application/vnd.ms-excel"
            leftSection={<IconFileTypeCsv size={18} />}
            value={file}
            onChange={(f) => void choose(f)}
            clearable
            style={{ flex: 1 }}
          />
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={props.onTemplate}>
            Baixar modelo
          </Button>
        </Group>
        {preview && (
          <>
            <Group gap="sm">
              <Badge color="green" size="lg" tt="none" data-testid="valid-count">
                Válidos: {preview.valid.length}
              </Badge>
              <Badge color="red" size="lg" tt="none" data-testid="invalid-count">
                Inválidos: {preview.invalid.length}
              </Badge>
            </Group>
            <ScrollArea.Autosize mah={320}>
              <Table striped withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Linha</Table.Th>
                    <Table.Th>Situação</Table.Th>
                    <Table.Th>Nome</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.invalid.slice(0, SHOWN).map((r) => (
                    <Table.Tr key={`i${r.line}`} data-testid="invalid-row">
                      <Table.Td>{r.line}</Table.Td>
                      <Table.Td c="red">{r.reason}</Table.Td>
                      <Table.Td colSpan={2}>{r.cells.join('; ')}</Table.Td>
                    </Table.Tr>
                  ))}
                  {preview.valid.slice(0, SHOWN).map((r) => (
                    <Table.Tr key={`v${r.line}`} data-testid="valid-row">
                      <Table.Td>{r.line}</Table.Td>
                      <Table.Td c="green">Válido</Table.Td>
                      <Table.Td>{r.lead.lea_nome}</Table.Td>
                      <Table.Td>{r.lead.lea_email}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            {(preview.valid.length > SHOWN || preview.invalid.length > SHOWN) && (
              <Alert variant="light">Mostrando as primeiras {SHOWN} linhas de cada grupo.</Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancelar
          </Button>
          <Button
            leftSection={<IconUpload size={16} />}
            disabled={!preview || preview.valid.length === 0}
            loading={mutation.isPending}
            onClick={confirmImport}
          >
            Importar
          </Button>
        </Group>
      </Stack>
    </StaticModal>
  );
}
