import type { CascadeCondition } from '@ar/core';
import type { Generated } from 'kysely';
import type { Json, Timestamp } from './schema-columns.ts';

/* The channels besides e-mail (docs/channels.md, voice.md, letters.md, cascade.md): the cascade's steps, letters, calls, the providers' messages and events, replies without a destination, the simulator's phone. */

/** The steps of a message's channel cascade (migration 0028-cascata, docs/cascade.md). */
export interface CascataEtapasTable {
  cod_email: number;
  eta_ordem: number;
  eta_canal: string;
  eta_condicao: Json<CascadeCondition | null>;
  eta_situacao: Generated<string>;
  eta_desde: Timestamp | null;
  eta_prazo: Timestamp | null;
  eta_decidida: Timestamp | null;
  eta_motivo: string | null;
  eta_creditos: Generated<number>;
}

/** AR-Carta's letters (migration 0027-cartas): the PDF, the provider's id, the S10 code, the digital AR. */
export interface CartasTable {
  cod_email: number;
  pdf_chave: string;
  pdf_sha256: string;
  paginas: number;
  provedor: string | null;
  id_provedor: string | null;
  rastreio: string | null;
  ar_chave: string | null;
  ar_sha256: string | null;
  ar_tipo: string | null;
  criado: Generated<Date>;
  /** When the tracking sweep last asked the provider (migration 0036). */
  consultado: Date | null;
}

/** AR-Voz: each call placed, one per try (migration 0024, docs/voice.md). */
export interface VozChamadasTable {
  call_sid: string;
  cod_email: number;
  tentativa: number;
  provedor: string;
  numero: string;
  status: Generated<string>;
  resposta: Json<unknown>;
  criado: Generated<Date>;
}

/** Each SMS or WhatsApp a provider accepted, with the provider's id for it (migration 0022-channels; docs/channels.md). */
export interface MensagensProvedorTable {
  cod_email: number;
  canal: 'sms' | 'whatsapp';
  provedor: 'twilio' | 'meta' | 'zenvia';
  id_provedor: string;
  /** The number called, E.164. */
  numero: string;
  /** The provider's answer to the send, as given. */
  resposta: Json<unknown>;
  criado: Generated<Date>;
}

/** Each provider event applied, by the provider's key for it: a callback delivered twice is recorded once (migration 0022-channels). */
export interface ProvedorEventosTable {
  /** 'carta': a letter provider's tracking events (migration 0027-cartas). */
  provedor: 'twilio' | 'meta' | 'zenvia' | 'carta';
  chave: string;
  cod_email: number;
  recebido: Generated<Date>;
}

/**
 * A reply naming no message that matched open messages of more than one tenant (migration 0038;
 * docs/unassigned-replies.md, "Respostas sem referência"). Its text and payload are never shown through the API.
 */
export interface RespostasSemDestinoTable {
  rsd_codigo: Generated<number>;
  rsd_canal: 'sms' | 'whatsapp';
  rsd_provedor: 'twilio' | 'meta' | 'zenvia';
  /** The provider's key of the event (a redelivery is kept once). */
  rsd_chave: string;
  /** Who wrote, E.164. */
  rsd_numero: string;
  rsd_tipo: 'answered' | 'acknowledged';
  rsd_texto: string;
  rsd_payload: Json<unknown>;
  /** The reference the reply gave (WhatsApp's context.id) when it named no message of ours. */
  rsd_referencia: string | null;
  rsd_ocorrido: Timestamp;
  rsd_recebido: Generated<Date>;
  cod_aviso: number | null;
}

/** The notice sent once per number and ambiguity asking the recipient to answer through the link (migration 0038). */
export interface RespostasAvisosTable {
  avi_codigo: Generated<number>;
  /** SHA-256 of the channel, the number and the candidate messages. */
  avi_ambiguidade: string;
  avi_canal: 'sms' | 'whatsapp';
  avi_provedor: 'twilio' | 'meta' | 'zenvia';
  avi_numero: string;
  avi_situacao: Generated<'pendente' | 'enviado' | 'falhou'>;
  avi_id_provedor: string | null;
  avi_erro: string | null;
  avi_criado: Generated<Date>;
  avi_enviado: Timestamp | null;
}

/** The provider simulator's phone: every simulated message both ways (migration 0023-simulador-telefone; docs/channels.md). */
export interface SimuladorMensagensTable {
  sim_codigo: Generated<number>;
  sim_provedor: 'twilio' | 'meta';
  sim_id_provedor: string;
  /** saida: product → phone; entrada: phone → product. */
  sim_direcao: 'saida' | 'entrada';
  sim_canal: 'sms' | 'whatsapp';
  /** The simulated phone's number, E.164. */
  sim_numero: string;
  sim_de: string;
  sim_corpo: string;
  /** WhatsApp: the template as sent ({ name, language, components }), or a button reply's payload. */
  sim_parametros: Json<Record<string, unknown> | null>;
  /** An inbound WhatsApp message's context.id (the wamid it answers). */
  sim_contexto: string | null;
  sim_status_callback: string | null;
  sim_status: string;
  sim_erro: number | null;
  sim_criado: Generated<Date>;
  sim_atualizado: Generated<Date>;
  /** An inbound message's author: the signed-in user who typed it on the phone (migration 0039). */
  sim_cod_usu: number | null;
}
