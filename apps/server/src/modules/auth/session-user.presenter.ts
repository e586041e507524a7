import type { LoginResponse, SessionUser } from '@ar/core';
import type { SessionUserRow } from './auth.queries.ts';

/** The user as the browser keeps it; listed field by field so no hash or secret leaves. */
export function presentSessionUser(u: SessionUserRow): SessionUser {
  return {
    usu_codigo: u.usu_codigo,
    usu_nome: u.usu_nome,
    usu_login: u.usu_login,
    usu_nivel: u.usu_nivel,
    usu_status: u.usu_status,
    usu_tipo_plano: u.usu_tipo_plano,
    usu_anexo_obrigatorio: u.usu_anexo_obrigatorio,
    usu_notificacao_status: u.usu_notificacao_status,
    usu_integracao: u.usu_integracao,
    usu_wooc_id: u.usu_wooc_id,
    usu_data_criacao: new Date(u.usu_data_criacao).toISOString(),
    usu_pessoa_tipo: u.usu_pessoa_tipo,
    usu_accounts_aremail: u.usu_accounts_aremail,
    usu_aceita_ar_voz: u.usu_aceita_ar_voz,
    usu_aceita_ar_whatsapp: u.usu_aceita_ar_whatsapp,
    usu_validacao_notificacao: u.usu_validacao_notificacao,
    usu_visualizar_geolocalizacao: u.usu_visualizar_geolocalizacao,
    usu_limite_anexo: u.usu_limite_anexo,
    set_envia_email_obrigatorio: u.set_envia_email_obrigatorio,
    cod_ger_adm: u.cod_ger_adm,
    cod_ger_empresa: u.cod_ger_empresa,
    cod_ger_entidade: u.cod_ger_entidade,
    ent_nome_fantasia: u.ent_nome_fantasia,
    aceita_remessa: u.aceita_remessa,
  };
}

/** POST /login. */
export function presentLogin(session: { token: string; user: SessionUserRow; secure: boolean }): LoginResponse {
  return { token: session.token, user: presentSessionUser(session.user), secure: session.secure };
}
