import { apiClient } from '../../api/typed-client.ts';

export const loginCall = (username: string, password: string) =>
  apiClient.POST('/v2/login', { body: { username, password }, silent: true });

export const recoveryCall = (emailUserRecovery: string) =>
  apiClient.POST('/v2/usuarios/password-recovery', { body: { emailUserRecovery }, silent: true });

export const checkResetTokenCall = (token: string) =>
  apiClient.GET('/v2/usuarios/password-recovery/{token}', { params: { path: { token } }, silent: true });

export const resetCall = (token: string, newPassword: string) =>
  apiClient.POST('/v2/usuarios/reset/{token}', { params: { path: { token } }, body: { newPassword }, silent: true });

export const changePasswordCall = (id: number, newPassword: string, confirmPassword: string) =>
  apiClient.PUT('/v2/usuarios/{id}/password/reset', { params: { path: { id } }, body: { newPassword, confirmPassword } });

export const logoutCall = () => apiClient.POST('/v2/logout', { silent: true });

/** The user of the session the identity provider's return opened (its cookie). */
export const meCall = () => apiClient.GET('/v2/me', { silent: true });

/** Why the last single sign-on of this browser was refused. */
export const ssoErrorCall = () => apiClient.GET('/v2/auth/oidc/erro', { silent: true });
