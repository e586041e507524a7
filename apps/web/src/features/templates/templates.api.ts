import type { MessageResponse, Template, TemplateBody, TemplateSavedResponse } from '@ar/core';
import { api } from '../../api/client.ts';

export const getTemplateCall = (id: number) => api<Template>(`/modelos/${id}`, { silent: true });
export const saveTemplateCall = (id: number | null, body: TemplateBody) =>
  api<TemplateSavedResponse>(id ? `/modelos/${id}` : '/modelos', { method: id ? 'PUT' : 'POST', body, silent: true });
export const deleteTemplateCall = (id: number) => api<MessageResponse>(`/modelos/${id}`, { method: 'DELETE', silent: true });
