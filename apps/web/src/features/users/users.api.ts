import type { MessageResponse, UserBody, UserDetail, UserSavedResponse } from '@ar/core';
import { api } from '../../api/client.ts';

export const getUserCall = (id: number) => api<UserDetail>(`/usuarios/${id}`, { silent: true });

/** POST answers the created user; PUT the saved one, or null when the edit took it out of reach. */
export const saveUserCall = (id: number | null, body: UserBody) =>
  api<UserSavedResponse>(id ? `/usuarios/${id}` : '/usuarios', {
    method: id ? 'PUT' : 'POST',
    body,
    silent: true,
  });

export const removeUserCall = (id: number) => api<MessageResponse>(`/usuarios/${id}`, { method: 'DELETE', silent: true });

export const resendInviteCall = (id: number) => api<MessageResponse>(`/usuarios/resend-invite/${id}`, { method: 'PUT', silent: true });

/** true when the address is already someone's login. */
export const checkEmailCall = (email: string) => api<boolean>('/usuarios/check-email', { query: { email }, silent: true });
