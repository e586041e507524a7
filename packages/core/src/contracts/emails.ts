import { isEmail } from '../validators/email.ts';
import { z } from '../zod.ts';
import { type CascadeRowChannels, cascadePlan, cascadeRowProblem } from './cascade.ts';
import { dbId, listQuerySchema } from './common.ts';
import { letterAddress } from './letter.ts';
import { oficioSchema } from './oficio.ts';
import { senderNameProblem } from './senders.ts';
import { type Channel, type StatusType, statusTypeSchema } from './statuses.ts';

/** Texts of spec 001 §5 and §8 for composing and sending. */
export const EMAIL_MSG = {
  maxRecipients: 'Você atingiu o limite máximo de destinatários (10)',
  duplicateRecipient: 'Este email já foi adicionado aos destinatários.',
  recipientEmailInvalid: 'O e-mail informado não parece válido',
  recipientEmailRequired: 'Informe o e-mail do destinatário.',
  recipientContactRequired: 'Informe o e-mail, o SMS ou o WhatsApp do destinatário.',
  recipientNameRequired: 'Informe o nome do destinatário.',
  smsInvalid: 'Informe um celular válido com DDD para o SMS.',
  whatsappInvalid: 'Informe um número de WhatsApp válido.',
  securityQuestion: 'Informe a pergunta e a resposta de segurança.',
  subjectRequired: 'Informe o assunto.',
  subjectTooLong: 'O assunto deve ter no máximo 180 caracteres.',
  contentRequired: 'Informe o conteúdo da mensagem.',
  contentTooLarge: 'O corpo do e-mail excede o limite de 12MB. Verifique o tamanho das imagens que o compõem.',
  identificationTooLong: 'A identificação deve ter no máximo 120 caracteres.',
  attachmentRequired: 'Você deve selecionar um ou mais anexos',
  tooManyAttachments: 'Limite excedido de anexos, maximo de 20 anexos',
  attachmentType: 'Tipo de Arquivos não permitido',
  attachmentsTooLarge: 'Excedeu o limite de anexos',
  channelUnavailable: 'O envio por SMS, WhatsApp e voz ainda não está disponível nesta instalação.',
  whatsappNotAllowed: 'O envio por WhatsApp não está habilitado para esta conta.',
  vozInvalid: 'Informe um telefone válido com DDD para o AR-Voz.',
  vozNotAllowed: 'O envio por AR-Voz não está habilitado para esta conta.',
  sendFailed: 'Houve um erro ao enviar o e-mail',
  /** The disabled 'Enviar' says why on hover and focus (issue 43): this, then each unmet rule. */
  sendBlocked: 'Para enviar:',
  creditsLoading: 'Aguarde: consultando os seus créditos.',
  sent: (product: string) =>
    `Em processamento... Obrigado por utilizar o ${product} para enviar suas comunicações com validade jurídica. Seu AR-Email está sendo enviado.`,
} as const;

export const MAX_RECIPIENTS = 10;
export const MAX_ATTACHMENTS = 20;
/** Default total attachment size, 12 MB (12 × 1024 KB); usu_limite_anexo (MB) overrides it. */
export const DEFAULT_ATTACHMENT_LIMIT_MB = 12;
export const RECIPIENT_NAME_MAX = 14;
/** Field limits of the compose form (spec 001 §5, §9): the schema below and the form's inputs use these. */
export const RECIPIENT_EMAIL_MAX = 150;
export const SECURITY_QUESTION_MAX = 60;
export const SECURITY_ANSWER_MAX = 200;
export const EMAIL_SUBJECT_MAX = 180;
export const EMAIL_IDENTIFICATION_MAX = 120;

/** Valid area codes for SMS (spec 001 §9). */
export const SMS_AREA_CODES: ReadonlySet<number> = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53, 54, 55,
  61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

export const onlyDigits = (s: string) => s.replace(/\D/g, '');

/** Brazilian mobile for SMS: 11 digits, a valid area code, third digit 9. */
export function isSmsMobile(value: string): boolean {
  const d = onlyDigits(value);
  return d.length === 11 && SMS_AREA_CODES.has(Number(d.slice(0, 2))) && d[2] === '9';
}

/** WhatsApp: the masked value has at least 14 characters — (##) ####-#### or longer, or +## (##) #####-####. */
export function isWhatsappNumber(value: string): boolean {
  const d = onlyDigits(value);
  return value.trim().length >= 14 && d.length >= 10 && d.length <= 13;
}

/** AR-Voz: a Brazilian number with a valid area code, mobile (11 digits, third 9) or landline (10 digits): a call reaches both. */
export function isVoiceNumber(value: string): boolean {
  const d = onlyDigits(value);
  if (!SMS_AREA_CODES.has(Number(d.slice(0, 2)))) return false;
  return (d.length === 11 && d[2] === '9') || (d.length === 10 && d[2] !== '0' && d[2] !== '1');
}

const channelTarget = z.object({ name: z.string().max(80).optional(), mobile: z.string().max(20) });

export const composeRecipient = z.object({
  to: z.string().trim().max(RECIPIENT_EMAIL_MAX).optional().default(''),
  nameTo: z
    .string({ error: EMAIL_MSG.recipientNameRequired })
    .trim()
    .min(1, EMAIL_MSG.recipientNameRequired)
    .transform((s) => s.slice(0, RECIPIENT_NAME_MAX)),
  leadSelected: dbId().nullish(),
  sms: channelTarget.nullish(),
  whatsapp: channelTarget.nullish(),
  /** AR-Voz: the number called (the spec's voz_payload.numberTo; docs/voice.md). */
  voz: channelTarget.nullish(),
  /** AR-Carta: the postal address of a registered letter to this recipient (docs/letters.md). */
  carta: letterAddress.nullish(),
  validacaoNotif: z
    .object({ pergunta: z.string().trim().max(SECURITY_QUESTION_MAX), resposta: z.string().trim().max(SECURITY_ANSWER_MAX) })
    .nullish()
    .refine((v) => !v || (v.pergunta.length > 0 && v.resposta.length > 0), EMAIL_MSG.securityQuestion),
});
export type ComposeRecipient = z.output<typeof composeRecipient>;

const composeFields = z.object({
  destinataires: z
    .array(composeRecipient, { error: EMAIL_MSG.recipientContactRequired })
    .min(1, EMAIL_MSG.recipientContactRequired)
    .max(MAX_RECIPIENTS, EMAIL_MSG.maxRecipients),
  nameFrom: z.string({ error: 'Informe o remetente.' }).superRefine((v, ctx) => {
    const problem = senderNameProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  from: z.string().trim().max(150).optional(),
  identificacao: z.string().trim().max(EMAIL_IDENTIFICATION_MAX, EMAIL_MSG.identificationTooLong).optional().default(''),
  subject: z
    .string({ error: EMAIL_MSG.subjectRequired })
    .trim()
    .min(1, EMAIL_MSG.subjectRequired)
    .max(EMAIL_SUBJECT_MAX, EMAIL_MSG.subjectTooLong),
  /** The rich-text body; with `oficio` the server renders the body from the notice's fields instead. */
  content: z
    .string({ error: EMAIL_MSG.contentRequired })
    .max(12 * 1024 * 1024, EMAIL_MSG.contentTooLarge)
    .optional()
    .default(''),
  /** A legal notice (spec 001 §2.12): the structured form in place of the free body. */
  oficio: oficioSchema.nullish(),
  codModeloSelected: dbId().nullish(),
  etiquetasSelected: z.array(dbId()).max(100).optional().default([]),
  /** uuids answered by POST /emails/attachments. */
  attachments: z.array(z.string().uuid()).max(MAX_ATTACHMENTS, EMAIL_MSG.tooManyAttachments).optional().default([]),
  codEmailReply: dbId().nullish(),
  codEmailReplyBase: dbId().nullish(),
  sendNotification: z.boolean().optional(),
  /** The channel cascade (docs/cascade.md): the CPC art. 246 preset or a custom ladder; none sends every channel at once. */
  cascata: cascadePlan.nullish(),
});
/** POST /emails/send: a body is required unless the message is a legal notice. */
export const composeBody = composeFields.superRefine((body, ctx) => {
  if (!body.oficio && !htmlHasContent(body.content))
    ctx.addIssue({ code: 'custom', path: ['content'], message: EMAIL_MSG.contentRequired });
});
export type ComposeBody = z.input<typeof composeBody>;
export type ComposeValues = z.output<typeof composeBody>;

/** Whether a rich-text body says anything: text other than tags and spaces, or an image. */
export function htmlHasContent(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim().length > 0 || /<img\s/i.test(html)
  );
}

/**
 * One recipient's contact rules (spec 001 §5): a valid e-mail not among `taken` (the other rows'
 * addresses, lower case), or — when the user's setting allows — an SMS or WhatsApp number instead;
 * the numbers that are given must be valid. The compose screen and the server both call it.
 */
export function recipientContactProblem(
  r: Pick<ComposeRecipient, 'to' | 'sms' | 'whatsapp'> & Partial<Pick<ComposeRecipient, 'voz'>>,
  user: { set_envia_email_obrigatorio: boolean },
  taken: ReadonlySet<string>,
): string | null {
  const hasSms = !!r.sms?.mobile;
  const hasWhats = !!r.whatsapp?.mobile;
  const hasVoz = !!r.voz?.mobile;
  if (r.to) {
    if (!isEmail(r.to)) return EMAIL_MSG.recipientEmailInvalid;
    if (taken.has(r.to.toLowerCase())) return EMAIL_MSG.duplicateRecipient;
  } else if (user.set_envia_email_obrigatorio) {
    return EMAIL_MSG.recipientEmailRequired;
  } else if (!hasSms && !hasWhats && !hasVoz) {
    return EMAIL_MSG.recipientContactRequired;
  }
  if (hasSms && !isSmsMobile(r.sms?.mobile ?? '')) return EMAIL_MSG.smsInvalid;
  if (hasWhats && !isWhatsappNumber(r.whatsapp?.mobile ?? '')) return EMAIL_MSG.whatsappInvalid;
  if (hasVoz && !isVoiceNumber(r.voz?.mobile ?? '')) return EMAIL_MSG.vozInvalid;
  return null;
}

/** The account's setting 'attachment required' (usu_anexo_obrigatorio): a send without one is refused. */
export function attachmentRequiredProblem(attachments: number, user: { usu_anexo_obrigatorio: 'S' | 'N' }): string | null {
  return user.usu_anexo_obrigatorio === 'S' && attachments === 0 ? EMAIL_MSG.attachmentRequired : null;
}

/**
 * The account's channel flags (spec 001 §6; docs/voice.md): AR-WhatsApp and AR-Voz only for an
 * account that accepts them. `uses` says whether the send (or a saved plan) would go by a channel.
 */
export function accountChannelProblem(
  user: { usu_aceita_ar_whatsapp: boolean; usu_aceita_ar_voz: boolean },
  uses: (channel: 'whatsapp' | 'voz') => boolean,
): string | null {
  if (!user.usu_aceita_ar_whatsapp && uses('whatsapp')) return EMAIL_MSG.whatsappNotAllowed;
  if (!user.usu_aceita_ar_voz && uses('voz')) return EMAIL_MSG.vozNotAllowed;
  return null;
}

/** Which channels a recipient row carries (a filled number or address). */
export function recipientChannels(r: Pick<ComposeRecipient, 'to' | 'sms' | 'whatsapp' | 'voz' | 'carta'>): CascadeRowChannels {
  return { email: !!r.to, sms: !!r.sms?.mobile, whatsapp: !!r.whatsapp?.mobile, voz: !!r.voz?.mobile, carta: !!r.carta };
}

/** Rules that need the whole payload or the user's settings (the server's check of a send). */
export function composeProblems(
  body: ComposeValues,
  user: { set_envia_email_obrigatorio: boolean; usu_anexo_obrigatorio: 'S' | 'N' },
): string | null {
  const seen = new Set<string>();
  for (const r of body.destinataires) {
    const problem = recipientContactProblem(r, user, seen);
    if (problem) return problem;
    if (r.to) seen.add(r.to.toLowerCase());
    // A cascade's steps need their channel's target on every row (docs/cascade.md).
    const cascade = body.cascata ? cascadeRowProblem(body.cascata, recipientChannels(r)) : null;
    if (cascade) return cascade;
  }
  return attachmentRequiredProblem(body.attachments.length, user);
}

export const SENT_COLUMNS = ['ema_uni_codigo', 'ema_uni_to', 'ema_uni_subject', 'ema_uni_identificacao', 'ema_uni_data_criacao'] as const;

export const sentListQuery = listQuerySchema({
  columns: SENT_COLUMNS,
  defaultColumn: 'ema_uni_codigo',
  defaultOrder: 'DESC',
  defaultLimit: 25,
  maxLimit: 100,
}).extend({
  searchTags: z
    .union([dbId(), z.array(dbId()).max(100)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  searchStatus: z
    .string()
    .max(2000)
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return {} as Partial<Record<Channel, StatusType[]>>;
      try {
        const parsed = z
          .partialRecord(z.enum(['email', 'sms', 'whatsapp', 'voz', 'carta']), z.array(statusTypeSchema))
          .parse(JSON.parse(raw));
        return parsed as Partial<Record<Channel, StatusType[]>>;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Filtro de status inválido.' });
        return z.NEVER;
      }
    }),
});
export type SentListQuery = z.output<typeof sentListQuery>;

export const tagCodesBody = z.array(dbId()).min(1).max(100);
