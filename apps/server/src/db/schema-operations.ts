import type { ColumnType, Generated } from 'kysely';

/* What runs the installation: the captured outbox (docs/operations.md), the backups' and the evidence audit's runs (migration 0044, docs/backups.md). */

export interface CaixaSaidaTable {
  cai_codigo: Generated<number>;
  cai_message_id: string;
  cai_from: string;
  cai_to: string;
  cai_subject: string;
  cai_html: string | null;
  cai_text: string | null;
  cai_raw: string;
  cai_data: Generated<Date>;
  /** The user the mail was sent for (migration 0039): who sees it in the local mailbox. */
  cai_cod_usu: number | null;
}

/** Scheduled backups' runs (migration 0044, docs/backups.md). */
export interface BackupsTable {
  bkp_codigo: Generated<number>;
  bkp_inicio: Date;
  bkp_fim: Generated<Date>;
  bkp_sucesso: boolean;
  bkp_arquivo: string | null;
  bkp_tamanho: number | null;
  bkp_erro: string | null;
}

/** The evidence audit's runs (migration 0044): counts, breaks (the first 100 kept) or the error that stopped it. */
export interface AuditoriasEvidenciaTable {
  aud_codigo: Generated<number>;
  aud_inicio: Date;
  aud_fim: Generated<Date>;
  aud_mensagens: Generated<number>;
  aud_eventos: Generated<number>;
  aud_carimbos: Generated<number>;
  aud_arquivos: Generated<number>;
  aud_quebras: Generated<number>;
  aud_detalhes: ColumnType<unknown[], string | undefined, string>;
  aud_erro: string | null;
}
