import { modals } from '@mantine/modals';
import { createElement } from 'react';
import { ApiError, isNetworkError } from '../../api/client.ts';
import { showAlert } from '../../app/alerts.ts';
import { uploadRemessaCall } from './gerar-remessas.api.ts';

/**
 * The batch upload's texts and limits (spec 002 §5, §8, §9), for the file this page sends to it.
 * The upload checks them itself; the page checks size and lines first only to spare sending a
 * file of megabytes that would be refused.
 */
export const UPLOAD_TEXT = {
  tooLargeTitle: 'Arquivo Muito Grande',
  tooLarge: 'O arquivo deve ter no máximo 5MB.',
  tooManyTitle: 'Arquivo Inválido',
  tooMany: 'O arquivo deve ter menos de 5.000 linhas',
  errorTitle: 'Erro no Upload',
  unknown: 'Erro desconhecido durante o upload',
  doneTitle: 'Upload Realizado!',
  done: 'Sua remessa foi enviada e está sendo processada.',
} as const;
const MAX_BYTES = 5 * 1024 * 1024;
const MAX_LINES = 5000;

/** The file as a data URL (what POST /remessas/upload takes as contentBase64). */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

function askAgain(message: string): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: createElement('strong', null, 'Atenção'),
      centered: true,
      closeOnClickOutside: false,
      children: createElement('p', { style: { margin: 0 } }, message),
      labels: { confirm: 'Enviar mesmo assim', cancel: 'Cancelar' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * Sends the generated batch file to the batch upload, as if the user had downloaded it and chosen
 * it on /remessas. Answers whether it was accepted. A 409 (the same file sent shortly before) asks
 * and sends again with `confirmarDuplicada`; other refusals show the server's message.
 */
export async function sendToUpload(fileName: string, csv: string, lines: number): Promise<boolean> {
  const blob = new Blob([csv], { type: 'text/csv' });
  if (blob.size > MAX_BYTES) {
    showAlert(UPLOAD_TEXT.tooLargeTitle, UPLOAD_TEXT.tooLarge);
    return false;
  }
  if (lines + 1 > MAX_LINES) {
    showAlert(UPLOAD_TEXT.tooManyTitle, UPLOAD_TEXT.tooMany);
    return false;
  }
  const contentBase64 = await dataUrlOf(blob);
  let confirmarDuplicada = false;
  for (;;) {
    try {
      const res = await uploadRemessaCall({ contentBase64, fileName, ...(confirmarDuplicada ? { confirmarDuplicada } : {}) });
      if (!res) throw new ApiError(500, UPLOAD_TEXT.unknown);
      showAlert(UPLOAD_TEXT.doneTitle, UPLOAD_TEXT.done);
      return true;
    } catch (e) {
      if (isNetworkError(e)) return false;
      if (e instanceof ApiError && e.status === 409 && !confirmarDuplicada) {
        if (!(await askAgain(e.message))) return false;
        confirmarDuplicada = true;
        continue;
      }
      showAlert(UPLOAD_TEXT.errorTitle, e instanceof ApiError && e.message ? e.message : UPLOAD_TEXT.unknown);
      return false;
    }
  }
}
