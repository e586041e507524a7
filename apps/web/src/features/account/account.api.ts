import type {
  CascadeDefaultBody,
  CascadeDefaultResponse,
  CascadeDefaultSavedResponse,
  SettingsBody,
  SettingsSavedResponse,
  UserSettings,
} from '@ar/core';
import { api } from '../../api/client.ts';

export const settingsCall = () => api<UserSettings>('/usuarios-settings', { silent: true });

export const saveSettingsCall = (body: SettingsBody) =>
  api<SettingsSavedResponse>('/usuarios-settings', { method: 'PUT', body, silent: true });

/** The user's default channel cascade (docs/cascade.md): compose starts from it. */
export const CASCADE_DEFAULT_KEY = 'cascata-padrao';
export const cascadeDefaultCall = () => api<CascadeDefaultResponse>('/usuarios-settings/cascata', { silent: true });

export const saveCascadeDefaultCall = (body: CascadeDefaultBody) =>
  api<CascadeDefaultSavedResponse>('/usuarios-settings/cascata', { method: 'PUT', body, silent: true });
