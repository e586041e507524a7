import { GERAR_MSG, isModelCsv, readModelHeader, sheetKind, TRANSPORTE_MSG, type Transporte, transporteBody } from '@ar/core';
import { Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { showAlert } from '../../app/alerts.ts';
import { notifySuccess, showFailure } from '../../components/registry-ui.tsx';
import { FilesCard } from './FilesCard.tsx';
import { saveTransporteCall } from './gerar-remessas.api.ts';
import { MappingCard } from './MappingCard.tsx';
import { type Busy, type GeneratedFile, OutputCard } from './OutputCard.tsx';
import { sendToUpload } from './send-to-upload.ts';
import { SheetError, SheetWorker } from './sheet-client.ts';
import { TRANSPORTES_KEY, TransportesModal } from './TransportesModal.tsx';
import { useGerarDraft } from './useGerarDraft.ts';

/** Spec 002 §4, §9: the generation starts 0.5 s after 'Gerar Arquivo'. */
const GENERATION_DELAY_MS = 500;
/** A sheet past this size is not a list of recipients (50,000 rows × 10 columns is ~3 MB as .xlsx). */
const SHEET_MAX_BYTES = 30 * 1024 * 1024;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function confirm(message: string, labels: { confirm: string; cancel: string }): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: <strong>Atenção</strong>,
      centered: true,
      closeOnClickOutside: false,
      closeOnEscape: false,
      children: (
        <p style={{ margin: 0 }} data-testid="confirm-message">
          {message}
        </p>
      ),
      labels,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

function download(fileName: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const baseName = (name: string) => name.replace(/\.[^.]+$/, '');

/**
 * /gerar-remessas (spec 002 §2 "Gerar Remessas page"): a user's own spreadsheet turned into the
 * batch layout of a model CSV, the mapping saved as a data transport (docs/gerar-remessas.md).
 * The sheet is read and the file generated in a worker (sheet.worker.ts).
 */
export default function GerarRemessasPage() {
  const draft = useGerarDraft();
  const queryClient = useQueryClient();
  const worker = useRef<SheetWorker | null>(null);
  const [modelFile, setModelFile] = useState<File | null>(null);
  const [sheetFile, setSheetFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);
  const [generated, setGenerated] = useState<GeneratedFile | null>(null);
  const [transportesOpen, setTransportesOpen] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    worker.current = new SheetWorker();
    return () => worker.current?.terminate();
  }, []);

  const chooseModel = async (file: File | null) => {
    setModelFile(null);
    draft.setModel(null);
    if (!file) return;
    if (!isModelCsv(file)) {
      showAlert(GERAR_MSG.invalidTitle, GERAR_MSG.invalidFormat);
      return;
    }
    const bytes = await file.arrayBuffer();
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
    const read = readModelHeader(text);
    if (!read.ok) {
      showAlert(read.message === GERAR_MSG.blank ? GERAR_MSG.errorTitle : 'Atenção', read.message);
      return;
    }
    setModelFile(file);
    draft.setModel({ fileName: file.name, header: read.header });
    setGenerated(null);
  };

  const chooseSheet = async (file: File | null) => {
    if (!file || !worker.current) return;
    const kind = sheetKind(file);
    if (kind === 'xls') {
      showAlert(GERAR_MSG.invalidTitle, GERAR_MSG.xlsNotSupported);
      return;
    }
    if (kind === null || file.size > SHEET_MAX_BYTES) {
      showAlert(GERAR_MSG.invalidTitle, GERAR_MSG.invalidFormat);
      return;
    }
    setBusy({ phase: 'reading', label: `Lendo a planilha ${file.name}…` });
    try {
      const summary = await worker.current.read(file, kind);
      setSheetFile(file);
      draft.setSheet({ fileName: file.name, summary });
      setGenerated(null);
    } catch (e) {
      setSheetFile(null);
      draft.setSheet(null);
      if (e instanceof SheetError) showAlert(e.title, e.message);
      else showAlert(GERAR_MSG.invalidTitle, GERAR_MSG.sheetUnreadable);
    } finally {
      setBusy(null);
    }
  };

  const loadTransport = async (t: Transporte) => {
    const differs = draft.headersOf(t);
    if (differs.remessaDiffers || differs.planilhaDiffers) {
      if (!(await confirm(GERAR_MSG.headerDiffers, { confirm: 'PROSSEGUIR', cancel: 'CANCELAR' }))) return;
    }
    draft.applyTransport(t);
    setTransportesOpen(false);
    notifySuccess(`Transporte dos dados "${t.rem_trans_nome}" carregado.`);
  };

  /** Saves (or updates the loaded) transport; false when it could not, after saying why. */
  const saveTransport = async (): Promise<boolean> => {
    const parsed = transporteBody.safeParse({ rem_trans_nome: draft.saveName, rem_trans_campos: draft.campos() });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'rem_trans_nome') setNameError(issue.message);
      else showAlert('Aviso', `${TRANSPORTE_MSG.saveError}: ${issue?.message ?? ''}`);
      return false;
    }
    try {
      const res = await saveTransporteCall(draft.transport?.id ?? null, parsed.data);
      draft.applyTransport(res.transporte);
      void queryClient.invalidateQueries({ queryKey: TRANSPORTES_KEY });
      notifySuccess(res.message);
      return true;
    } catch (e) {
      showFailure(TRANSPORTE_MSG.saveError, e);
      return false;
    }
  };

  const generate = async () => {
    const current = worker.current;
    if (!current || !draft.sheet) return;
    if (draft.save && !draft.saveName.trim()) {
      setNameError(TRANSPORTE_MSG.nameRequired);
      return;
    }
    if (draft.monetary.length === 0 && !(await confirm(GERAR_MSG.noMonetary, { confirm: 'Prosseguir', cancel: 'Cancelar' }))) return;
    setBusy({ phase: 'generating', label: 'Gerando o arquivo…' });
    setGenerated(null);
    try {
      await sleep(GENERATION_DELAY_MS);
      if (draft.save && !(await saveTransport())) return;
      const result = await current.generate(draft.hasHeader, draft.options(), (done, total) =>
        setBusy({ phase: 'generating', label: 'Gerando o arquivo…', done, total }),
      );
      const fileName = `${baseName(draft.sheet.fileName)}_remessa.csv`;
      setGenerated({ fileName, csv: result.csv, lines: result.lines });
      download(fileName, result.csv);
      if (result.truncated > 0) showAlert('Atenção', GERAR_MSG.truncated(result.truncated));
    } catch (e) {
      if (e instanceof SheetError) showAlert(e.title, e.message);
      else showAlert(GERAR_MSG.errorTitle, GERAR_MSG.generateError);
    } finally {
      setBusy(null);
    }
  };

  const send = async () => {
    if (!generated) return;
    setSending(true);
    try {
      await sendToUpload(generated.fileName, generated.csv);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={2}>Gerar arquivo de remessas</Title>
        <Text c="dimmed" size="sm">
          Transforme a sua planilha no layout do arquivo de remessa: carregue o modelo e a planilha, escolha a coluna da planilha para cada
          campo da remessa e gere o arquivo.
        </Text>
      </div>
      <FilesCard
        draft={draft}
        modelFile={modelFile}
        sheetFile={sheetFile}
        busy={busy}
        onModel={(f) => void chooseModel(f)}
        onSheet={(f) => void chooseSheet(f)}
        onOpenTransportes={() => setTransportesOpen(true)}
      />
      <MappingCard draft={draft} />
      <OutputCard
        draft={draft}
        busy={busy}
        generated={generated}
        nameError={nameError}
        sending={sending}
        onNameChange={(name) => {
          draft.setSaveName(name);
          setNameError(null);
        }}
        onGenerate={() => void generate()}
        onDownload={() => generated && download(generated.fileName, generated.csv)}
        onSend={() => void send()}
      />
      {transportesOpen && (
        <TransportesModal
          onClose={() => setTransportesOpen(false)}
          onLoad={(t) => void loadTransport(t)}
          onRemoved={draft.forgetTransport}
        />
      )}
    </Stack>
  );
}
