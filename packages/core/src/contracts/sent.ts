import { z } from '../zod.ts';
import { cascadeViewSchema } from './cascade.ts';
import { pagedResponse } from './common.ts';
import { labelSchema } from './labels.ts';
import { sentLetterSchema } from './letter.ts';
import { oficioEvidenceSchema } from './oficio.ts';
import { clickTrackingSchema } from './public.ts';
import { channelSchema, statusEntrySchema } from './statuses.ts';

/**
 * Response contracts of the sent messages (GET /emails/send, /emails/send/{id}, /emails/status/{id},
 * the tags of a message, the upload of attachments and POST /emails/send). Dates are ISO 8601 (UTC).
 */

/** A tag on a message: one of the user's labels. */
export const messageTagSchema = labelSchema;
export type MessageTag = z.infer<typeof messageTagSchema>;
/** POST /emails/send/{id}/etiquetas: the message's tags after the change, by name. */
export const messageTagsResponse = z.array(messageTagSchema);
export type MessageTagsResponse = z.infer<typeof messageTagsResponse>;

/** An attachment as the screens show it. */
export const attachmentRefSchema = z.object({
  uuidFilename: z.string(),
  originalFilename: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type AttachmentRef = z.infer<typeof attachmentRefSchema>;

/** POST /emails/attachments: each stored file, with the uuid a send refers to. */
export const uploadedAttachmentSchema = attachmentRefSchema.extend({ pathS3: z.string() });
export type UploadedAttachment = z.infer<typeof uploadedAttachmentSchema>;
export const uploadAttachmentsResponse = z.array(uploadedAttachmentSchema);
export type UploadAttachmentsResponse = z.infer<typeof uploadAttachmentsResponse>;

/** An attachment of a sent message as stored with it (its SHA-256 is part of the evidence). */
export const sentAttachmentSchema = uploadedAttachmentSchema.extend({ sha256: z.string() });
export type SentAttachment = z.infer<typeof sentAttachmentSchema>;

/** The SMS and WhatsApp targets of a message (null until those channels send). */
const smsTarget = z.object({ number: z.string(), messageContent: z.string() }).nullable();
const whatsappTarget = z.object({ numberReceived: z.string(), content: z.string() }).nullable();

/** A reply of the recipient on a phone channel: its text, when it came, and whether it was the WhatsApp button. */
export const phoneReplySchema = z.object({
  short_message: z.string(),
  dateTime: z.string(),
  /** 'answered' for a text, 'acknowledged' for the acknowledgment button. */
  type: z.enum(['answered', 'acknowledged']),
});
export type PhoneReply = z.infer<typeof phoneReplySchema>;

/** A channel's last failure: the provider's reason, and when (spec 001 §3 email_error / sms_error). */
export const channelErrorSchema = z.object({ reasonFailure: z.string(), dateSend: z.string() });
export type ChannelError = z.infer<typeof channelErrorSchema>;

/** A row of the sent list: per channel, its current status (null for a status the screens do not know). */
export const sentRowSchema = z.object({
  ema_uni_codigo: z.number().int(),
  ema_uni_id: z.string(),
  ema_uni_to: z.string().nullable(),
  ema_uni_name_to: z.string(),
  ema_uni_subject: z.string(),
  ema_uni_identificacao: z.string(),
  ema_uni_data_criacao: z.string(),
  ema_uni_sms: smsTarget,
  ema_uni_whatsapp: whatsappTarget,
  emailEtiquetas: z.array(messageTagSchema),
  lastStatus: z.partialRecord(channelSchema, statusEntrySchema.nullable()),
});
export type SentRow = z.infer<typeof sentRowSchema>;

export const sentListResponse = pagedResponse('emails', sentRowSchema);
export type SentListResponse = z.infer<typeof sentListResponse>;

/** One entry of a message's timeline, newest first ('whatsApp' as the screens name it). */
export const timelineEntrySchema = z.object({
  type: z.enum(['email', 'sms', 'whatsApp', 'voz', 'carta']),
  date: z.string(),
  status: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** GET /emails/status/{id}: every status per channel in order, the current one of each, and the timeline. */
export const messageStatusesResponse = z.object({
  status: z.record(channelSchema, z.array(statusEntrySchema)),
  lastStatus: z.partialRecord(channelSchema, statusEntrySchema),
  timeline: z.array(timelineEntrySchema),
});
export type MessageStatuses = z.infer<typeof messageStatusesResponse>;

/** GET /emails/send/{id}: one sent message with its statuses, timeline, attachments and tags. */
export const sentDetailSchema = z.object({
  ema_uni_codigo: z.number().int(),
  ema_uni_id: z.string(),
  ema_uni_name_from: z.string(),
  ema_uni_from: z.string(),
  ema_uni_name_to: z.string(),
  ema_uni_to: z.string().nullable(),
  ema_uni_subject: z.string(),
  ema_uni_content: z.string(),
  ema_uni_identificacao: z.string(),
  /** A legal notice's fields and whether they match the hash chained when it was sent; null for other messages. */
  oficio: oficioEvidenceSchema.nullable(),
  ema_uni_data_criacao: z.string(),
  /** 'web', or 'resposta' for an answer to a received message. */
  ema_uni_origem: z.string(),
  ema_uni_attachments: z.object({ attachments: z.array(sentAttachmentSchema) }),
  ema_uni_sms: smsTarget,
  ema_uni_whatsapp: whatsappTarget,
  cod_ger_modelo: z.number().int().nullable(),
  hasAttachments: z.boolean(),
  hasVerification: z.boolean(),
  verification: z.object({ ema_verif_pergunta: z.string(), ema_verif_resposta: z.string().nullable() }).nullable(),
  emailEtiquetas: z.array(messageTagSchema),
  /** The last e-mail failure: the relay's or the remote server's reason, and when. */
  email_error: channelErrorSchema.nullable(),
  /** The SMS's number and the recipient's replies, in order (spec 001 §3 smsStatus); null without an SMS. */
  smsStatus: z.object({ number: z.string(), answers: z.array(phoneReplySchema) }).nullable(),
  /** The last SMS failure (the provider's reason), and when. */
  sms_error: channelErrorSchema.nullable(),
  /** The WhatsApp number and the recipient's replies and button presses, in order; null without a WhatsApp. */
  whatsappStatus: z.object({ numberReceived: z.string(), answers: z.array(phoneReplySchema) }).nullable(),
  /** The acknowledgment button the recipient pressed on WhatsApp (its text), and when; null until pressed. */
  ema_uni_whatsapp_status: z.object({ text: z.string(), dateTime: z.string() }).nullable(),
  /** The last WhatsApp failure (the provider's reason), and when. */
  whatsapp_error: channelErrorSchema.nullable(),
  /** AR-Carta (spec 001 §2.7, §3): whether the message has a letter, where it went and its S10 code, its last failure. */
  hasCartas: z.boolean(),
  carta: sentLetterSchema.nullable(),
  carta_error: channelErrorSchema.nullable(),
  /** The letter's public page (PDF and, once delivered, the digital AR); null without a letter. */
  linkArCartaComprovante: z.string().nullable(),
  /** AR-Voz (docs/voice.md): whether the message went by a call, the number called (spec 001 §3 voz_payload.numberTo). */
  hasVoice: z.boolean(),
  voz_payload: z.object({ numberTo: z.string() }).nullable(),
  /**
   * The call's panel: the number, the current status, how many tries were placed, and the
   * recording's public page (linkAtendimento, null until a recording is stored) with its SHA-256.
   */
  detalhesVoz: z
    .object({
      numero: z.string(),
      status: z.string().nullable(),
      tentativas: z.number().int(),
      linkAtendimento: z.string().nullable(),
      gravacaoSha256: z.string().nullable(),
    })
    .nullable(),
  /** The call's failure (the provider's reason), and when. */
  voz_error: channelErrorSchema.nullable(),
  /** The channel cascade (docs/cascade.md): its plan and where each step stands; null without one. */
  cascata: cascadeViewSchema.nullable().optional(),
  /**
   * The tracking panel (spec 001 §2.7): the recipient's located reads, clicks, downloads and
   * acceptances, per channel, oldest first; null when the user may not view geolocation
   * (usu_visualizar_geolocalizacao), so neither the panel nor its map is drawn.
   */
  tracking: z.array(clickTrackingSchema).nullable(),
  ...messageStatusesResponse.shape,
});
export type SentDetail = z.infer<typeof sentDetailSchema>;

/** POST /emails/send: one message (and protocol) per recipient, and the credits the send cost. */
export const sendResponse = z.object({
  message: z.string(),
  emails: z.array(z.object({ ema_uni_codigo: z.number().int(), ema_uni_id: z.string(), ema_uni_to: z.string().nullable() })),
  creditos: z.number().int(),
});
export type SendResponse = z.infer<typeof sendResponse>;
