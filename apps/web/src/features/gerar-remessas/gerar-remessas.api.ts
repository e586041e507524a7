import type { MessageResponse, TransporteBody, TransporteListResponse, TransporteSavedResponse } from '@ar/core';
import { api } from '../../api/client.ts';

export const listTransportesCall = () => api<TransporteListResponse>('/transporte-dados', { silent: true });
export const saveTransporteCall = (id: number | null, body: TransporteBody) =>
  api<TransporteSavedResponse>(id ? `/transporte-dados/${id}` : '/transporte-dados', { method: id ? 'PUT' : 'POST', body, silent: true });
export const deleteTransporteCall = (id: number) => api<MessageResponse>(`/transporte-dados/${id}`, { method: 'DELETE', silent: true });

/**
 * POST /remessas/upload (spec 002 §7: `{ contentBase64 (data URL), fileName }`, a truthy answer is
 * success). Typed here by the spec's contract because the route and its core contract
 * (contracts/remessas.ts) are built beside this page on another branch: the answer carries the
 * server's `message` (and the new rem_codigo); `confirmarDuplicada` repeats a send the server
 * answered 409 for (the same file sent within 24 h).
 */
export interface RemessaUploadCallBody {
  contentBase64: string;
  fileName: string;
  confirmarDuplicada?: boolean;
}
export type RemessaUploadCallResponse = MessageResponse & { rem_codigo?: number };
export const uploadRemessaCall = (body: RemessaUploadCallBody) =>
  api<RemessaUploadCallResponse>('/remessas/upload', { method: 'POST', body, silent: true });
