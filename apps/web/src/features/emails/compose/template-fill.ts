import { applyTemplateVariables, type CustomFieldDef, type Lead, type Template } from '@ar/core';
import type { RecipientDraft } from './compose-form.ts';

/**
 * A template's subject and body for the compose form. With a single recipient its variables
 * become that recipient's data (spec 001 §4): the saved recipient's fields and custom fields when
 * the row came from one, else the name and e-mail typed in the row. With several recipients the
 * variables stay, and the server fills them in for each saved recipient.
 */
export function applyTemplate(
  template: Pick<Template, 'mod_subject' | 'mod_content'>,
  single: RecipientDraft | undefined,
  lead: Lead | undefined,
  customFields: CustomFieldDef[] = [],
): { subject: string; content: string } {
  if (!single) return { subject: template.mod_subject, content: template.mod_content };
  const source = lead ?? { lea_nome: single.nameTo, lea_email: single.to };
  return {
    subject: applyTemplateVariables(template.mod_subject, source, { customFields }),
    content: applyTemplateVariables(template.mod_content, source, { customFields, html: true }),
  };
}
