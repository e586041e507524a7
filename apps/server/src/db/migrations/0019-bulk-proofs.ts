import { type Kysely, sql } from 'kysely';

/**
 * Bulk proofs (spec 002 §2 "Proofs screen", §3 Proof; docs/reports.md): one row per proof a user
 * asked for a period and a filter. The spec's fields (comp_codigo, comp_cod_referencia,
 * comp_payload.payload, comp_data_criacao, comp_data_expiracao, null while in processing) and what
 * the worker needs to do it once and resume it: the set of messages is fixed when it is asked
 * (comp_ultimo_email: the highest message code then), the progress (comp_feitos of comp_total,
 * comp_cursor the last message done), the file (storage key, format, size, SHA-256) and its
 * removal when it expires. The row's badge is the stored notification of the proof
 * (notificacoes, 'comprovante-pronto' with the proof's reference), raised when the file is ready.
 *
 * The single proofs a bulk proof contains are logged in email_documentos like the ones handed out
 * one by one, with the bulk proof they went into (cod_comprovante) and the type 'comprovante-lote'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE comprovantes (
      comp_codigo serial PRIMARY KEY,
      comp_cod_referencia uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo),
      comp_payload jsonb NOT NULL,
      comp_status varchar(12) NOT NULL DEFAULT 'processando' CHECK (comp_status IN ('processando', 'pronto', 'falha')),
      comp_formato varchar(3) NOT NULL CHECK (comp_formato IN ('pdf', 'zip')),
      comp_periodo_inicio timestamptz NOT NULL,
      comp_periodo_fim timestamptz NOT NULL,
      comp_ultimo_email integer NOT NULL,
      comp_total integer NOT NULL CHECK (comp_total >= 0),
      comp_feitos integer NOT NULL DEFAULT 0,
      comp_cursor integer NOT NULL DEFAULT 0,
      comp_chave varchar(300),
      comp_tamanho bigint,
      comp_sha256 char(64),
      comp_erro text,
      comp_data_criacao timestamptz NOT NULL DEFAULT now(),
      comp_data_conclusao timestamptz,
      comp_data_expiracao timestamptz,
      comp_data_remocao timestamptz
    );
    CREATE INDEX comprovantes_usuario ON comprovantes (cod_usu, comp_codigo DESC);
    CREATE INDEX comprovantes_expiracao ON comprovantes (comp_data_expiracao) WHERE comp_data_remocao IS NULL AND comp_chave IS NOT NULL;

    ALTER TABLE email_documentos ADD COLUMN cod_comprovante integer REFERENCES comprovantes(comp_codigo);
    ALTER TABLE email_documentos DROP CONSTRAINT email_documentos_doc_tipo_check;
    ALTER TABLE email_documentos ADD CONSTRAINT email_documentos_doc_tipo_check CHECK (doc_tipo IN ('comprovante', 'laudo', 'comprovante-lote'));
  `.execute(db);
}
