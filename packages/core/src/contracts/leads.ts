import { isEmail } from '../validators/email.ts';
import { z } from '../zod.ts';
import { listQuerySchema, messageResponse, pagedResponse } from './common.ts';
import { UFS } from './ufs.ts';

export const LEAD_MSG = {
  listError: 'Houve um erro ao obter os leads',
  getError: 'Houve um erro ao obter o lead',
  saveError: 'Houve um erro ao salvar o contato',
  updateError: 'Houve um erro ao atualizar o contato',
  removeError: 'Houve um erro ao remover o lead',
  created: 'Cadastro efetuado com sucesso!',
  updated: 'Cadastro atualizado com sucesso!',
  removed: 'Lead removido com sucesso!',
  imported: 'Destinatário(s) cadastrado(s) com Sucesso!',
  importError: 'Houve um erro ao importar o(s) destinatário(s)',
  importSaveError: 'Houve um erro ao cadastrar o(s) destinatário(s)',
  fileInvalid: 'Arquivo inválido / Erro no formato do arquivo',
  headerInvalid: 'O arquivo de importação não está conforme o esperado.',
  columnsMismatch: 'Houve um erro na importação, arquivo em branco ou faltando colunas',
  noValidRow: 'Não foi encontrado nenhum registro válido!',
  variableEmpty: 'Variável não pode ser vazia',
  variableExists: 'Variável já cadastrada',
  nameRequired: 'Informe o nome.',
  nameTooLong: 'O nome deve ter no máximo 80 caracteres.',
  emailRequired: 'Informe o e-mail.',
  emailInvalid: 'Informe um e-mail válido.',
  emailTooLong: 'O e-mail deve ter no máximo 80 caracteres.',
  cpf: 'O CPF deve ter 11 dígitos.',
  telefone: 'O telefone deve ter de 8 a 12 dígitos.',
  celular: 'O celular deve ter 11 dígitos.',
  cep: 'O CEP deve ter 8 dígitos.',
  cnpj: 'O CNPJ deve ter 14 dígitos.',
  nascimento: 'Data de nascimento inválida (dd/mm/aaaa).',
  estado: 'Estado inválido.',
  estadoCivil: 'Estado civil inválido.',
  sexo: 'Sexo inválido.',
  tooLong: (label: string, max: number) => `${label} deve ter no máximo ${max} caracteres.`,
  importTooMany: 'A importação aceita no máximo 10.000 destinatários por vez.',
} as const;

/** The 27 Brazilian state codes (ufs.ts: the letter's address takes them without the registry's schemas). */
export { UFS };
export const ESTADOS_CIVIS = ['Casado(a)', 'Solteiro(a)', 'Divorciado(a)', 'Viúvo(a)'] as const;
export const SEXOS = ['Masculino', 'Feminino', 'Outros'] as const;

/** One custom variable as the user defines it (settings customField.data). */
export const customFieldDef = z.object({
  id: z.string().max(80),
  description: z.string().max(80),
  value: z.string().max(90),
});
export type CustomFieldDef = z.infer<typeof customFieldDef>;

/** A recipient's value for one custom variable (lea_custom_field.data). */
export const leadCustomValue = z.object({
  id: z.string().max(80),
  value: z.string().max(500),
  description: z.string().max(80),
  href: z.string().max(90),
});
export type LeadCustomValue = z.infer<typeof leadCustomValue>;

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const text = (label: string, max: number) =>
  z.preprocess(emptyToNull, z.string().trim().max(max, LEAD_MSG.tooLong(label, max)).nullable().optional()).transform((v) => v ?? null);
const digits = (test: (n: number) => boolean, message: string) =>
  z.preprocess(emptyToNull, z.string().nullable().optional()).transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    const d = v.replace(/\D/g, '');
    if (!test(d.length)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return d;
  });
const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(emptyToNull, z.enum(values, { error: message }).nullable().optional()).transform((v) => v ?? null);

/** dd/MM/yyyy or yyyy-MM-dd → yyyy-MM-dd, only real dates. */
export function parseBirthDate(value: string): string | null {
  const v = value.trim();
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return null;
  const [y, mo, d] = v.includes('/') ? [m[3], m[2], m[1]] : [m[1], m[2], m[3]];
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  const ok = date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(mo) - 1 && date.getUTCDate() === Number(d);
  return ok && Number(y) >= 1900 ? `${y}-${mo}-${d}` : null;
}

/** yyyy-MM-dd → dd/MM/yyyy (how the screens show it). */
export const formatBirthDate = (iso: string | null | undefined) => (iso ? iso.split('-').reverse().join('/') : '');

/** The recipient of spec 001 §3 with the limits of §5. Optional fields: empty means absent. */
export const leadBody = z.object({
  lea_nome: z.string({ error: LEAD_MSG.nameRequired }).trim().min(1, LEAD_MSG.nameRequired).max(80, LEAD_MSG.nameTooLong),
  lea_email: z
    .string({ error: LEAD_MSG.emailRequired })
    .trim()
    .min(1, LEAD_MSG.emailRequired)
    .max(80, LEAD_MSG.emailTooLong)
    .refine(isEmail, LEAD_MSG.emailInvalid),
  lea_sobrenome: text('O sobrenome', 80),
  lea_cpf: digits((n) => n === 11, LEAD_MSG.cpf),
  lea_telefone: digits((n) => n > 7 && n <= 12, LEAD_MSG.telefone),
  lea_celular: digits((n) => n === 11, LEAD_MSG.celular),
  lea_endereco: text('O endereço', 200),
  lea_cidade: text('A cidade', 80),
  lea_estado: oneOf(UFS, LEAD_MSG.estado),
  lea_cep: digits((n) => n === 8, LEAD_MSG.cep),
  lea_nascimento: z.preprocess(emptyToNull, z.string().nullable().optional()).transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    const iso = parseBirthDate(v);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: LEAD_MSG.nascimento });
      return z.NEVER;
    }
    return iso;
  }),
  lea_profissao: text('A profissão', 80),
  lea_estado_civil: oneOf(ESTADOS_CIVIS, LEAD_MSG.estadoCivil),
  lea_cnpj: digits((n) => n === 14, LEAD_MSG.cnpj),
  lea_fantasia: text('O nome fantasia', 80),
  lea_razao_social: text('A razão social', 80),
  lea_inscricao_estadual: text('A inscrição estadual', 80),
  lea_sexo: oneOf(SEXOS, LEAD_MSG.sexo),
  lea_custom_field: z
    .object({ data: z.array(leadCustomValue).max(100) })
    .nullable()
    .optional()
    .transform((v) => ({ data: (v?.data ?? []).filter((e) => e.value.trim() !== '') })),
});
export type LeadBody = z.input<typeof leadBody>;
export type LeadValues = z.output<typeof leadBody>;

export const leadImportBody = z
  .array(leadBody, { error: LEAD_MSG.noValidRow })
  .min(1, LEAD_MSG.noValidRow)
  .max(10000, LEAD_MSG.importTooMany);

export const LEAD_COLUMNS = ['lea_codigo', 'lea_nome', 'lea_email'] as const;
export const leadListQuery = listQuerySchema({
  columns: LEAD_COLUMNS,
  defaultColumn: 'lea_codigo',
  defaultOrder: 'DESC',
  defaultLimit: 10,
});

export const customFieldsBody = z.object({
  customField: z.object({ data: z.array(customFieldDef).max(100, 'No máximo 100 variáveis customizadas.') }),
});
export type CustomFieldsBody = z.infer<typeof customFieldsBody>;

/**
 * A recipient as the API answers it: what leadBody stored (digits only, the birth date as
 * yyyy-mm-dd, the closed lists as their values) and its id.
 */
export const leadSchema = z.object({
  lea_codigo: z.number().int(),
  lea_nome: z.string(),
  lea_email: z.string(),
  lea_sobrenome: z.string().nullable(),
  lea_cpf: z.string().nullable(),
  lea_telefone: z.string().nullable(),
  lea_celular: z.string().nullable(),
  lea_endereco: z.string().nullable(),
  lea_cidade: z.string().nullable(),
  lea_estado: z.enum(UFS).nullable(),
  lea_cep: z.string().nullable(),
  lea_nascimento: z.string().nullable(),
  lea_profissao: z.string().nullable(),
  lea_estado_civil: z.enum(ESTADOS_CIVIS).nullable(),
  lea_cnpj: z.string().nullable(),
  lea_fantasia: z.string().nullable(),
  lea_razao_social: z.string().nullable(),
  lea_inscricao_estadual: z.string().nullable(),
  lea_sexo: z.enum(SEXOS).nullable(),
  lea_custom_field: z.object({ data: z.array(leadCustomValue) }),
});
export type Lead = z.infer<typeof leadSchema>;

/** Responses: the list, a saved recipient, an import, the custom variables. */
export const leadListResponse = pagedResponse('leads', leadSchema);
export type LeadListResponse = z.infer<typeof leadListResponse>;
export const leadSavedResponse = messageResponse.extend({ lead: leadSchema });
export type LeadSavedResponse = z.infer<typeof leadSavedResponse>;
export const leadImportResponse = messageResponse.extend({ count: z.number().int() });
export type LeadImportResponse = z.infer<typeof leadImportResponse>;
export const customFieldsResponse = z.object({ customField: z.object({ data: z.array(customFieldDef) }) });
export type CustomFieldsResponse = z.infer<typeof customFieldsResponse>;
