import type { LabelBody } from '@ar/core';
import { apiClient } from '../../api/typed-client.ts';

const byId = (id: number) => ({ params: { path: { id } }, silent: true });

export const getLabelCall = (id: number) => apiClient.GET('/v2/etiquetas/{id}', byId(id));
export const saveLabelCall = (id: number | null, body: LabelBody) =>
  id ? apiClient.PUT('/v2/etiquetas/{id}', { ...byId(id), body }) : apiClient.POST('/v2/etiquetas', { body, silent: true });
export const deleteLabelCall = (id: number) => apiClient.DELETE('/v2/etiquetas/{id}', byId(id));
