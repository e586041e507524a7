import type {
  CustomFieldDef,
  CustomFieldsResponse,
  Lead,
  LeadBody,
  LeadImportResponse,
  LeadSavedResponse,
  LeadValues,
  MessageResponse,
} from '@ar/core';
import { api } from '../../api/client.ts';

export const getLeadCall = (id: number) => api<Lead>(`/leads/${id}`, { silent: true });
export const saveLeadCall = (id: number | null, body: LeadBody) =>
  api<LeadSavedResponse>(id ? `/leads/${id}` : '/leads', { method: id ? 'PUT' : 'POST', body, silent: true });
export const deleteLeadCall = (id: number) => api<MessageResponse>(`/leads/${id}`, { method: 'DELETE', silent: true });
export const importLeadsCall = (rows: LeadValues[]) =>
  api<LeadImportResponse>('/leads/import', { method: 'POST', body: rows, silent: true });

/** The user's custom variables: settings customField.data, through the recipients module's own route. */
export const getCustomFieldsCall = () => api<CustomFieldsResponse>('/leads/custom-fields', { silent: true });
export const saveCustomFieldsCall = (data: CustomFieldDef[]) =>
  api<CustomFieldsResponse>('/leads/custom-fields', {
    method: 'PUT',
    body: { customField: { data } },
    silent: true,
  });
