import type { Generated } from 'kysely';
import type { Json, Timestamp } from './schema-columns.ts';

/* The tenants and their people (migration 0002-people; docs/people.md): companies, entities, users, sessions and sign-in limits. */

export interface EmpresasTable {
  emp_codigo: Generated<number>;
  emp_nome_fantasia: string;
  emp_razao_social: string | null;
  emp_cnpj: string | null;
  /** The administrator (usu_codigo) whose administration this company belongs to. */
  cod_ger_adm: number | null;
  emp_data_criacao: Generated<Date>;
}

export interface EntidadesTable {
  ent_codigo: Generated<number>;
  ent_uuid: Generated<string>;
  cod_ger_empresa: number;
  ent_razao_social: string | null;
  ent_nome_fantasia: string;
  ent_descricao: string | null;
  ent_cnpj: string | null;
  ent_inscricao_estadual: string | null;
  ent_inscricao_municipal: string | null;
  ent_telefone: string | null;
  ent_telefone2: string | null;
  ent_celular: string | null;
  ent_tipo_plano: Generated<'1' | '2'>;
  ent_from_name_default: string | null;
  ent_from_default: string | null;
  ent_data_criacao: Generated<Date>;
}

export interface UsuariosTable {
  usu_codigo: Generated<number>;
  usu_nome: string;
  usu_login: string;
  usu_senha: string | null;
  usu_nivel: Generated<1 | 2 | 3>;
  usu_status: Generated<'A' | 'L' | 'B'>;
  usu_anexo_obrigatorio: Generated<'S' | 'N'>;
  usu_notificacao_status: Generated<boolean>;
  usu_tipo_plano: Generated<'1' | '2'>;
  usu_integracao: Generated<boolean>;
  /** false forces a password change at the next sign-in (login answers secure: false). */
  usu_secure: Generated<boolean>;
  usu_wooc_id: number | null;
  usu_data_criacao: Generated<Date>;
  usu_pessoa_tipo: 1 | 2 | 3 | null;
  usu_pessoa_data: Json<Record<string, unknown> | null>;
  usu_accounts_aremail: Json<{ accounts: { name: string; email: string; main: boolean }[] } | null>;
  usu_aceita_ar_voz: Generated<boolean>;
  usu_aceita_ar_whatsapp: Generated<boolean>;
  usu_validacao_notificacao: Generated<boolean>;
  usu_visualizar_geolocalizacao: Generated<boolean>;
  usu_limite_anexo: number | null;
  set_envia_email_obrigatorio: Generated<boolean>;
  aceita_remessa: Generated<boolean>;
  cod_ger_adm: number | null;
  cod_ger_empresa: number | null;
  cod_ger_entidade: number | null;
  usu_settings: Json<Record<string, unknown>>;
  /** The user signs in only through the OpenID provider (an administrator's choice). */
  usu_sso_obrigatorio: Generated<boolean>;
  usu_ultimo_acesso: Date | null;
  usu_ultimo_acesso_via: 'senha' | 'sso' | null;
  usu_ultimo_acesso_provedor: string | null;
}

export interface SessoesTable {
  ses_token_hash: string;
  cod_usu: number;
  ses_criado: Generated<Date>;
  ses_expira: Timestamp;
  ses_ip: string | null;
  /** How the session was opened: the password form or the OpenID provider (docs/access.md). */
  ses_via: Generated<'senha' | 'sso'>;
  /** The provider's issuer, for an SSO session. */
  ses_provedor: string | null;
  /** The provider's session id (sid) and subject (sub): what a back-channel logout names. */
  ses_oidc_sid: string | null;
  ses_oidc_sub: string | null;
  /** The ID token, sent back as id_token_hint when the user signs out. */
  ses_id_token: string | null;
}

export interface OidcLogoutJtiTable {
  olj_emissor: string;
  olj_jti: string;
  olj_expira: Timestamp;
}

export interface TokensSenhaTable {
  tok_hash: string;
  cod_usu: number;
  tok_tipo: 'reset' | 'invite';
  tok_criado: Generated<Date>;
  tok_expira: Timestamp;
  tok_usado: Timestamp | null;
}

export interface LimitesTable {
  lim_tipo: string;
  lim_chave: string;
  lim_janela: Date;
  lim_contagem: number;
}
