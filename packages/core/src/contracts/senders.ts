import { isEmail } from '../validators/email.ts';
import { z } from '../zod.ts';
import { dbId, int4, listQuerySchema, pagedResponse } from './common.ts';

export const SENDER_MSG = {
  listError: 'Houve um erro ao obter os remetentes',
  saveError: 'Houve um erro ao salvar o remetente',
  institutionsError: 'Houve um erro ao obter as instituições',
  required: 'Informe o remetente.',
  tooLong: 'O remetente deve ter no máximo 100 caracteres.',
  specialChars: 'Não é permitido caracteres especiais neste campo!',
  emailLooksInvalid: 'O e-mail informado não parece válido',
} as const;

export const SENDER_NAME_MAX = 100;
const SENDER_NAME_RE = /^[\p{L}\p{N} ]+$/u;

/**
 * The sender name rules of spec 001 §5: required, at most 100, only letters, digits and spaces.
 * Free text that looks like an e-mail (has an @) but is not a valid one gets the e-mail warning.
 */
export function senderNameProblem(raw: string): string | null {
  const name = raw.trim();
  if (!name) return SENDER_MSG.required;
  if (name.length > SENDER_NAME_MAX) return SENDER_MSG.tooLong;
  if (name.includes('@') && !isEmail(name)) return SENDER_MSG.emailLooksInvalid;
  if (!SENDER_NAME_RE.test(name)) return SENDER_MSG.specialChars;
  return null;
}

export const senderBody = z.object({
  sen_nome: z
    .string({ error: SENDER_MSG.required })
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .superRefine((name, ctx) => {
      const problem = senderNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** Sent by the compose screen; the server always uses the signed-in user. */
  cod_usu_usuario: int4().optional(),
});
export type SenderBody = z.input<typeof senderBody>;

export const senderListQuery = listQuerySchema({
  columns: ['sen_codigo', 'sen_nome'] as const,
  defaultColumn: 'sen_nome',
  defaultOrder: 'ASC',
  defaultLimit: 1000,
});

/** A saved sender: always the signed-in user's (cod_usu_usuario). */
export const senderSchema = z.object({ sen_codigo: z.number().int(), sen_nome: z.string(), cod_usu_usuario: z.number().int() });
export type Sender = z.infer<typeof senderSchema>;
/** The list and the compose picker (up to 1000 by default). */
export const senderListResponse = pagedResponse('senders', senderSchema);
export type SenderListResponse = z.infer<typeof senderListResponse>;

/** Institution types offered (spec 001 §9: only 'Banco'). */
export const INSTITUTION_TYPES = ['Banco'] as const;

export const institutionContact = z.object({
  con_ins_codigo: dbId(),
  con_ins_nome: z.string().min(1).max(150),
  con_ins_tipo: z.enum(INSTITUTION_TYPES),
  con_ins_email_sac: z.string().refine(isEmail).nullable(),
  con_ins_email_ouvidoria: z.string().refine(isEmail).nullable(),
});
export type InstitutionContact = z.infer<typeof institutionContact>;
/** GET /contato-instituicoes: the list (the same contract the installation's file is read with). */
export const institutionsResponse = z.array(institutionContact);
export type InstitutionsResponse = z.infer<typeof institutionsResponse>;
