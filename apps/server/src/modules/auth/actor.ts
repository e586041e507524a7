import type { UserLevel } from '@ar/core';

/** The signed-in user as every service sees it: who acts, and inside which tenant. */
export interface Actor {
  usu_codigo: number;
  usu_nivel: UserLevel;
  usu_login: string;
  usu_nome: string;
  cod_ger_adm: number | null;
  cod_ger_empresa: number | null;
  cod_ger_entidade: number | null;
  usu_tipo_plano: '1' | '2';
  /** false while the user must set a new password (a temporary one): the session reaches only the password change and session calls. */
  usu_secure: boolean;
  tokenHash: string;
}
