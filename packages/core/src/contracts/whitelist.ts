import { isEmail } from '../validators/email.ts';
import { z } from '../zod.ts';
import { listQuerySchema, messageResponse, pagedResponse } from './common.ts';

export const WHITELIST_MSG = {
  listError: 'Houve um erro ao obter a whitelist',
  getError: 'Houve um erro ao obter o registro da whitelist',
  saveError: 'Houve um erro ao salvar o registro na whitelist',
  updateError: 'Houve um erro ao atualizar o registro da whitelist',
  removeError: 'Houve um erro ao remover o registro da whitelist',
  created: 'Cadastro efetuado com sucesso!',
  updated: 'Cadastro atualizado com sucesso!',
  removed: 'WhiteList removido com sucesso!',
  emailRequired: 'Informe o e-mail.',
  emailInvalid: 'Informe um e-mail válido.',
  emailTooLong: 'O e-mail deve ter no máximo 150 caracteres.',
  duplicate: 'Este e-mail já está na whitelist.',
} as const;

export const whitelistBody = z.object({
  whi_email: z
    .string({ error: WHITELIST_MSG.emailRequired })
    .trim()
    .min(1, WHITELIST_MSG.emailRequired)
    .max(150, WHITELIST_MSG.emailTooLong)
    .refine(isEmail, WHITELIST_MSG.emailInvalid),
});
export type WhitelistBody = z.input<typeof whitelistBody>;

export const WHITELIST_COLUMNS = ['whi_codigo', 'whi_email'] as const;
export const whitelistListQuery = listQuerySchema({
  columns: WHITELIST_COLUMNS,
  defaultColumn: 'whi_codigo',
  defaultOrder: 'DESC',
  defaultLimit: 10,
});

export const whitelistEntrySchema = z.object({ whi_codigo: z.number().int(), whi_email: z.string() });
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;

/** Responses: the list (its items field is `leads`, as the spec names it: 001 §7), a saved entry with its message. */
export const whitelistListResponse = pagedResponse('leads', whitelistEntrySchema);
export type WhitelistListResponse = z.infer<typeof whitelistListResponse>;
export const whitelistSavedResponse = messageResponse.extend({ whitelist: whitelistEntrySchema });
export type WhitelistSavedResponse = z.infer<typeof whitelistSavedResponse>;
