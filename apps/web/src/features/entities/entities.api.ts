import type { CompaniesResponse, CompanyEntitiesResponse, EntityBody, EntityInvite, EntitySavedResponse } from '@ar/core';
import { api } from '../../api/client.ts';

export const saveEntityCall = (body: EntityBody) =>
  api<EntitySavedResponse>('/entidade', { method: body.ent_codigo ? 'PUT' : 'POST', body, silent: true });

export const companiesCall = () => api<CompaniesResponse>('/empresas', { silent: true });

export const companyEntitiesCall = (empCodigo: number) =>
  api<CompanyEntitiesResponse>(`/empresas/${empCodigo}/entidades`, { silent: true });

/** Public: the entity of a sign-up link. */
export const entityInviteCall = (uuid: string) => api<EntityInvite>(`/entidades/${encodeURIComponent(uuid)}`, { silent: true });
