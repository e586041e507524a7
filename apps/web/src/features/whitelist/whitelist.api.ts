import type { MessageResponse, WhitelistBody, WhitelistEntry, WhitelistSavedResponse } from '@ar/core';
import { api } from '../../api/client.ts';

export const getEntryCall = (id: number) => api<WhitelistEntry>(`/whitelist/${id}`, { silent: true });
export const saveEntryCall = (id: number | null, body: WhitelistBody) =>
  api<WhitelistSavedResponse>(id ? `/whitelist/${id}` : '/whitelist', { method: id ? 'PUT' : 'POST', body, silent: true });
export const deleteEntryCall = (id: number) => api<MessageResponse>(`/whitelist/${id}`, { method: 'DELETE', silent: true });
