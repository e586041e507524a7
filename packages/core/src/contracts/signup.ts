import { MSG } from '../messages.ts';
import { digitsOf, isCpf } from '../validators/cpf.ts';
import { z } from '../zod.ts';
import { newPassword } from './auth.ts';
import { dbId } from './common.ts';
import { cnpjField, ENTITY_MSG, phoneField } from './entities.ts';
import { loginEmailField, userNameField } from './users-admin.ts';

/** Texts of sign-up by invitation and registration confirmation (spec 000 §5, §8). */
export const SIGNUP_MSG = {
  signedUp: 'Cadastro efetuado com sucesso! Enviamos para o seu e-mail um convite para ativar o acesso.',
  accessError: 'Houve um problema na criação do acesso',
  confirmError: 'Houve um erro ao Confirmar o Usuário',
  inviteError: 'Houve um erro ao validar o convite',
  confirmed: 'Cadastro confirmado com sucesso! Você já pode entrar com o seu e-mail e a nova senha.',
  personTypeRequired: 'Informe o tipo de pessoa.',
  cpfInvalid: 'CPF inválido.',
  cnpjInvalid: ENTITY_MSG.cnpjInvalid,
  birthDateInvalid: 'Informe uma data de nascimento válida.',
  sexInvalid: 'Sexo inválido.',
  phoneRequired: 'Informe um telefone válido.',
  phoneInvalid: ENTITY_MSG.phoneInvalid,
  corporateNameRequired: 'Informe a razão social.',
  corporateNameTooLong: 'A razão social deve ter no máximo 80 caracteres.',
  stateRegistrationRequired: 'Informe a inscrição estadual.',
  addressRequired: 'Informe o endereço.',
  contactRequired: 'Informe o contato.',
  comarcaRequired: 'Informe a comarca.',
  comarcaTooLong: 'A comarca deve ter no máximo 80 caracteres.',
  varaRequired: 'Informe a vara.',
  tooManyRequests: 'Muitas solicitações a partir deste endereço. Tente novamente mais tarde.',
  tooManyRequestsAll: 'Muitas solicitações no momento. Tente novamente em alguns minutos.',
} as const;

export const PERSON_TYPE_LABELS: Record<1 | 2 | 3, string> = { 1: 'Física', 2: 'Jurídica', 3: 'Poder Judiciário' };

/** dd/MM/yyyy of a real past date → yyyy-MM-dd. */
function pastDateIso(value: string, today = new Date()): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const [, dd, mm, yyyy] = m;
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (date.getUTCDate() !== Number(dd) || date.getUTCMonth() !== Number(mm) - 1) return null;
  if (Number(yyyy) < 1900 || date.getTime() > today.getTime()) return null;
  return `${yyyy}-${mm}-${dd}`;
}

const text = (max: number, required: string, tooLong = required) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const cpfField = z.string({ error: SIGNUP_MSG.cpfInvalid }).refine(isCpf, SIGNUP_MSG.cpfInvalid).transform(digitsOf);

const individual = z.object({
  usu_pessoa_tipo: z.literal(1),
  usu_nome: userNameField,
  usu_login: loginEmailField,
  usu_pessoa_data: z.object({
    cpf: cpfField,
    dataNascimento: z.string({ error: SIGNUP_MSG.birthDateInvalid }).transform((v, ctx) => {
      const iso = pastDateIso(v);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: SIGNUP_MSG.birthDateInvalid });
        return z.NEVER;
      }
      return iso;
    }),
    sexo: optional(z.enum(['M', 'F'], { error: SIGNUP_MSG.sexInvalid })),
    endereco: optionalText(200),
    telefone: optional(phoneField(SIGNUP_MSG.phoneInvalid)),
  }),
});

const company = z.object({
  usu_pessoa_tipo: z.literal(2),
  usu_nome: text(80, SIGNUP_MSG.corporateNameRequired, SIGNUP_MSG.corporateNameTooLong),
  usu_login: loginEmailField,
  usu_pessoa_data: z.object({
    nomeFantasia: optionalText(120),
    cnpj: cnpjField,
    ie: text(30, SIGNUP_MSG.stateRegistrationRequired),
    endereco: text(200, SIGNUP_MSG.addressRequired),
    telefone: phoneField(SIGNUP_MSG.phoneRequired),
    contato: text(80, SIGNUP_MSG.contactRequired),
  }),
});

const judiciary = z.object({
  usu_pessoa_tipo: z.literal(3),
  /** The comarca. */
  usu_nome: text(80, SIGNUP_MSG.comarcaRequired, SIGNUP_MSG.comarcaTooLong),
  usu_login: loginEmailField,
  usu_pessoa_data: z.object({
    vara: text(120, SIGNUP_MSG.varaRequired),
    cnpj: optional(cnpjField),
    endereco: optionalText(200),
    telefone: phoneField(SIGNUP_MSG.phoneRequired),
  }),
});

/** POST /usuarios/registration/{entityUuid}: the sign-up form of one tab. */
export const registrationBody = z.discriminatedUnion('usu_pessoa_tipo', [individual, company, judiciary], {
  error: SIGNUP_MSG.personTypeRequired,
});
export type RegistrationBody = z.input<typeof registrationBody>;

/** PUT /usuarios/confirm-registration/{token}. */
export const confirmRegistrationBody = z
  .object({
    usu_codigo: dbId(),
    usu_nome: userNameField,
    newPassword,
    confirmPassword: z.string({ error: MSG.password.mismatch }),
  })
  .refine((b) => b.confirmPassword === b.newPassword, { message: MSG.password.mismatch, path: ['confirmPassword'] });
export type ConfirmRegistrationBody = z.input<typeof confirmRegistrationBody>;

/** GET /usuarios/confirm-registration/{token}: who the live invitation is for. */
export const inviteLookupSchema = z.object({ usu_codigo: z.number().int(), usu_nome: z.string() });
export type InviteLookup = z.infer<typeof inviteLookupSchema>;
