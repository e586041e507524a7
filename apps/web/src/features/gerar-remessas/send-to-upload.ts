import { checkRemessaBytes, REMESSA_MSG } from '@ar/core';
import { modals } from '@mantine/modals';
import { createElement } from 'react';
import { ApiError, isNetworkError } from '../../api/client.ts';
import { showAlert } from '../../app/alerts.ts';
import { uploadRemessaCall } from './gerar-remessas.api.ts';

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
      title: createElement('strong', null, REMESSA_MSG.duplicateTitle),
      centered: true,
      closeOnClickOutside: false,
      closeOnEscape: false,
      children: createElement('p', { style: { margin: 0 } }, message),
      labels: { confirm: 'Enviar mesmo assim', cancel: 'Cancelar' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * Sends the generated batch file to the batch upload, as if the user had downloaded it and chosen
 * it in 'Upload de Remessa' (docs/remessas.md): the same checks first (core's checkRemessaBytes:
 * size, lines, required columns…, shown under 'Erro no Upload' as that modal does), then the call.
 * A 409 (the same file sent within 24 h) asks and sends again with `confirmarDuplicada`; other
 * refusals show the server's message. Answers whether the upload accepted it.
 */
export async function sendToUpload(fileName: string, csv: string): Promise<boolean> {
  const bytes = new TextEncoder().encode(csv);
  const checked = checkRemessaBytes(bytes, { convertLatin1: false });
  if ('problem' in checked) {
    showAlert(REMESSA_MSG.uploadErrorTitle, checked.problem.message);
    return false;
  }
  const contentBase64 = await dataUrlOf(new Blob([bytes], { type: 'text/csv' }));
  let confirmarDuplicada = false;
  for (;;) {
    try {
      await uploadRemessaCall({ contentBase64, fileName, confirmarDuplicada });
      showAlert(REMESSA_MSG.uploadedTitle, REMESSA_MSG.uploaded);
      return true;
    } catch (e) {
      if (isNetworkError(e)) return false;
      if (e instanceof ApiError && e.status === 409 && !confirmarDuplicada) {
        if (!(await askAgain(e.message))) return false;
        confirmarDuplicada = true;
        continue;
      }
      showAlert(REMESSA_MSG.uploadErrorTitle, e instanceof ApiError && e.message ? e.message : REMESSA_MSG.uploadUnknown);
      return false;
    }
  }
}
