import { type Kysely, sql } from 'kysely';

/**
 * Replies that name no message and match open messages of more than one tenant (docs/unassigned-replies.md):
 * kept apart instead of being filed to a guess.
 *
 * - `respostas_sem_destino`: the reply as the provider gave it (its key makes a redelivery count
 *   once), its text and payload — never shown through the API: it may hold one tenant's data;
 * - `respostas_sem_destino_mensagens`: the open messages it may answer (what each tenant's
 *   administrators see of it: their own messages only);
 * - `respostas_avisos`: the one SMS (or WhatsApp text) per number and ambiguity telling the
 *   recipient to answer through the link; its provider id lets the statuses the provider posts for
 *   it be recognised and skipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE respostas_avisos (
      avi_codigo serial PRIMARY KEY,
      avi_ambiguidade char(64) NOT NULL UNIQUE,
      avi_canal varchar(10) NOT NULL CHECK (avi_canal IN ('sms', 'whatsapp')),
      avi_provedor varchar(20) NOT NULL,
      avi_numero varchar(20) NOT NULL,
      avi_situacao varchar(10) NOT NULL DEFAULT 'pendente' CHECK (avi_situacao IN ('pendente', 'enviado', 'falhou')),
      avi_id_provedor varchar(200),
      avi_erro text,
      avi_criado timestamptz NOT NULL DEFAULT now(),
      avi_enviado timestamptz
    );
    CREATE UNIQUE INDEX respostas_avisos_provedor ON respostas_avisos (avi_provedor, avi_id_provedor) WHERE avi_id_provedor IS NOT NULL;
    CREATE TABLE respostas_sem_destino (
      rsd_codigo serial PRIMARY KEY,
      rsd_canal varchar(10) NOT NULL CHECK (rsd_canal IN ('sms', 'whatsapp')),
      rsd_provedor varchar(20) NOT NULL,
      rsd_chave varchar(300) NOT NULL,
      rsd_numero varchar(20) NOT NULL,
      rsd_tipo varchar(20) NOT NULL CHECK (rsd_tipo IN ('answered', 'acknowledged')),
      rsd_texto text NOT NULL,
      rsd_payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      rsd_referencia varchar(200),
      rsd_ocorrido timestamptz NOT NULL,
      rsd_recebido timestamptz NOT NULL DEFAULT now(),
      cod_aviso integer REFERENCES respostas_avisos(avi_codigo),
      UNIQUE (rsd_provedor, rsd_chave)
    );
    CREATE TABLE respostas_sem_destino_mensagens (
      cod_resposta integer NOT NULL REFERENCES respostas_sem_destino(rsd_codigo) ON DELETE CASCADE,
      cod_email integer NOT NULL REFERENCES emails(ema_uni_codigo) ON DELETE CASCADE,
      PRIMARY KEY (cod_resposta, cod_email)
    );
    CREATE INDEX respostas_sem_destino_mensagens_email ON respostas_sem_destino_mensagens (cod_email);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE respostas_sem_destino_mensagens; DROP TABLE respostas_sem_destino; DROP TABLE respostas_avisos`.execute(db);
}
