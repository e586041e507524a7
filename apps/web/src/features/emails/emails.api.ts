import type { LabelListResponse, MessageResponse, MessageStatuses, MessageTagsResponse, SentDetail } from '@ar/core';
import { api } from '../../api/client.ts';

export const getSentCall = (id: number) => api<SentDetail>(`/emails/send/${id}`, { silent: true });
export const refreshStatusCall = (id: number) => api<MessageStatuses>(`/emails/status/${id}`, { silent: true });
export const addTagsCall = (id: number, codes: number[]) =>
  api<MessageTagsResponse>(`/emails/send/${id}/etiquetas`, { method: 'POST', body: codes, silent: true });
export const removeTagCall = (id: number, tagId: number) =>
  api<MessageResponse>(`/emails/send/${id}/etiquetas/${tagId}`, { method: 'DELETE', silent: true });
export const tagOptionsCall = () =>
  api<LabelListResponse>('/etiquetas', { query: { limit: 10000, column: 'eti_nome', order: 'ASC' }, silent: true });

/** Downloads a file of an authenticated call (attachments, proofs) under its own name. */
export async function downloadFile(path: string, fallbackName: string, init: { method?: 'GET' | 'PUT'; body?: unknown } = {}) {
  const { getSession } = await import('../../session/session.ts');
  const res = await fetch(`/v2${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${getSession()?.token ?? ''}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error((await res.json().catch(() => null))?.message ?? 'Falha no download');
  const name = decodeURIComponent(res.headers.get('filename') ?? '') || fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The sending proof as a PDF (PUT, with who asked for it) and the expert report. */
export async function downloadSendingProof(id: number) {
  const { getSession } = await import('../../session/session.ts');
  const user = getSession()?.user;
  return downloadFile(`/emails/sending-proof/${id}`, `comprovante-envio-${id}.pdf`, {
    method: 'PUT',
    body: { name: user?.usu_nome, email: user?.usu_login },
  });
}
export const downloadExpertReport = (id: number) => downloadFile(`/emails/report/laudo/${id}`, `relatorio-pericial-${id}.pdf`);
