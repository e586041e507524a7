import { MSG } from '@ar/core/messages';
import { modals } from '@mantine/modals';
import { createElement } from 'react';
import { reportModal } from './error-reporting.ts';
import { ensureModals } from './modals.tsx';

/** Messages on screen now: several calls failing together (a page offline) show one modal. */
const open = new Set<string>();

/** The spec's error modal: a title and a message (spec 000 §8), reported as the spec asks (error-reporting.ts). */
export function showAlert(title: string, message: string, onClose?: () => void) {
  const key = message;
  if (open.has(key)) return;
  open.add(key);
  reportModal(title, message);
  void ensureModals().then(() =>
    modals.open({
      title: createElement('strong', null, title),
      centered: true,
      onClose: () => {
        open.delete(key);
        onClose?.();
      },
      children: createElement('p', { 'data-testid': 'alert-message', style: { margin: 0 } }, message),
    }),
  );
}

export const showWarning = (message: string, onClose?: () => void) => showAlert('Aviso', message, onClose);

export function showInternalError() {
  showAlert(MSG.internalError, MSG.internalErrorText);
}

export function showOffline() {
  showAlert('Sem conexão', MSG.offline);
}
