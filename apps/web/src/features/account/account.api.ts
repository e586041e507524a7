import type { SettingsBody, SettingsSavedResponse, UserSettings } from '@ar/core';
import { api } from '../../api/client.ts';

export const settingsCall = () => api<UserSettings>('/usuarios-settings', { silent: true });

export const saveSettingsCall = (body: SettingsBody) =>
  api<SettingsSavedResponse>('/usuarios-settings', { method: 'PUT', body, silent: true });
