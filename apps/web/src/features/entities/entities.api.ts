import { type ApiBody, apiClient } from '../../api/typed-client.ts';

export type EntityPayload = ApiBody<'post', '/v2/entidade'>;

export const saveEntityCall = (body: EntityPayload) =>
  body.ent_codigo ? apiClient.PUT('/v2/entidade', { body, silent: true }) : apiClient.POST('/v2/entidade', { body, silent: true });

export const companiesCall = () => apiClient.GET('/v2/empresas', { silent: true });

export const companyEntitiesCall = (empCodigo: number) =>
  apiClient.GET('/v2/empresas/{id}/entidades', { params: { path: { id: empCodigo } }, silent: true });

/** Public: the entity of a sign-up link. */
export const entityInviteCall = (uuid: string) => apiClient.GET('/v2/entidades/{uuid}', { params: { path: { uuid } }, silent: true });
