import { createHash, randomUUID } from 'node:crypto';
import {
  type ComposeValues,
  composeSmsText,
  composeWhatsappText,
  type LetterAddress,
  oficioSearchText,
  publicPageLink,
  type RecipientChannels,
  recipientUnits,
  type SendResponse,
  VOICE_MIN_CREDITS,
} from '@ar/core';
import type { Insertable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { CreditResult } from '../credits/credits.service.ts';
import type { findComposer } from './emails.queries.ts';
import { extractLinks } from './render.ts';

/** The stored rows of a send (compose's or a batch file's): one message row per recipient, its protocol, texts and units. */

/** What the messages of one send share: compose's one form, or one batch file (modules/remessas). */
export interface SendCommon {
  user: Composer;
  /** The send's id (ema_uni_envio); its debit and refunds are under the ledger reference envio:<id>. */
  envio: string;
  origem: 'web' | 'resposta' | 'remessa';
  nameFrom: string;
  fromAddress: string;
  attachmentRefs: { uuidFilename: string; originalFilename: string; mime: string; size: number; sha256: string; pathS3: string }[];
  tags: { eti_codigo: number }[];
  processedDetails: Record<string, unknown>;
  reply: { codEmailReply: number | null; codEmailReplyBase: number | null };
  oficio: ComposeValues['oficio'] | null;
}

export type Composer = Awaited<ReturnType<typeof findComposer>>;

/** One recipient's message: its content already personalised and sanitised (personalMessageHtml). */
export interface OutgoingMessage {
  /** '' for a message without e-mail (SMS or WhatsApp only, when the account allows it). */
  to: string;
  /** The SMS and WhatsApp numbers (E.164), when those channels go too; their texts need `publicUrl`. */
  sms?: string | null;
  whatsapp?: string | null;
  /** AR-Carta: the postal address of the letter (docs/letters.md). */
  carta?: LetterAddress | null;
  /** AR-Voz: the number called (E.164) and the name given (docs/voice.md). */
  voz?: { numberTo: string; name: string | null } | null;
  publicUrl?: string;
  nameTo: string;
  subject: string;
  content: string;
  identificacao: string;
  verification: { pergunta: string; resposta: string } | null;
  cod_ger_modelo: number | null;
  cod_lead: number | null;
}

/** The channels a stored message goes on (its row's targets), as compose and the batch file count their units. */
export function channelsOfValues(v: MessageValues): Required<RecipientChannels> {
  return { email: !!v.ema_uni_to, sms: !!v.ema_uni_sms, whatsapp: !!v.ema_uni_whatsapp, voz: !!v.ema_uni_voz, carta: !!v.ema_uni_carta };
}

/** Any channel besides the e-mail: the message has one 'processed' event and job per channel, stored step by step. */
export const goesBeyondEmail = (v: MessageValues): boolean => !!(v.ema_uni_sms || v.ema_uni_whatsapp || v.ema_uni_voz || v.ema_uni_carta);

/**
 * Spec 001 §5/§9: a call needs at least VOICE_MIN_CREDITS in a credit plan, whatever it costs (the
 * balance before this debit, read under the debit's lock; an invoiced plan counts usage).
 */
export const belowVoiceMinimum = (debited: CreditResult, units: number): boolean =>
  debited.tipoPlano === '1' && debited.total + units < VOICE_MIN_CREDITS;

/** THE row of one message, with its protocol (uuid) made here so the rows of one insert are matched back to their recipients. */
export function messageValues(common: SendCommon, m: OutgoingMessage): MessageValues {
  const oficio = common.oficio;
  const uuid = randomUUID();
  // The phone channels' texts are fixed here, with the message: they are part of its hash.
  const sms =
    m.sms && m.publicUrl
      ? { number: m.sms, messageContent: composeSmsText(common.nameFrom, publicPageLink(m.publicUrl, uuid, 'sms')) }
      : null;
  const whatsapp =
    m.whatsapp && m.publicUrl
      ? {
          numberReceived: m.whatsapp,
          content: composeWhatsappText(common.nameFrom, m.subject, publicPageLink(m.publicUrl, uuid, 'whatsapp')),
        }
      : null;
  return {
    ema_uni_id: uuid,
    cod_usu: common.user.usu_codigo,
    cod_ger_entidade: common.user.cod_ger_entidade,
    ema_uni_envio: common.envio,
    ema_uni_origem: common.origem,
    ema_uni_name_from: common.nameFrom,
    ema_uni_from: common.fromAddress,
    ema_uni_name_to: m.nameTo,
    ema_uni_to: m.to || null,
    ema_uni_subject: m.subject.slice(0, 180),
    ema_uni_content: m.content,
    ema_uni_content_sha256: createHash('sha256').update(m.content).digest('hex'),
    ema_uni_identificacao: m.identificacao,
    ema_uni_attachments: JSON.stringify({ attachments: common.attachmentRefs }),
    ema_verif_pergunta: m.verification?.pergunta ?? null,
    ema_verif_resposta: m.verification?.resposta ?? null,
    cod_ger_modelo: m.cod_ger_modelo,
    cod_lead: m.cod_lead,
    ema_uni_cod_email_reply: common.reply.codEmailReply,
    ema_uni_cod_email_reply_base: common.reply.codEmailReplyBase,
    ema_uni_sms: sms ? JSON.stringify(sms) : null,
    ema_uni_whatsapp: whatsapp ? JSON.stringify(whatsapp) : null,
    ema_uni_carta: m.carta ? JSON.stringify(m.carta) : null,
    ema_uni_voz: m.voz ? JSON.stringify(m.voz) : null,
    ema_uni_creditos: recipientUnits({ email: !!m.to, sms: !!sms, whatsapp: !!whatsapp, voz: !!m.voz, carta: !!m.carta }),
    ema_uni_busca: [
      m.to,
      sms?.number ?? '',
      whatsapp?.numberReceived ?? '',
      m.voz?.numberTo ?? '',
      m.subject,
      m.identificacao,
      oficio ? oficioSearchText(oficio) : '',
    ]
      .join(' ')
      .toLowerCase(),
    ema_uni_oficio: oficio ? JSON.stringify(oficio) : null,
  };
}

export type MessageValues = Insertable<DB['emails']> & { ema_uni_id: string; ema_uni_content: string; ema_uni_to: string | null };

/** The tracked links of each message (its own content) and the send's tags on each, once the messages have their codes. */
export function linksAndLabels(values: MessageValues[], codes: number[], tags: { eti_codigo: number }[]) {
  return {
    links: codes.flatMap((cod_email, i) => extractLinks(values[i]?.ema_uni_content ?? '').map((url) => ({ cod_email, lnk_url: url }))),
    labels: codes.flatMap((cod_email) => tags.map((t) => ({ cod_email, cod_etiqueta: t.eti_codigo }))),
  };
}

/** What a send stored: one message (and protocol) per recipient, and the credits it cost (presentSend answers it). */
export interface SentSummary {
  emails: SendResponse['emails'];
  creditos: number;
}
