import type { LetterAddress, Oficio } from '@ar/core';
import type { Generated } from 'kysely';
import type { Json, Timestamp } from './schema-columns.ts';

/* AR messages and their evidence (migrations 0005, 0007-0010; docs/emails.md, evidence.md, inbound.md): attachments, messages, tags, links, events, time stamps, the blacklist, received mail, proofs. */

/** AR messages and their evidence (migration 0005-emails). */
export interface AnexosTable {
  ane_codigo: Generated<number>;
  ane_uuid: Generated<string>;
  cod_usu: number;
  ane_nome_original: string;
  ane_mime: string;
  ane_tamanho: number;
  ane_sha256: string;
  ane_chave: string;
  ane_data_criacao: Generated<Date>;
}

export interface EmailAttachmentRef {
  uuidFilename: string;
  originalFilename: string;
  mime: string;
  size: number;
  sha256: string;
  pathS3: string;
}

export interface EmailsTable {
  ema_uni_codigo: Generated<number>;
  ema_uni_id: Generated<string>;
  cod_usu: number;
  cod_ger_entidade: number | null;
  ema_uni_envio: string;
  ema_uni_origem: Generated<string>;
  ema_uni_name_from: string;
  ema_uni_from: string;
  ema_uni_name_to: string;
  ema_uni_to: string | null;
  ema_uni_subject: string;
  ema_uni_content: string;
  ema_uni_content_sha256: string;
  ema_uni_identificacao: Generated<string>;
  ema_uni_sms: Json<{ number: string; messageContent: string } | null>;
  ema_uni_whatsapp: Json<{ numberReceived: string; content: string } | null>;
  /** AR-Voz: the number called (E.164) and the name given (migration 0024); not part of the message hash (docs/voice.md). */
  ema_uni_voz: Json<{ numberTo: string; name: string | null } | null>;
  ema_uni_attachments: Json<{ attachments: EmailAttachmentRef[] }>;
  ema_verif_pergunta: string | null;
  ema_verif_resposta: string | null;
  cod_ger_modelo: number | null;
  cod_lead: number | null;
  ema_uni_cod_email_reply: number | null;
  ema_uni_cod_email_reply_base: number | null;
  ema_uni_creditos: Generated<number>;
  ema_uni_data_criacao: Generated<Date>;
  ema_status_email: string | null;
  ema_status_sms: string | null;
  ema_status_whatsapp: string | null;
  ema_status_voz: string | null;
  /** AR-Carta (migration 0027-cartas): the address the letter went to, its status and statuses reached. */
  ema_uni_carta: Json<LetterAddress | null>;
  ema_status_carta: string | null;
  ema_alcance_carta: Generated<number>;
  /** The statuses each channel has reached, one bit each (REACHED_BITS; migration 0015). */
  ema_alcance_email: Generated<number>;
  ema_alcance_sms: Generated<number>;
  ema_alcance_whatsapp: Generated<number>;
  ema_alcance_voz: Generated<number>;
  ema_uni_busca: Generated<string>;
  /** SHA-256 of what was sent (evidence/canonical.ts), fixed with the first event (migration 0007). */
  ema_uni_hash: string | null;
  /** The legal notice's fields (@ar/core Oficio), null for other messages (migration 0013-emails-oficio). */
  ema_uni_oficio: Json<Oficio | null>;
}

export interface EmailEtiquetasTable {
  cod_email: number;
  cod_etiqueta: number;
}

export interface EmailLinksTable {
  lnk_uuid: Generated<string>;
  cod_email: number;
  lnk_url: string;
}

export interface EmailEventosTable {
  evt_codigo: Generated<number>;
  cod_email: number;
  evt_canal: 'email' | 'sms' | 'whatsapp' | 'voz' | 'carta';
  evt_tipo: string;
  evt_data: Generated<Date>;
  evt_ip: string | null;
  evt_user_agent: string | null;
  evt_detalhes: Json<Record<string, unknown>>;
  /** Evidence (migration 0007-evidence; docs/evidence.md): position in the message's chain, place, hashes. */
  evt_seq: number;
  evt_cidade: string | null;
  evt_estado: string | null;
  evt_pais: string | null;
  evt_lat: number | null;
  evt_lng: number | null;
  evt_hash_anterior: string;
  evt_hash: string;
}

/** RFC 3161 time stamps of events (migration 0007-evidence). Append-only. */
export interface EmailCarimbosTable {
  car_codigo: Generated<number>;
  evt_codigo: number;
  car_token: Uint8Array;
  car_token_sha256: string;
  car_serial: string;
  car_gen_time: Timestamp;
  car_tsa: string;
  car_tsa_url: string | null;
  car_data: Generated<Date>;
}

/** The operator's blacklist of recipients (migration 0008-blacklist; docs/emails.md). */
export interface BlacklistTable {
  bla_codigo: Generated<number>;
  bla_tipo: 'email' | 'dominio';
  /** Lower case: a whole address, or a domain (which also covers its subdomains). */
  bla_valor: string;
  bla_motivo: string;
  bla_data_criacao: Generated<Date>;
}

/** Messages received by inbound SMTP, each tied to the AR-Email it answers (migration 0009-received; docs/inbound.md). */
export interface EmailsRecebidosTable {
  rec_codigo: Generated<number>;
  rec_uuid: Generated<string>;
  cod_usu: number;
  cod_email_reply_base: number;
  rec_from: string;
  rec_name_from: Generated<string>;
  rec_to: string;
  rec_envelope_from: Generated<string>;
  rec_subject: Generated<string>;
  /** HTML sanitised for display (inbound/sanitize-received.ts). */
  rec_content: Generated<string>;
  rec_text: Generated<string>;
  rec_message_id: string | null;
  rec_in_reply_to: string | null;
  rec_references: string | null;
  rec_attachments: Json<{ attachments: ReceivedAttachmentRef[] }>;
  /** An automatic answer (Auto-Submitted): kept, but not an 'answered' event. */
  rec_automatica: Generated<boolean>;
  rec_data_criacao: Timestamp;
  rec_data_recebimento: Generated<Date>;
  rec_data_visualizacao: Date | null;
  rec_visualizacao: Json<Record<string, unknown> | null>;
  rec_ip: string | null;
  rec_tamanho: number;
  rec_sha256: string;
  rec_eml_chave: string;
  rec_busca: Generated<string>;
}

export interface ReceivedAttachmentRef {
  originalFilename: string;
  uuidFilename: string;
  pathS3: string;
  mime: string;
  size: number;
  sha256: string;
}

/** Sending proofs and expert reports handed out, and by whom (migration 0010-proofs). Append-only. */
export interface EmailDocumentosTable {
  doc_codigo: Generated<number>;
  cod_email: number;
  cod_usu: number;
  doc_tipo: 'comprovante' | 'laudo' | 'comprovante-lote';
  /** The bulk proof a single proof went into (migration 0019-bulk-proofs). */
  cod_comprovante: number | null;
  doc_usuario_nome: string;
  doc_usuario_login: string;
  doc_nome_informado: string | null;
  doc_email_informado: string | null;
  doc_ip: string | null;
  doc_user_agent: string | null;
  doc_sha256: string;
  doc_data: Generated<Date>;
}
