import type {
  MessageResponse,
  RemessaUploadBody,
  RemessaUploadResponse,
  TransporteBody,
  TransporteListResponse,
  TransporteSavedResponse,
} from '@ar/core';
import { api } from '../../api/client.ts';

export const listTransportesCall = () => api<TransporteListResponse>('/transporte-dados', { silent: true });
export const saveTransporteCall = (id: number | null, body: TransporteBody) =>
  api<TransporteSavedResponse>(id ? `/transporte-dados/${id}` : '/transporte-dados', { method: id ? 'PUT' : 'POST', body, silent: true });
export const deleteTransporteCall = (id: number) => api<MessageResponse>(`/transporte-dados/${id}`, { method: 'DELETE', silent: true });

/** POST /remessas/upload (spec 002 §7; docs/remessas.md): the generated file, as a data URL. */
export const uploadRemessaCall = (body: RemessaUploadBody) =>
  api<RemessaUploadResponse>('/remessas/upload', { method: 'POST', body, silent: true });
