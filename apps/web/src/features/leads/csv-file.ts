import Papa from 'papaparse';

/** The file's text: UTF-8 when it decodes as such, else Windows-1252 (what Excel in Brazil saves). */
export async function readCsvText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** Rows split on ';' (quotes respected); blank lines stay as blank rows so line numbers match the file. */
export function splitCsv(text: string): string[][] {
  const result = Papa.parse<string[]>(text, { delimiter: ';', skipEmptyLines: false });
  return result.data;
}

export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
