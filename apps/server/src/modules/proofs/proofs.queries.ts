import type { Insertable, Kysely } from 'kysely';
import type { DB, EmailDocumentosTable } from '../../db/schema.ts';
import type { EventWithStamp } from '../emails/events.ts';
import { messagesWithSender } from '../evidence/evidence.queries.ts';

/** The user's own message, with the sending account and its entity (null: not the user's, or absent). */
export function findOwnMessageForProof(db: Kysely<DB>, usu: number, id: number) {
  return messagesWithSender(db)
    .select([
      'm.ema_uni_codigo',
      'm.ema_uni_id',
      'm.ema_uni_name_from',
      'm.ema_uni_from',
      'm.ema_uni_name_to',
      'm.ema_uni_to',
      'm.ema_uni_subject',
      'm.ema_uni_identificacao',
      'm.ema_uni_oficio',
      'm.ema_uni_data_criacao',
      'm.ema_uni_attachments',
      'm.ema_uni_content_sha256',
      'm.ema_uni_hash',
      'm.ema_status_email',
      'u.usu_nome',
      'u.usu_login',
      'ent.ent_nome_fantasia',
    ])
    .where('m.cod_usu', '=', usu)
    .where('m.ema_uni_codigo', '=', id)
    .executeTakeFirst();
}

export type ProofMessage = NonNullable<Awaited<ReturnType<typeof findOwnMessageForProof>>>;

export type ProofEvent = EventWithStamp;

export async function insertDocumentLog(db: Kysely<DB>, row: Insertable<EmailDocumentosTable>): Promise<void> {
  await db.insertInto('email_documentos').values(row).execute();
}
