import { downloadFile } from '../../api/download.ts';
import { apiClient } from '../../api/typed-client.ts';

const byId = (id: number) => ({ params: { path: { id } }, silent: true });

export const getSentCall = (id: number) => apiClient.GET('/v2/emails/send/{id}', byId(id));
export const refreshStatusCall = (id: number) => apiClient.GET('/v2/emails/status/{id}', byId(id));
export const addTagsCall = (id: number, codes: number[]) => apiClient.POST('/v2/emails/send/{id}/etiquetas', { ...byId(id), body: codes });
export const removeTagCall = (id: number, tagId: number) =>
  apiClient.DELETE('/v2/emails/send/{id}/etiquetas/{tagId}', { params: { path: { id, tagId } }, silent: true });
export const tagOptionsCall = () =>
  apiClient.GET('/v2/etiquetas', { params: { query: { limit: 10000, column: 'eti_nome', order: 'ASC' } }, silent: true });

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
