import type { CompanyOption, EntityBody, EntityInvite, EntityOption, EntityRow } from '@ar/core';
import { api } from '../../api/client.ts';

export const saveEntityCall = (body: EntityBody) =>
  api<{ message: string; entidade: EntityRow }>('/entidade', { method: body.ent_codigo ? 'PUT' : 'POST', body, silent: true });

export const companiesCall = () => api<{ empresas: CompanyOption[] }>('/empresas', { silent: true });

export const companyEntitiesCall = (empCodigo: number) =>
  api<{ entidades: EntityOption[] }>(`/empresas/${empCodigo}/entidades`, { silent: true });

/** Public: the entity of a sign-up link. */
export const entityInviteCall = (uuid: string) => api<EntityInvite>(`/entidades/${encodeURIComponent(uuid)}`, { silent: true });
