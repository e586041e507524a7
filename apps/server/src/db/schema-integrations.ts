import type { Generated } from 'kysely';
import type { Timestamp } from './schema-columns.ts';

/* Integrations (migration 0042, docs/integrations.md): API keys, the Idempotency-Key answers, webhooks and their deliveries. */

/** A user's API key: only the SHA-256 of its token is kept (docs/integrations.md). */
export interface ApiChavesTable {
  chv_codigo: Generated<number>;
  cod_usu: number;
  chv_nome: string;
  chv_prefixo: string;
  chv_hash: string;
  chv_criada: Generated<Date>;
  chv_expira: Timestamp | null;
  chv_ultimo_uso: Timestamp | null;
  chv_revogada: Timestamp | null;
}

/** The first answer of a creating POST under (user, Idempotency-Key); idm_status null while it runs. */
export interface IdempotenciaTable {
  cod_usu: number;
  idm_chave: string;
  idm_rota: string;
  idm_hash: string;
  idm_status: number | null;
  idm_corpo: string | null;
  idm_criada: Generated<Date>;
  idm_expira: Timestamp;
}

/** A user's outgoing webhook endpoint (Standard Webhooks). */
export interface WebhooksTable {
  whk_codigo: Generated<number>;
  cod_usu: number;
  whk_url: string;
  whk_eventos: string[];
  whk_segredo: string;
  whk_criado: Generated<Date>;
  whk_ativo: Generated<boolean>;
  whk_falhando_desde: Timestamp | null;
  whk_desativado: Timestamp | null;
}

/** One event for one endpoint: the webhook-id every attempt repeats, and the body. */
export interface WebhookEntregasTable {
  ent_codigo: Generated<string>;
  cod_webhook: number;
  evt_codigo: number;
  ent_msg_id: string;
  ent_tipo: string;
  ent_corpo: string;
  ent_situacao: Generated<'pendente' | 'entregue' | 'falhou'>;
  ent_tentativas: Generated<number>;
  ent_proxima: Timestamp | null;
  ent_criada: Generated<Date>;
}

export interface WebhookTentativasTable {
  ten_codigo: Generated<string>;
  cod_entrega: number;
  ten_data: Timestamp;
  ten_status: number | null;
  ten_erro: string | null;
  ten_duracao_ms: number;
  ten_proxima: Timestamp | null;
}
