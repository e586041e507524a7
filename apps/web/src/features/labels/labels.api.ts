import type { Label, LabelBody, LabelSavedResponse, MessageResponse } from '@ar/core';
import { api } from '../../api/client.ts';

export const getLabelCall = (id: number) => api<Label>(`/etiquetas/${id}`, { silent: true });
export const saveLabelCall = (id: number | null, body: LabelBody) =>
  api<LabelSavedResponse>(id ? `/etiquetas/${id}` : '/etiquetas', { method: id ? 'PUT' : 'POST', body, silent: true });
export const deleteLabelCall = (id: number) => api<MessageResponse>(`/etiquetas/${id}`, { method: 'DELETE', silent: true });
