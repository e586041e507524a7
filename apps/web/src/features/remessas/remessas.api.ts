import { REPORT_ROWS_HEADER, type RemessaUploadBody } from '@ar/core';
import { apiClient } from '../../api/typed-client.ts';

export const remessaStatsCall = () => apiClient.GET('/v2/remessas/stats', { silent: true });
export const encodingCall = (content: string) => apiClient.POST('/v2/remessas/encoding-remessa', { body: { content }, silent: true });
export const uploadCall = (body: RemessaUploadBody) => apiClient.POST('/v2/remessas/upload', { body, silent: true });

/**
 * A CSV of the batch area (preview, period report): saved under the name the server gives it, or
 * false when there is nothing (a preview not ready: empty body; a period without remessas: the
 * header row alone, counted 0 by X-Total-Registros; spec 002 §7, issue 43).
 */
export async function downloadCsv(path: string, query: Record<string, string>, fallbackName: string): Promise<boolean> {
  const qs = new URLSearchParams(query).toString();
  const res = await fetch(`/v2${path}${qs ? `?${qs}` : ''}`);
  if (!res.ok) throw new Error((await res.json().catch(() => null))?.message ?? 'Falha no download');
  const blob = await res.blob();
  // Nothing to save: an empty body (a preview not ready yet), or a report whose count says no row (its CSV is the header alone).
  if (blob.size === 0 || res.headers.get(REPORT_ROWS_HEADER) === '0') return false;
  saveBlob(blob, decodeURIComponent(res.headers.get('filename') ?? '') || fallbackName);
  return true;
}

export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
