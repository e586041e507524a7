import { checkRemessaText, csvLine, decodeRemessa, isCsvFile, REMESSA_EXAMPLE, REMESSA_MAX_BYTES, REMESSA_MSG } from '@ar/core';

/**
 * The browser's side of the upload (spec 002 §5): the checks before anything is sent, with the
 * spec's dialog for each, and the file as the server takes it (a data URL of UTF-8 text). The
 * server checks it all again (docs/remessas.md).
 */

export type Choice = { ok: true } | { ok: false; title: string; message: string };

/** A chosen file: csv by type or name, at most 5 MB. */
export function checkChosenFile(file: { name: string; type: string; size: number }): Choice {
  if (!isCsvFile(file)) return { ok: false, title: REMESSA_MSG.invalidFileTitle, message: REMESSA_MSG.invalidFile };
  if (file.size > REMESSA_MAX_BYTES) return { ok: false, title: REMESSA_MSG.tooLargeTitle, message: REMESSA_MSG.tooLarge };
  return { ok: true };
}

/** A Blob as a data URL (FileReader: what the spec's contentBase64 is). */
export function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(REMESSA_MSG.uploadUnknown));
    reader.readAsDataURL(blob);
  });
}

/**
 * The file's text once its encoding is known: UTF-8 as it is; ISO-8859-1 converted (after the
 * user said Continuar); the text's rules then answer the first problem, or the UTF-8 bytes to send.
 */
export function prepareText(bytes: Uint8Array, encoding: 'UTF-8' | 'ISO-8859-1'): { problem: string } | { utf8: Uint8Array } {
  const text = decodeRemessa(bytes, encoding);
  const checked = checkRemessaText(text);
  if ('problem' in checked) return { problem: checked.problem.message };
  return { utf8: encoding === 'UTF-8' ? bytes : new TextEncoder().encode(text) };
}

/** 'Baixar Modelo de Exemplo': the spec's columns, our optional AR-Voz and AR-Carta ones, and one example row, written like every CSV of the product. */
export function exampleCsv(): Blob {
  return new Blob([`\uFEFF${csvLine(REMESSA_EXAMPLE.header)}${csvLine(REMESSA_EXAMPLE.row)}`], { type: 'text/csv;charset=utf-8' });
}

/** 1.2 MB / 340 KB / 12 bytes. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 0 })} KB`;
  return `${bytes} bytes`;
}
