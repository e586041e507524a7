import type { LoginResponse, LogoutResponse, MessageResponse, ResetLinkResponse, SessionUser, SsoErrorResponse } from '@ar/core';
import { api } from '../../api/client.ts';

export const loginCall = (username: string, password: string) =>
  api<LoginResponse>('/login', { method: 'POST', body: { username, password }, silent: true });

export const recoveryCall = (emailUserRecovery: string) =>
  api<MessageResponse>('/usuarios/password-recovery', { method: 'POST', body: { emailUserRecovery }, silent: true });

export const checkResetTokenCall = (token: string) =>
  api<ResetLinkResponse>(`/usuarios/password-recovery/${encodeURIComponent(token)}`, { silent: true });

export const resetCall = (token: string, newPassword: string) =>
  api<MessageResponse>(`/usuarios/reset/${encodeURIComponent(token)}`, { method: 'POST', body: { newPassword }, silent: true });

export const changePasswordCall = (id: number, newPassword: string, confirmPassword: string) =>
  api<MessageResponse>(`/usuarios/${id}/password/reset`, { method: 'PUT', body: { newPassword, confirmPassword } });

export const logoutCall = () => api<LogoutResponse>('/logout', { method: 'POST', silent: true });

/** The user of the session the identity provider's return opened (its cookie). */
export const meCall = () => api<SessionUser>('/me', { silent: true });

/** Why the last single sign-on of this browser was refused. */
export const ssoErrorCall = () => api<SsoErrorResponse>('/auth/oidc/erro', { silent: true });
