import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/*
 * What the public document validator reads (docs/signatures.md): the documents the product recorded
 * by their SHA-256. Public by design: the key is the hash of a file the visitor holds, and the
 * answer names only the kind of document and its protocol.
 */

/** Up to two recorded documents (proofs, reports, bulk files) with this SHA-256: a bulk PDF is logged once per message it holds. */
export function findDocumentsByHash(db: Kysely<DB>, sha256: string) {
  return db.selectFrom('email_documentos').select(['doc_tipo', 'cod_email']).where('doc_sha256', '=', sha256).limit(2).execute();
}

/** The AR-Carta letter whose PDF has this SHA-256. */
export function findLetterByHash(db: Kysely<DB>, sha256: string) {
  return db.selectFrom('cartas').select('cod_email').where('pdf_sha256', '=', sha256).executeTakeFirst();
}
