import { MSG } from '../messages.ts';
import { isEmail } from '../validators/email.ts';
import { z } from '../zod.ts';
import { dbId, listQuerySchema, messageResponse, pagedResponse } from './common.ts';
import {
  type AremailAccount,
  aremailAccountsSchema,
  attachmentFlagSchema,
  personTypeSchema,
  planTypeSchema,
  sessionUserSchema,
  type UserLevel,
  userLevelSchema,
  userStatusSchema,
} from './users.ts';

/** Texts of the users screen, My Account and their calls (spec 000 §5, §8). */
export const USERS_MSG = {
  listError: 'Houve um erro ao obter os usuários',
  getError: 'Houve um erro ao obter o usuário',
  saveError: 'Houve um erro ao salvar o usuário',
  updateError: 'Houve um erro ao atualizar o usuário',
  removeError: 'Houve um erro ao remover o usuário',
  checkEmailError: 'Houve um problema ao checar o email do user',
  resendError: 'Houve um erro ao reenviar o convite',
  settingsError: 'Houve um erro ao obter a configuração',
  created: 'Cadastro efetuado com sucesso!',
  updated: 'Usuário atualizado com sucesso!',
  removed: 'Usuário removido com sucesso!',
  inviteResent: 'Convite reenviado com sucesso!',
  settingsSaved: 'Dados atualizados com sucesso!',
  emailExists: 'Este e-mail já existe no sistema',
  tryRecovery: 'Tente recuperar a senha',
  nameRequired: 'Informe o nome.',
  nameTooLong: 'O nome deve ter no máximo 80 caracteres.',
  attachmentRequired: 'Informe se o anexo é obrigatório.',
  levelRequired: 'Informe o tipo de usuário.',
  levelNotAllowed: 'Tipo de usuário não permitido.',
  companyRequired: 'Selecione a empresa.',
  entityRequired: 'Selecione a entidade.',
  entityNotInCompany: 'A entidade não pertence à empresa selecionada.',
  accountEmailInvalid: 'Informe um e-mail válido para a conta AR-Email.',
  accountNameTooLong: 'O nome da conta deve ter no máximo 100 caracteres.',
  tooManyAccounts: 'Informe no máximo 20 contas AR-Email.',
  alreadyConfirmed: 'Este usuário já confirmou o cadastro.',
  cannotRemoveSelf: 'Você não pode remover o seu próprio usuário.',
  cannotBlockSelf: 'Você não pode bloquear o seu próprio usuário.',
  hasRecords: 'Este usuário possui registros vinculados e não pode ser removido. Bloqueie o acesso dele.',
  unconverted: 'Sua conta veio da loja e ainda não tem uma senha definida neste sistema. Defina uma nova senha para continuar.',
} as const;

/** Types a user may give: the levels at or below its own (spec 000 §6). */
export function selectableLevels(actorLevel: UserLevel): UserLevel[] {
  return ([1, 2, 3] as const).filter((l) => l <= actorLevel);
}

// ---- AR-Email sender accounts (spec 001 §2.11) ----

export const MAX_AREMAIL_ACCOUNTS = 20;

/**
 * The list rules: the first account is the main one, an e-mail appears once (the first
 * occurrence wins, case-insensitive), and exactly one account is main — the one marked, or
 * the first when none is (so removing the main one promotes the first remaining).
 */
export function normalizeAccounts(accounts: readonly AremailAccount[]): AremailAccount[] {
  const seen = new Set<string>();
  const unique = accounts.filter((a) => {
    const key = a.email.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const mainAt = Math.max(
    0,
    unique.findIndex((a) => a.main),
  );
  return unique.map((a, i) => ({ name: a.name.trim(), email: a.email.trim(), main: i === mainAt }));
}

export function addAccount(accounts: readonly AremailAccount[], account: { name: string; email: string }): AremailAccount[] {
  return normalizeAccounts([...accounts, { ...account, main: accounts.length === 0 }]);
}

export function removeAccount(accounts: readonly AremailAccount[], email: string): AremailAccount[] {
  return normalizeAccounts(accounts.filter((a) => a.email.toLowerCase() !== email.toLowerCase()));
}

/** The accounts a message may go out from: the user's list, or its login e-mail when it has none. */
export function effectiveAccounts(user: {
  usu_nome: string;
  usu_login: string;
  usu_accounts_aremail: { accounts: AremailAccount[] } | null;
}): AremailAccount[] {
  const list = user.usu_accounts_aremail?.accounts ?? [];
  return list.length ? normalizeAccounts(list) : [{ name: user.usu_nome, email: user.usu_login, main: true }];
}

const aremailAccount = z.object({
  name: z.string().trim().max(100, USERS_MSG.accountNameTooLong).default(''),
  email: z.string({ error: USERS_MSG.accountEmailInvalid }).trim().refine(isEmail, USERS_MSG.accountEmailInvalid),
  main: z.boolean().default(false),
});

/** { accounts: [...] } normalized; an empty list is stored as null (the login e-mail is used). */
export const aremailAccountsField = z
  .object({ accounts: z.array(aremailAccount).max(MAX_AREMAIL_ACCOUNTS, USERS_MSG.tooManyAccounts) })
  .nullable()
  .optional()
  .transform((v) => {
    const accounts = normalizeAccounts(v?.accounts ?? []);
    return accounts.length ? { accounts } : null;
  });

// ---- fields shared by the user modal, My Account and sign-up ----

export const userNameField = z
  .string({ error: USERS_MSG.nameRequired })
  .trim()
  .min(1, USERS_MSG.nameRequired)
  .max(80, USERS_MSG.nameTooLong);

export const loginEmailField = z
  .string({ error: MSG.emailInvalid })
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().min(1, MSG.emailInvalid).max(150, MSG.emailTooLong).refine(isEmail, MSG.emailInvalid));

export const attachmentFlagField = z.enum(['S', 'N'], { error: USERS_MSG.attachmentRequired });

const optionalId = (message: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), dbId(message).optional());

/**
 * Body of POST /usuarios and PUT /usuarios/{id} (the user modal). cod_ger_empresa and
 * cod_ger_entidade are read only from administrators, and only to choose among their own
 * companies; cod_ger_adm is never read. usu_status is read on edit only to block ('B') or
 * unblock a user: 'L' comes only from confirming the invitation.
 */
export const userBody = z.object({
  usu_nome: userNameField,
  usu_login: loginEmailField,
  usu_anexo_obrigatorio: attachmentFlagField,
  usu_nivel: z.coerce
    .number({ error: USERS_MSG.levelRequired })
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: USERS_MSG.levelRequired })),
  usu_accounts_aremail: aremailAccountsField,
  cod_ger_empresa: optionalId(USERS_MSG.companyRequired),
  cod_ger_entidade: optionalId(USERS_MSG.entityRequired),
  usu_status: z.enum(['A', 'L', 'B']).optional(),
  /** Signs in only through the identity provider (docs/access.md); unset on an edit: unchanged. */
  usu_sso_obrigatorio: z.boolean({ error: 'Informe se o acesso é somente por SSO.' }).optional(),
});
export type UserBody = z.input<typeof userBody>;

export const USERS_COLUMNS = ['usu_codigo', 'usu_nome', 'usu_login', 'usu_status', 'usu_data_criacao'] as const;
export const usersListQuery = listQuerySchema({
  columns: USERS_COLUMNS,
  defaultColumn: 'usu_codigo',
  defaultOrder: 'ASC',
  defaultLimit: 10,
});

export const usuCodigoParam = z.object({ usu_codigo: dbId() });

export const checkEmailQuery = z.object({ email: loginEmailField });

/** PUT /usuarios-settings: My Data. */
export const settingsBody = z.object({
  usu_nome: userNameField,
  usu_anexo_obrigatorio: attachmentFlagField,
});
export type SettingsBody = z.input<typeof settingsBody>;

/** A row of GET /usuarios. */
export const userListItemSchema = z.object({
  usu_codigo: z.number().int(),
  usu_nome: z.string(),
  usu_login: z.string(),
  usu_nivel: userLevelSchema,
  usu_status: userStatusSchema,
  usu_data_criacao: z.string(),
  ent_nome_fantasia: z.string().nullable(),
  /** The last sign-in: when, by password or through the identity provider (which one). */
  usu_ultimo_acesso: z.string().nullable(),
  usu_ultimo_acesso_via: z.enum(['senha', 'sso']).nullable(),
  usu_ultimo_acesso_provedor: z.string().nullable(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** The person data of a sign-up (the tab's fields, as stored: text). */
const personDataSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** GET /usuarios/{id}, and the user returned by POST/PUT. */
export const userDetailSchema = userListItemSchema.extend({
  usu_anexo_obrigatorio: attachmentFlagSchema,
  usu_notificacao_status: z.boolean(),
  usu_tipo_plano: planTypeSchema,
  usu_integracao: z.boolean(),
  usu_wooc_id: z.number().int().nullable(),
  usu_pessoa_tipo: personTypeSchema.nullable(),
  usu_pessoa_data: personDataSchema.nullable(),
  usu_accounts_aremail: aremailAccountsSchema,
  aceita_remessa: z.boolean(),
  cod_ger_adm: z.number().int().nullable(),
  cod_ger_empresa: z.number().int().nullable(),
  cod_ger_entidade: z.number().int().nullable(),
  emp_nome_fantasia: z.string().nullable(),
  usu_sso_obrigatorio: z.boolean(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** GET /usuarios-settings. */
export const userSettingsSchema = z.object({
  usu_codigo: z.number().int(),
  usu_nome: z.string(),
  usu_login: z.string(),
  usu_anexo_obrigatorio: attachmentFlagSchema,
  usu_integracao: z.boolean(),
  usu_wooc_id: z.number().int().nullable(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** Responses: the list; a created user; an edited one (null when the edit took it out of the actor's reach). */
export const usersListResponse = pagedResponse('usuarios', userListItemSchema);
export type UsersListResponse = z.infer<typeof usersListResponse>;
export const userCreatedResponse = messageResponse.extend({ usuario: userDetailSchema });
export type UserCreatedResponse = z.infer<typeof userCreatedResponse>;
export const userSavedResponse = messageResponse.extend({ usuario: userDetailSchema.nullable() });
export type UserSavedResponse = z.infer<typeof userSavedResponse>;
/** GET /usuarios/check-email: whether the address is already someone's login. */
export const checkEmailResponse = z.boolean();
/** PUT /usuarios-settings: the message and the refreshed session user. */
export const settingsSavedResponse = messageResponse.extend({ user: sessionUserSchema });
export type SettingsSavedResponse = z.infer<typeof settingsSavedResponse>;
