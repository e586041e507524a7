import type { InviteLookup, UserDetail, UserListItem, UserSettings } from '@ar/core';
import type { SettingsRecord, UserRecord } from './users.queries.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

type ListRow = Omit<UserListItem, 'usu_data_criacao' | 'usu_ultimo_acesso'> & { usu_data_criacao: Date; usu_ultimo_acesso: Date | null };

export function presentUserListItem(u: ListRow): UserListItem {
  return {
    usu_codigo: u.usu_codigo,
    usu_nome: u.usu_nome,
    usu_login: u.usu_login,
    usu_nivel: u.usu_nivel,
    usu_status: u.usu_status,
    usu_data_criacao: iso(u.usu_data_criacao),
    ent_nome_fantasia: u.ent_nome_fantasia,
    usu_ultimo_acesso: u.usu_ultimo_acesso ? iso(u.usu_ultimo_acesso) : null,
    usu_ultimo_acesso_via: u.usu_ultimo_acesso_via,
    usu_ultimo_acesso_provedor: u.usu_ultimo_acesso_provedor,
  };
}

/** A user as the modal edits it; field by field, so no password hash leaves. */
export function presentUser(u: UserRecord): UserDetail {
  return {
    ...presentUserListItem(u),
    usu_anexo_obrigatorio: u.usu_anexo_obrigatorio,
    usu_notificacao_status: u.usu_notificacao_status,
    usu_tipo_plano: u.usu_tipo_plano,
    usu_integracao: u.usu_integracao,
    usu_wooc_id: u.usu_wooc_id,
    usu_pessoa_tipo: u.usu_pessoa_tipo,
    // Stored from the sign-up contract (registrationBody): the tab's text fields.
    usu_pessoa_data: u.usu_pessoa_data as UserDetail['usu_pessoa_data'],
    usu_accounts_aremail: u.usu_accounts_aremail,
    aceita_remessa: u.aceita_remessa,
    cod_ger_adm: u.cod_ger_adm,
    cod_ger_empresa: u.cod_ger_empresa,
    cod_ger_entidade: u.cod_ger_entidade,
    emp_nome_fantasia: u.emp_nome_fantasia,
    usu_sso_obrigatorio: u.usu_sso_obrigatorio,
  };
}

/** GET /usuarios-settings: My Data. */
export function presentSettings(s: SettingsRecord): UserSettings {
  return {
    usu_codigo: s.usu_codigo,
    usu_nome: s.usu_nome,
    usu_login: s.usu_login,
    usu_anexo_obrigatorio: s.usu_anexo_obrigatorio,
    usu_integracao: s.usu_integracao,
    usu_wooc_id: s.usu_wooc_id,
  };
}

/** GET /usuarios/confirm-registration/{token}: who the invitation is for, nothing more. */
export const presentInvite = (u: { usu_codigo: number; usu_nome: string }): InviteLookup => ({
  usu_codigo: u.usu_codigo,
  usu_nome: u.usu_nome,
});
