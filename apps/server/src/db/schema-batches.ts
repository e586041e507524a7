import type { TransporteCampos } from '@ar/core';
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './schema-columns.ts';

/* Batch files and their lines, the dashboard's counts, bulk proofs, Gerar Remessas' data transports (migrations 0017, 0019-0021; docs/remessas.md, dashboard.md, reports.md). */

/** Batch files and their lines (migration 0020-remessas, docs/remessas.md). */
export interface RemessasTable {
  rem_codigo: Generated<number>;
  cod_usu: number;
  rem_uuid: string;
  rem_nome: string;
  rem_sha256: string;
  rem_arquivo: string | null;
  rem_tamanho: Generated<number>;
  rem_status_processamento: Generated<string>;
  rem_quantidade_registros: Generated<number>;
  rem_cabecalho: Json<string[]> | null;
  rem_enfileiradas: Generated<number>;
  rem_falhas: Generated<number>;
  tipo_falha: string | null;
  motivo_falha: string | null;
  rem_origem: number | null;
  rem_data_criacao: Generated<Date>;
  rem_data_processamento: Generated<Date>;
}

export interface RemessaLinhasTable {
  rem_codigo: number;
  lin_numero: number;
  lin_dados: Json<string[]>;
  /** 'valida' (waiting for its message), 'enviada' (its message made: cod_email) or 'falha'. */
  lin_status: 'valida' | 'enviada' | 'falha';
  tipo_falha: string | null;
  lin_motivo: string | null;
  cod_email: number | null;
}

/**
 * The dashboard's counts per Brasília day, user, channel and tag (0: every message), kept by the
 * database's triggers in the transaction of each change (migration 0017-dashboard-counts; docs/dashboard.md).
 */
export interface DashboardContagemTable {
  cod_usu: number;
  cod_etiqueta: number;
  /** A date column; read it with to_char so no time zone shifts it. */
  dia: ColumnType<string, string, string>;
  canal: 'email' | 'sms' | 'whatsapp' | 'voz' | 'carta';
  enviados: number;
  entregues: number;
  lidos: number;
  recebidos: number;
}

/** Bulk proofs of a period (migration 0019-bulk-proofs; docs/reports.md). */
export interface ComprovantesTable {
  comp_codigo: Generated<number>;
  comp_cod_referencia: Generated<string>;
  cod_usu: number;
  comp_payload: Json<{
    payload: {
      nameProof: string;
      startDate: string;
      finalDate: string;
      filter: { channels: ('email' | 'sms' | 'whatsapp')[]; status: number[] };
    };
  }>;
  comp_status: Generated<'processando' | 'pronto' | 'falha'>;
  comp_formato: 'pdf' | 'zip';
  comp_periodo_inicio: Timestamp;
  comp_periodo_fim: Timestamp;
  comp_ultimo_email: number;
  comp_total: number;
  comp_feitos: Generated<number>;
  comp_cursor: Generated<number>;
  comp_chave: string | null;
  comp_tamanho: ColumnType<string | null, number | null | undefined, number | null>;
  comp_sha256: string | null;
  comp_erro: string | null;
  comp_data_criacao: Generated<Date>;
  comp_data_conclusao: Timestamp | null;
  comp_data_expiracao: Timestamp | null;
  comp_data_remocao: Timestamp | null;
}

/** Data transports of the Gerar Remessas page (migration 0021-transporte-dados; docs/gerar-remessas.md). */
export interface RemessaTransportesTable {
  rem_trans_codigo: Generated<number>;
  cod_usu: number;
  rem_trans_nome: string;
  rem_trans_campos: Json<TransporteCampos>;
  rem_trans_data_criacao: Generated<Date>;
  rem_trans_data_atualizacao: Generated<Date>;
}
