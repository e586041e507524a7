import type { CustomFieldDef, LeadValues } from '@ar/core';
import { type ApiBody, apiClient } from '../../api/typed-client.ts';

export type LeadPayload = ApiBody<'post', '/v2/leads'>;

const byId = (id: number) => ({ params: { path: { id } }, silent: true });

export const getLeadCall = (id: number) => apiClient.GET('/v2/leads/{id}', byId(id));
export const saveLeadCall = (id: number | null, body: LeadPayload) =>
  id ? apiClient.PUT('/v2/leads/{id}', { ...byId(id), body }) : apiClient.POST('/v2/leads', { body, silent: true });
export const deleteLeadCall = (id: number) => apiClient.DELETE('/v2/leads/{id}', byId(id));
export const importLeadsCall = (rows: LeadValues[]) => apiClient.POST('/v2/leads/import', { body: rows, silent: true });

/** The user's custom variables: settings customField.data, through the recipients module's own route. */
export const getCustomFieldsCall = () => apiClient.GET('/v2/leads/custom-fields', { silent: true });
export const saveCustomFieldsCall = (data: CustomFieldDef[]) =>
  apiClient.PUT('/v2/leads/custom-fields', { body: { customField: { data } }, silent: true });
