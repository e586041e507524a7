import type { TemplateBody } from '@ar/core';
import { apiClient } from '../../api/typed-client.ts';

const byId = (id: number) => ({ params: { path: { id } }, silent: true });

export const getTemplateCall = (id: number) => apiClient.GET('/v2/modelos/{id}', byId(id));
export const saveTemplateCall = (id: number | null, body: TemplateBody) =>
  id ? apiClient.PUT('/v2/modelos/{id}', { ...byId(id), body }) : apiClient.POST('/v2/modelos', { body, silent: true });
export const deleteTemplateCall = (id: number) => apiClient.DELETE('/v2/modelos/{id}', byId(id));
