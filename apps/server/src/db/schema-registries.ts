import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './schema-columns.ts';

/* Notifications, plans and the credit ledger, and the user's registries (migrations 0003, 0004, 0018; docs/registries.md, plans.md, realtime.md). */

/** A user's stored notifications (migration 0018-notifications; docs/realtime.md). */
export interface NotificacoesTable {
  not_codigo: Generated<number>;
  cod_usu: number;
  /** 1 proofs (comprovante), 2 e-mail, 3 SMS, 4 WhatsApp (@ar/core NOTIFICATION_SECTORS). */
  not_setor: 1 | 2 | 3 | 4;
  not_tipo: string;
  not_referencia: string | null;
  not_texto: string;
  not_data: Generated<Date>;
  /** When the user cleared it; null while unread. */
  not_lida_em: Date | null;
}

/** Plans and the credit ledger (migration 0004-plans; see docs/plans.md). */
export interface PlanosTable {
  pla_codigo: Generated<number>;
  pla_tipo_plano: '1' | '2';
  pla_nivel: 1 | 2;
  pla_codigo_usu_ent: number;
  pla_total_credito: Generated<number>;
  pla_ativo: Generated<0 | 1>;
  pla_dia_referencia: Generated<number>;
  pla_data_criacao: Generated<Date>;
}

export interface LogCreditosTable {
  log_codigo: Generated<number>;
  log_pedido_id: number;
  log_creditos: Json<Record<string, unknown>>;
  log_status: string;
  log_quantidade: Generated<number>;
  cod_usu: number | null;
  cod_plano: number | null;
  log_creditado_em: Timestamp | null;
  log_data: Generated<Date>;
  log_atualizado: Generated<Date>;
}

export interface PlanoMovimentosTable {
  mov_codigo: Generated<number>;
  cod_plano: number;
  mov_tipo: 'compra' | 'ajuste' | 'debito' | 'estorno';
  mov_creditos: number;
  mov_saldo_apos: number;
  cod_usu_autor: number | null;
  mov_motivo: string;
  mov_referencia: string | null;
  cod_log: number | null;
  mov_data: Generated<Date>;
}

/** Registries (migration 0003-registries; see docs/registries.md). Each row belongs to one user. */
export interface EtiquetasTable {
  eti_codigo: Generated<number>;
  cod_usu: number;
  eti_nome: string;
  eti_cor: string;
  eti_data_criacao: Generated<Date>;
}

export interface LeadsTable {
  lea_codigo: Generated<number>;
  cod_usu: number;
  lea_nome: string;
  lea_email: string;
  lea_sobrenome: string | null;
  lea_cpf: string | null;
  lea_telefone: string | null;
  lea_celular: string | null;
  lea_endereco: string | null;
  lea_cidade: string | null;
  lea_estado: string | null;
  lea_cep: string | null;
  /** A date column; read it with to_char (see leads.queries.ts) so no time zone shifts it. */
  lea_nascimento: ColumnType<string | null, string | null, string | null>;
  lea_profissao: string | null;
  lea_estado_civil: string | null;
  lea_cnpj: string | null;
  lea_fantasia: string | null;
  lea_razao_social: string | null;
  lea_inscricao_estadual: string | null;
  lea_sexo: string | null;
  lea_custom_field: Json<{ data: { id: string; value: string; description: string; href: string }[] }>;
  lea_data_criacao: Generated<Date>;
}

export interface ModelosTable {
  mod_codigo: Generated<number>;
  cod_usu: number;
  mod_name: string;
  mod_subject: string;
  mod_content: Generated<string>;
  mod_enable: Generated<boolean>;
  mod_data_criacao: Generated<Date>;
}

export interface WhitelistTable {
  whi_codigo: Generated<number>;
  cod_usu: number;
  whi_email: string;
  whi_data_criacao: Generated<Date>;
}

export interface RemetentesTable {
  sen_codigo: Generated<number>;
  cod_usu_usuario: number;
  sen_nome: string;
  sen_data_criacao: Generated<Date>;
}
