import { REMESSA_MSG, type RemessaDuplicateResponse } from '@ar/core';
import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';
import { ApiError, isNetworkError } from '../../api/client.ts';
import { showAlert } from '../../app/alerts.ts';
import { formatDateTime } from '../../app/format.ts';
import { StaticModal } from '../../components/registry-ui.tsx';
import { encodingCall, saveBlob, uploadCall } from './remessas.api.ts';
import { checkChosenFile, dataUrlOf, exampleCsv, formatSize, prepareText } from './upload-flow.ts';

/** A question with Continuar / Cancelar: true when the user goes on. */
function ask(title: string, message: string): Promise<boolean> {
  return new Promise((resolve) =>
    modals.openConfirmModal({
      title: <strong>{title}</strong>,
      centered: true,
      closeOnClickOutside: false,
      closeOnEscape: false,
      children: (
        <Text size="sm" data-testid="confirm-message">
          {message}
        </Text>
      ),
      labels: { confirm: 'Continuar', cancel: 'Cancelar' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    }),
  );
}

/**
 * 'Upload de Remessa' (spec 002 §2): static (no close by keyboard or outside click); drag and drop
 * or select a CSV; its name, size, type and date; the instructions; the example file; Cancelar and
 * 'Enviar Remessa' ('Enviando...'). Upload flow of §4: checks, the encoding question, the
 * duplicate question, then the upload.
 */
export function UploadModal(props: { onClose: () => void; onUploaded: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const choose = (chosen: File | null | undefined) => {
    if (!chosen) return;
    const check = checkChosenFile(chosen);
    if (!check.ok) {
      setFile(null);
      if (input.current) input.current.value = '';
      showAlert(check.title, check.message);
      return;
    }
    setFile(chosen);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files?.[0]);
  };

  const send = async () => {
    if (!file) return;
    setSending(true);
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const { encoding } = await encodingCall(await dataUrlOf(new Blob([bytes], { type: 'text/csv' })));
      if (encoding === 'ISO-8859-1') {
        if (!(await ask(REMESSA_MSG.convertTitle, REMESSA_MSG.convertQuestion))) return;
      } else if (encoding !== 'UTF-8') {
        showAlert(REMESSA_MSG.uploadErrorTitle, REMESSA_MSG.encoding);
        return;
      }
      const prepared = prepareText(bytes, encoding);
      if ('problem' in prepared) {
        showAlert(REMESSA_MSG.uploadErrorTitle, prepared.problem);
        return;
      }
      const contentBase64 = await dataUrlOf(new Blob([prepared.utf8 as BlobPart], { type: 'text/csv' }));
      const body = { contentBase64, fileName: file.name };
      try {
        await uploadCall(body);
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 409)) throw e;
        const dup = e.body as RemessaDuplicateResponse;
        if (!(await ask(REMESSA_MSG.duplicateTitle, dup.message))) return;
        await uploadCall({ ...body, confirmarDuplicada: true });
      }
      props.onUploaded();
    } catch (e) {
      if (!isNetworkError(e))
        showAlert(REMESSA_MSG.uploadErrorTitle, e instanceof Error && e.message ? e.message : REMESSA_MSG.uploadUnknown);
    } finally {
      setSending(false);
    }
  };

  return (
    <StaticModal opened onClose={props.onClose} title={<strong>Upload de Remessa</strong>} size="lg" withCloseButton={!sending}>
      <Stack>
        <Paper
          withBorder
          radius="md"
          p="xl"
          data-testid="remessa-dropzone"
          style={{
            borderStyle: 'dashed',
            textAlign: 'center',
            cursor: 'pointer',
            background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
          }}
          onClick={() => input.current?.click()}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <IconUpload size={36} stroke={1.5} color="var(--mantine-color-blue-6)" />
          <Text fw={500}>Arraste o arquivo CSV aqui ou clique para selecionar</Text>
          <Text size="sm" c="dimmed">
            Um arquivo .csv de até 5MB, com no máximo 5.000 linhas
          </Text>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            aria-label="Selecionar arquivo CSV"
            style={{ display: 'none' }}
            onChange={(e) => choose(e.currentTarget.files?.[0])}
          />
        </Paper>
        {file && (
          <Alert icon={<IconFileTypeCsv />} color="blue" variant="light" data-testid="remessa-file">
            <Text size="sm" fw={600}>
              {file.name}
            </Text>
            <Text size="xs">
              Tamanho: {formatSize(file.size)} · Tipo: {file.type || 'text/csv'} · Modificado em:{' '}
              {formatDateTime(new Date(file.lastModified).toISOString())}
            </Text>
          </Alert>
        )}
        <div>
          <Text size="sm" fw={600} mb={4}>
            Instruções
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>Use ponto e vírgula (;) como separador de colunas e codificação UTF-8.</List.Item>
            <List.Item>Colunas obrigatórias: ASSUNTO, NOME_DESTINATARIO, EMAIL_DESTINATARIO e MODELO (código ou nome do modelo).</List.Item>
            <List.Item>
              ID vira a identificação da mensagem; as demais colunas podem ser usadas no modelo como variáveis, por exemplo *|NOME|* ou
              *|VALOR|*.
            </List.Item>
            <List.Item>
              AR-SMS: TIPO_ENVIO_SMS = S e o celular em TELEFONE_DESTINATARIO (DDD e 9 dígitos). AR-WhatsApp: o número em
              TELEFONE_DESTINATARIO_WHATSAPP, se a sua conta envia por WhatsApp. Cada canal segue as regras de crédito do envio avulso.
            </List.Item>
            <List.Item>
              Colunas opcionais: AR-Voz, o telefone com DDD (celular ou fixo) em TELEFONE_DESTINATARIO_VOZ, se a sua conta envia por AR-Voz.
              AR-Carta, o endereço em CARTA_ENDERECO, CARTA_NUMERO (ou S/N), CARTA_COMPLEMENTO, CARTA_BAIRRO, CARTA_CIDADE, CARTA_ESTADO
              (UF) e CARTA_CEP; CARTA_NOME em branco usa NOME_DESTINATARIO. Qualquer coluna CARTA_ preenchida pede a carta, e o endereço
              deve estar completo.
            </List.Item>
            <List.Item>Linhas com problema são listadas em Remessas com Falha; as demais são enviadas.</List.Item>
          </List>
        </div>
        <Group justify="space-between">
          <Button variant="subtle" leftSection={<IconDownload size={16} />} onClick={() => saveBlob(exampleCsv(), 'modelo_remessa.csv')}>
            Baixar Modelo de Exemplo
          </Button>
          <Group>
            <Button variant="default" onClick={props.onClose} disabled={sending}>
              Cancelar
            </Button>
            <Button onClick={() => void send()} disabled={!file || sending} leftSection={<IconUpload size={16} />}>
              {sending ? 'Enviando...' : 'Enviar Remessa'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </StaticModal>
  );
}
