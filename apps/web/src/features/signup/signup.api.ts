import { type ApiBody, apiClient } from '../../api/typed-client.ts';

export type RegistrationPayload = ApiBody<'post', '/v2/usuarios/registration/{entityUuid}'>;

export const registerCall = (entityUuid: string, body: RegistrationPayload) =>
  apiClient.POST('/v2/usuarios/registration/{entityUuid}', { params: { path: { entityUuid } }, body, silent: true });
export const lookupInviteCall = (token: string) =>
  apiClient.GET('/v2/usuarios/confirm-registration/{token}', { params: { path: { token } }, silent: true });
export const confirmRegistrationCall = (token: string, body: ApiBody<'put', '/v2/usuarios/confirm-registration/{token}'>) =>
  apiClient.PUT('/v2/usuarios/confirm-registration/{token}', { params: { path: { token } }, body, silent: true });
