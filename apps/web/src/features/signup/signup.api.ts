import type { ConfirmRegistrationBody, InviteLookup, MessageResponse, RegistrationBody } from '@ar/core';
import { api } from '../../api/client.ts';

export const registerCall = (entityUuid: string, body: RegistrationBody) =>
  api<MessageResponse>(`/usuarios/registration/${encodeURIComponent(entityUuid)}`, { method: 'POST', body, silent: true });

export const lookupInviteCall = (token: string) =>
  api<InviteLookup>(`/usuarios/confirm-registration/${encodeURIComponent(token)}`, { silent: true });

export const confirmRegistrationCall = (token: string, body: ConfirmRegistrationBody) =>
  api<MessageResponse>(`/usuarios/confirm-registration/${encodeURIComponent(token)}`, { method: 'PUT', body, silent: true });
