import type { WhitelistBody } from '@ar/core';
import { apiClient } from '../../api/typed-client.ts';

const byId = (id: number) => ({ params: { path: { id } }, silent: true });

export const getEntryCall = (id: number) => apiClient.GET('/v2/whitelist/{id}', byId(id));
export const saveEntryCall = (id: number | null, body: WhitelistBody) =>
  id ? apiClient.PUT('/v2/whitelist/{id}', { ...byId(id), body }) : apiClient.POST('/v2/whitelist', { body, silent: true });
export const deleteEntryCall = (id: number) => apiClient.DELETE('/v2/whitelist/{id}', byId(id));
