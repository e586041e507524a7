import type { Insertable, Kysely } from 'kysely';
import type { DB, EmailDocumentosTable } from '../../db/schema.ts';
import type { EventWithStamp } from '../emails/events.queries.ts';
import { messagesWithSender } from '../evidence/evidence.queries.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

/** The user's own message, with the sending account and its entity (null: not the user's, or absent). */
export function findOwnMessageForProof(db: Kysely<DB>, scope: TenantScope, id: number) {
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
      'm.ema_uni_sms',
      'm.ema_uni_whatsapp',
      'm.ema_uni_voz',
      'm.ema_uni_carta',
      'm.ema_status_sms',
      'm.ema_status_whatsapp',
      'm.ema_status_voz',
      'm.ema_status_carta',
      'u.usu_nome',
      'u.usu_login',
      'ent.ent_nome_fantasia',
    ])
    .where(scope.own('m'))
    .where('m.ema_uni_codigo', '=', id)
    .executeTakeFirst();
}

export type ProofMessage = NonNullable<Awaited<ReturnType<typeof findOwnMessageForProof>>>;

export type ProofEvent = EventWithStamp;

/** What the log of a document keeps besides its message and user. */
export type DocumentLog = Omit<Insertable<EmailDocumentosTable>, 'doc_codigo' | 'cod_email' | 'cod_usu' | 'doc_data'>;

/**
 * Records who took a document of the user's own message: the row is made from the message found
 * in scope (its code and its user), so nothing is inserted for anyone else's (false then).
 */
export async function insertDocumentLog(db: Kysely<DB>, scope: TenantScope, cod_email: number, doc: DocumentLog): Promise<boolean> {
  const result = await db
    .insertInto('email_documentos')
    .columns([
      'cod_email',
      'cod_usu',
      'doc_tipo',
      'doc_usuario_nome',
      'doc_usuario_login',
      'doc_nome_informado',
      'doc_email_informado',
      'doc_ip',
      'doc_user_agent',
      'doc_sha256',
    ])
    .expression(
      db
        .selectFrom('emails as m')
        .select((eb) => [
          'm.ema_uni_codigo',
          'm.cod_usu',
          eb.val(doc.doc_tipo).as('doc_tipo'),
          eb.val(doc.doc_usuario_nome).as('doc_usuario_nome'),
          eb.val(doc.doc_usuario_login).as('doc_usuario_login'),
          eb.val(doc.doc_nome_informado ?? null).as('doc_nome_informado'),
          eb.val(doc.doc_email_informado ?? null).as('doc_email_informado'),
          eb.val(doc.doc_ip ?? null).as('doc_ip'),
          eb.val(doc.doc_user_agent ?? null).as('doc_user_agent'),
          eb.val(doc.doc_sha256).as('doc_sha256'),
        ])
        .where(scope.own('m'))
        .where('m.ema_uni_codigo', '=', cod_email),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
