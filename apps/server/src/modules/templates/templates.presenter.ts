import type { Template, TemplateSummary } from '@ar/core';
import type { TemplateRow } from './templates.queries.ts';

export const presentTemplateSummary = (r: Omit<TemplateRow, 'mod_content'>): TemplateSummary => ({
  mod_codigo: r.mod_codigo,
  mod_name: r.mod_name,
  mod_subject: r.mod_subject,
  mod_enable: r.mod_enable,
  mod_data_criacao: new Date(r.mod_data_criacao).toISOString(),
});

export const presentTemplate = (r: TemplateRow): Template => ({ ...presentTemplateSummary(r), mod_content: r.mod_content });
