import { z } from '../zod.ts';

/** Levels of spec 000 §6. */
export const USER_LEVELS = { USUARIO: 1, GERENTE: 2, ADMINISTRADOR: 3 } as const;
export type UserLevel = 1 | 2 | 3;
export const USER_LEVEL_LABELS: Record<UserLevel, string> = { 1: 'Usuário', 2: 'Gerente', 3: 'Administrador' };

/** usu_status: A awaiting acceptance, L released, B blocked. */
export type UserStatus = 'A' | 'L' | 'B';
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  A: 'Aguardando aceite',
  L: 'Liberado',
  B: 'Bloqueado',
};
export function userStatusLabel(status: string | null | undefined): string {
  return status && status in USER_STATUS_LABELS ? USER_STATUS_LABELS[status as UserStatus] : 'Não informado';
}

/** usu_tipo_plano / pla_tipo_plano: '1' prepaid, '2' postpaid. */
export type PlanType = '1' | '2';
export const PLAN_TITLES: Record<PlanType, string> = { '1': 'Pré pago', '2': 'Pós Pago' };

export const userLevelSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export const userStatusSchema = z.enum(['A', 'L', 'B']);
export const planTypeSchema = z.enum(['1', '2']);
export const attachmentFlagSchema = z.enum(['S', 'N']);
export const personTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const aremailAccountSchema = z.object({ name: z.string(), email: z.string(), main: z.boolean() });
export type AremailAccount = z.infer<typeof aremailAccountSchema>;
/** usu_accounts_aremail as stored: { accounts } or null (the login e-mail is used). */
export const aremailAccountsSchema = z.object({ accounts: z.array(aremailAccountSchema) }).nullable();

/** The user as the browser sees it (session storage, menus). Never carries a password hash. */
export const sessionUserSchema = z.object({
  usu_codigo: z.number().int(),
  usu_nome: z.string(),
  usu_login: z.string(),
  usu_nivel: userLevelSchema,
  usu_status: userStatusSchema,
  usu_tipo_plano: planTypeSchema,
  usu_anexo_obrigatorio: attachmentFlagSchema,
  usu_notificacao_status: z.boolean(),
  usu_integracao: z.boolean(),
  usu_wooc_id: z.number().int().nullable(),
  usu_data_criacao: z.string(),
  usu_pessoa_tipo: personTypeSchema.nullable(),
  usu_accounts_aremail: aremailAccountsSchema,
  usu_aceita_ar_voz: z.boolean(),
  usu_aceita_ar_whatsapp: z.boolean(),
  usu_validacao_notificacao: z.boolean(),
  usu_visualizar_geolocalizacao: z.boolean(),
  usu_limite_anexo: z.number().int().nullable(),
  set_envia_email_obrigatorio: z.boolean(),
  cod_ger_adm: z.number().int().nullable(),
  cod_ger_empresa: z.number().int().nullable(),
  cod_ger_entidade: z.number().int().nullable(),
  ent_nome_fantasia: z.string().nullable(),
  aceita_remessa: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export function isManager(user: Pick<SessionUser, 'usu_nivel'>): boolean {
  return user.usu_nivel !== 1;
}
