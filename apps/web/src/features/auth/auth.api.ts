import type { LoginResponse } from '@ar/core';
import { api } from '../../api/client.ts';

export const loginCall = (username: string, password: string) =>
  api<LoginResponse>('/login', { method: 'POST', body: { username, password }, silent: true });

export const recoveryCall = (emailUserRecovery: string) =>
  api<{ message: string }>('/usuarios/password-recovery', { method: 'POST', body: { emailUserRecovery }, silent: true });

export const checkResetTokenCall = (token: string) =>
  api<{ valid: boolean }>(`/usuarios/password-recovery/${encodeURIComponent(token)}`, { silent: true });

export const resetCall = (token: string, newPassword: string) =>
  api<{ message: string }>(`/usuarios/reset/${encodeURIComponent(token)}`, { method: 'POST', body: { newPassword }, silent: true });

export const changePasswordCall = (id: number, newPassword: string, confirmPassword: string) =>
  api<{ message: string }>(`/usuarios/${id}/password/reset`, { method: 'PUT', body: { newPassword, confirmPassword } });

export const logoutCall = () => api<unknown>('/logout', { method: 'POST', silent: true });
