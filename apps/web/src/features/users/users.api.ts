import { type ApiBody, apiClient } from '../../api/typed-client.ts';

export type UserPayload = ApiBody<'post', '/v2/usuarios'>;

const byId = (id: number) => ({ params: { path: { id } }, silent: true });

export const getUserCall = (id: number) => apiClient.GET('/v2/usuarios/{id}', byId(id));

/** POST answers the created user; PUT the saved one, or null when the edit took it out of reach. */
export const saveUserCall = (id: number | null, body: UserPayload) =>
  id ? apiClient.PUT('/v2/usuarios/{id}', { ...byId(id), body }) : apiClient.POST('/v2/usuarios', { body, silent: true });

export const removeUserCall = (id: number) => apiClient.DELETE('/v2/usuarios/{id}', byId(id));

export const resendInviteCall = (id: number) =>
  apiClient.PUT('/v2/usuarios/resend-invite/{usu_codigo}', { params: { path: { usu_codigo: id } }, silent: true });

/** true when the address is already someone's login. */
export const checkEmailCall = (email: string) => apiClient.GET('/v2/usuarios/check-email', { params: { query: { email } }, silent: true });
