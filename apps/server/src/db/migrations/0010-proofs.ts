import { type Kysely, sql } from 'kysely';

/**
 * Who generated which document of a message (docs/proofs.md): each sending proof (PUT
 * /emails/sending-proof/{id}) and expert report (GET /emails/report/laudo/{id}), with the user as
 * the session says, the name and e-mail the screen declared, where from, and the SHA-256 of the
 * PDF handed out. Append-only, like the evidence (the trigger function of 0007-evidence).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_documentos (
      doc_codigo serial PRIMARY KEY,
      cod_email integer NOT NULL REFERENCES emails(ema_uni_codigo),
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo),
      doc_tipo varchar(20) NOT NULL CHECK (doc_tipo IN ('comprovante', 'laudo')),
      doc_usuario_nome varchar(200) NOT NULL,
      doc_usuario_login varchar(320) NOT NULL,
      doc_nome_informado varchar(200),
      doc_email_informado varchar(320),
      doc_ip varchar(64),
      doc_user_agent text,
      doc_sha256 char(64) NOT NULL,
      doc_data timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX email_documentos_email ON email_documentos (cod_email, doc_codigo);
    CREATE TRIGGER email_documentos_somente_inclusao BEFORE UPDATE OR DELETE ON email_documentos
      FOR EACH ROW EXECUTE FUNCTION evidencia_somente_inclusao();
  `.execute(db);
}
