import type { LabelListResponse, MessageResponse, MessageStatuses, MessageTagsResponse, SentDetail } from '@ar/core';
import { api } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';

export const getSentCall = (id: number) => api<SentDetail>(`/emails/send/${id}`, { silent: true });
export const refreshStatusCall = (id: number) => api<MessageStatuses>(`/emails/status/${id}`, { silent: true });
export const addTagsCall = (id: number, codes: number[]) =>
  api<MessageTagsResponse>(`/emails/send/${id}/etiquetas`, { method: 'POST', body: codes, silent: true });
export const removeTagCall = (id: number, tagId: number) =>
  api<MessageResponse>(`/emails/send/${id}/etiquetas/${tagId}`, { method: 'DELETE', silent: true });
export const tagOptionsCall = () =>
  api<LabelListResponse>('/etiquetas', { query: { limit: 10000, column: 'eti_nome', order: 'ASC' }, silent: true });

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
