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

export interface AremailAccount {
  name: string;
  email: string;
  main: boolean;
}

/** The user as the browser sees it (session storage, menus). Never carries a password hash. */
export interface SessionUser {
  usu_codigo: number;
  usu_nome: string;
  usu_login: string;
  usu_nivel: UserLevel;
  usu_status: UserStatus;
  usu_tipo_plano: PlanType;
  usu_anexo_obrigatorio: 'S' | 'N';
  usu_notificacao_status: boolean;
  usu_integracao: boolean;
  usu_wooc_id: number | null;
  usu_data_criacao: string;
  usu_pessoa_tipo: 1 | 2 | 3 | null;
  usu_accounts_aremail: { accounts: AremailAccount[] } | null;
  usu_aceita_ar_voz: boolean;
  usu_aceita_ar_whatsapp: boolean;
  usu_validacao_notificacao: boolean;
  usu_visualizar_geolocalizacao: boolean;
  usu_limite_anexo: number | null;
  set_envia_email_obrigatorio: boolean;
  cod_ger_adm: number | null;
  cod_ger_empresa: number | null;
  cod_ger_entidade: number | null;
  ent_nome_fantasia: string | null;
  aceita_remessa: boolean;
}

export interface LoginResponse {
  token: string;
  user: SessionUser;
  secure: boolean;
}

export function isManager(user: Pick<SessionUser, 'usu_nivel'>): boolean {
  return user.usu_nivel !== 1;
}
