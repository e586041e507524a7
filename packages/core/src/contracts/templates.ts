import { z } from '../zod.ts';
import { listQuerySchema, messageResponse, pagedResponse } from './common.ts';

export const TEMPLATE_MSG = {
  listError: 'Houve um erro ao obter os modelos',
  getError: 'Houve um erro ao obter o modelo',
  saveError: 'Houve um erro ao salvar o modelo',
  updateError: 'Houve um erro ao atualizar o modelo',
  removeError: 'Houve um erro ao remover o modelo',
  tooLarge: 'Houve um erro ao salvar o modelo. Verifique o tamanho das imagens que compõem o modelo',
  inUse:
    'Houve um erro ao remover o modelo. Não é possível remover um e-mail já utilizado em algum envio. Você pode desabilitar o modelo na Edição',
  created: 'Modelo cadastrado com sucesso!',
  updated: 'Modelo atualizado com sucesso!',
  removed: 'Modelo removido com sucesso!',
  nameRequired: 'Informe o nome do modelo.',
  nameTooLong: 'O nome do modelo deve ter no máximo 80 caracteres.',
  subjectRequired: 'Informe o assunto.',
  subjectTooLong: (max: number) => `O assunto deve ter no máximo ${max} caracteres.`,
} as const;

/** Subject limits (spec 001 §9): 180 on the full page, 80 in the modal. */
export const TEMPLATE_SUBJECT_MAX = { page: 180, modal: 80 } as const;
export const TEMPLATE_NAME_MAX = 80;
/** Inline images travel inside mod_content; the body of a save is limited to 12 MB (spec 001 §9). */
export const TEMPLATE_BODY_LIMIT = 12 * 1024 * 1024;

const templateFields = (subjectMax: number) =>
  z.object({
    mod_name: z
      .string({ error: TEMPLATE_MSG.nameRequired })
      .trim()
      .min(1, TEMPLATE_MSG.nameRequired)
      .max(TEMPLATE_NAME_MAX, TEMPLATE_MSG.nameTooLong),
    mod_subject: z
      .string({ error: TEMPLATE_MSG.subjectRequired })
      .trim()
      .min(1, TEMPLATE_MSG.subjectRequired)
      .max(subjectMax, TEMPLATE_MSG.subjectTooLong(subjectMax)),
    mod_content: z.string().max(TEMPLATE_BODY_LIMIT).default(''),
    /** Only the edit form shows the checkbox; a new template is enabled. */
    mod_enable: z.boolean().optional(),
  });

/** What the API accepts (the page's limits). */
export const templateBody = templateFields(TEMPLATE_SUBJECT_MAX.page);
/** The modal's form: the same fields with the shorter subject. */
export const templateModalBody = templateFields(TEMPLATE_SUBJECT_MAX.modal);
export type TemplateBody = z.input<typeof templateBody>;

export const TEMPLATE_COLUMNS = ['mod_codigo', 'mod_name', 'mod_enable', 'mod_data_criacao'] as const;
export const templateListQuery = listQuerySchema({
  columns: TEMPLATE_COLUMNS,
  defaultColumn: 'mod_codigo',
  defaultOrder: 'DESC',
  defaultLimit: 10,
}).extend({
  /** The compose picker asks only for enabled templates. */
  mod_enable: z.enum(['true', 'false']).optional(),
});

export const templateStatusLabel = (enabled: boolean) => (enabled ? 'Ativado' : 'Desativado');

/** A template in the list and the compose picker: no body (it may carry images). */
export const templateSummarySchema = z.object({
  mod_codigo: z.number().int(),
  mod_name: z.string(),
  mod_subject: z.string(),
  mod_enable: z.boolean(),
  /** ISO 8601 (UTC). */
  mod_data_criacao: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;
/** One template with its sanitized HTML body. */
export const templateSchema = templateSummarySchema.extend({ mod_content: z.string() });
export type Template = z.infer<typeof templateSchema>;

/** Responses: the list, a saved template with its message. */
export const templateListResponse = pagedResponse('modelos', templateSummarySchema);
export type TemplateListResponse = z.infer<typeof templateListResponse>;
export const templateSavedResponse = messageResponse.extend({ modelo: templateSchema });
export type TemplateSavedResponse = z.infer<typeof templateSavedResponse>;
