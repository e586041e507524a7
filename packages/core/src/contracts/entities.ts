import { isCnpj, normalizeCnpj } from '../validators/cnpj.ts';
import { digitsOf } from '../validators/cpf.ts';
import { z } from '../zod.ts';
import { dbId, listQuerySchema, messageResponse, pagedResponse } from './common.ts';
import { type PlanType, planTypeSchema } from './users.ts';

/** Texts of the entity screen and the company/entity calls (spec 000 §5, §8). */
export const ENTITY_MSG = {
  listError: 'Houve um erro ao obter as entidades',
  companiesError: 'Houve um erro ao obter as empresas',
  saveError: 'Houve um erro ao salvar a entidade',
  created: 'Entidade cadastrada com sucesso!',
  updated: 'Entidade atualizada com sucesso!',
  linkCopied: 'Link de cadastro copiado!',
  nameRequired: 'Informe o nome fantasia.',
  nameTooLong: 'O nome fantasia deve ter no máximo 120 caracteres.',
  corporateNameTooLong: 'A razão social deve ter no máximo 160 caracteres.',
  descriptionTooLong: 'A descrição deve ter no máximo 500 caracteres.',
  cnpjInvalid: 'CNPJ inválido.',
  registrationTooLong: 'A inscrição deve ter no máximo 30 caracteres.',
  phoneInvalid: 'Telefone inválido.',
  planRequired: 'Selecione o tipo de plano.',
  companyRequired: 'Selecione a empresa.',
} as const;

export const PLAN_TYPE_OPTIONS: { value: PlanType; label: string }[] = [
  { value: '1', label: 'Pré-pago' },
  { value: '2', label: 'Pós-pago' },
];

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number, message: string) =>
  z.preprocess(emptyToNull, z.string().trim().max(max, message).nullable().optional()).transform((v) => v ?? null);

/** A Brazilian phone with area code: 10 or 11 digits, stored as digits. */
export const phoneField = (message: string) =>
  z
    .string({ error: message })
    .transform(digitsOf)
    .refine((d) => d.length === 10 || d.length === 11, message);

const optionalPhone = z.preprocess(emptyToNull, phoneField(ENTITY_MSG.phoneInvalid).nullable().optional()).transform((v) => v ?? null);

/** A CNPJ (numeric or alphanumeric), stored normalized: 14 characters, no mask. */
export const cnpjField = z.string({ error: ENTITY_MSG.cnpjInvalid }).refine(isCnpj, ENTITY_MSG.cnpjInvalid).transform(normalizeCnpj);

/**
 * Body of POST and PUT /entidade (PUT names the entity by ent_codigo). cod_ger_empresa is read
 * only from administrators, among their own companies.
 */
export const entityBody = z.object({
  ent_codigo: dbId().optional(),
  ent_nome_fantasia: z.string({ error: ENTITY_MSG.nameRequired }).trim().min(1, ENTITY_MSG.nameRequired).max(120, ENTITY_MSG.nameTooLong),
  ent_razao_social: optionalText(160, ENTITY_MSG.corporateNameTooLong),
  ent_descricao: optionalText(500, ENTITY_MSG.descriptionTooLong),
  ent_cnpj: z.preprocess(emptyToNull, cnpjField.nullable().optional()).transform((v) => v ?? null),
  ent_inscricao_estadual: optionalText(30, ENTITY_MSG.registrationTooLong),
  ent_inscricao_municipal: optionalText(30, ENTITY_MSG.registrationTooLong),
  ent_telefone: optionalPhone,
  ent_telefone2: optionalPhone,
  ent_celular: optionalPhone,
  cod_ger_empresa: z.preprocess((v) => (v === '' || v === null ? undefined : v), dbId(ENTITY_MSG.companyRequired).optional()),
  plano: z.object({ pla_tipo_plano: z.enum(['1', '2'], { error: ENTITY_MSG.planRequired }) }, { error: ENTITY_MSG.planRequired }),
});
export type EntityBody = z.input<typeof entityBody>;

export const ENTITY_COLUMNS = ['ent_codigo', 'ent_nome_fantasia', 'ent_descricao', 'ent_cnpj'] as const;
export const entitiesListQuery = listQuerySchema({
  columns: ENTITY_COLUMNS,
  defaultColumn: 'ent_codigo',
  defaultOrder: 'ASC',
  defaultLimit: 25,
});

export const entityUuidParam = z.object({ uuid: z.uuid() });

/** A row of GET /entidades-tables (spec 000 §3 Entity). */
export const entityRowSchema = z.object({
  ent_codigo: z.number().int(),
  ent_uuid: z.string(),
  ent_razao_social: z.string().nullable(),
  ent_nome_fantasia: z.string(),
  ent_descricao: z.string().nullable(),
  ent_cnpj: z.string().nullable(),
  ent_inscricao_estadual: z.string().nullable(),
  ent_inscricao_municipal: z.string().nullable(),
  ent_telefone: z.string().nullable(),
  ent_telefone2: z.string().nullable(),
  ent_celular: z.string().nullable(),
  cod_ger_empresa: z.number().int(),
  emp_nome_fantasia: z.string(),
  ent_tipo_plano: planTypeSchema,
  plano: z.object({ pla_tipo_plano: planTypeSchema }),
  ent_from_name_default: z.string().nullable(),
  ent_from_default: z.string().nullable(),
});
export type EntityRow = z.infer<typeof entityRowSchema>;

/** GET /entidades/{uuid}: what the public sign-up page may know of the entity. */
export const entityInviteSchema = z.object({ ent_uuid: z.string(), ent_nome_fantasia: z.string() });
export type EntityInvite = z.infer<typeof entityInviteSchema>;

export const companyOptionSchema = z.object({ emp_codigo: z.number().int(), emp_nome_fantasia: z.string() });
export type CompanyOption = z.infer<typeof companyOptionSchema>;

export const entityOptionSchema = z.object({
  ent_codigo: z.number().int(),
  ent_nome_fantasia: z.string(),
  ent_tipo_plano: planTypeSchema,
});
export type EntityOption = z.infer<typeof entityOptionSchema>;

/** Responses: the table, a saved entity, the companies in reach and the entities of one of them. */
export const entitiesListResponse = pagedResponse('entidades', entityRowSchema);
export type EntitiesListResponse = z.infer<typeof entitiesListResponse>;
export const entitySavedResponse = messageResponse.extend({ entidade: entityRowSchema });
export type EntitySavedResponse = z.infer<typeof entitySavedResponse>;
export const companiesResponse = z.object({ empresas: z.array(companyOptionSchema) });
export type CompaniesResponse = z.infer<typeof companiesResponse>;
export const companyEntitiesResponse = z.object({ entidades: z.array(entityOptionSchema) });
export type CompanyEntitiesResponse = z.infer<typeof companyEntitiesResponse>;

/** The path of an entity's sign-up link. */
export const signUpPath = (entUuid: string) => `/sign-up/${entUuid}`;
