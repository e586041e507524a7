import type { UserBody, UserDetail } from '@ar/core';
import { api } from '../../api/client.ts';

export const getUserCall = (id: number) => api<UserDetail>(`/usuarios/${id}`, { silent: true });

export const saveUserCall = (id: number | null, body: UserBody) =>
  api<{ message: string; usuario: UserDetail | null }>(id ? `/usuarios/${id}` : '/usuarios', {
    method: id ? 'PUT' : 'POST',
    body,
    silent: true,
  });

export const removeUserCall = (id: number) => api<{ message: string }>(`/usuarios/${id}`, { method: 'DELETE', silent: true });

export const resendInviteCall = (id: number) => api<{ message: string }>(`/usuarios/resend-invite/${id}`, { method: 'PUT', silent: true });

/** true when the address is already someone's login. */
export const checkEmailCall = (email: string) => api<boolean>('/usuarios/check-email', { query: { email }, silent: true });
