import type { CascadeDefaultBody, SettingsBody } from '@ar/core';
import { apiClient } from '../../api/typed-client.ts';

export const settingsCall = () => apiClient.GET('/v2/usuarios-settings', { silent: true });

export const saveSettingsCall = (body: SettingsBody) => apiClient.PUT('/v2/usuarios-settings', { body, silent: true });

/** The user's default channel cascade (docs/cascade.md): compose starts from it. */
export const CASCADE_DEFAULT_KEY = 'cascata-padrao';
export const cascadeDefaultCall = () => apiClient.GET('/v2/usuarios-settings/cascata', { silent: true });

export const saveCascadeDefaultCall = (body: CascadeDefaultBody) => apiClient.PUT('/v2/usuarios-settings/cascata', { body, silent: true });
