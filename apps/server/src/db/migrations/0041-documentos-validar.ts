import { type Kysely, sql } from 'kysely';

/**
 * The public document validator (POST /v2/documentos/validar, docs/signatures.md) finds an issued
 * PDF by the SHA-256 of the file: the proofs and reports logged in `email_documentos`, the letters in
 * `cartas`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX email_documentos_sha256 ON email_documentos (doc_sha256)`.execute(db);
  await sql`CREATE INDEX cartas_pdf_sha256 ON cartas (pdf_sha256)`.execute(db);
}
